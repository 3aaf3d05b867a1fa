import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { COLLECTION_SPECS } from '@/lib/admin/collection-specs';
import { EVENT_TABS, eventTabHref } from '@/lib/admin/event-tabs';
import { expect, test } from './support/fixtures';
import { Client } from './support/server-actions';
import { E2E_PREVIEW_SECRET, startSite, type RunningSite } from './support/server';
import { createSuperAdmin } from './support/membership-staff';

/**
 * The console on a phone (390 px), walked page by page with the seeded content, an event with
 * registrants and an inbox: nothing runs off the screen or out of its box, no word is broken
 * in the middle (an email only at its '@' or a '.'), no select or placeholder is cut, no
 * browser file input says 'No file chosen' beside a picture, and no count says '1 no-shows'.
 * Deactivating an account and marking several messages handled ask with the console's own
 * confirmation, never the browser's; another lead's event answers 403 and says why.
 *
 * CONSOLE_SHOTS=<folder> also saves each page at 390 and 1280 px, to look at.
 */

const ADMIN = { name: 'Mei Chen', email: 'mei.chen@example.org', password: 'lantern moon 2026!' };
const LEAD = { name: 'Sam Lee', email: 'sam.lee@example.org', password: 'dumpling river 88' };
/** Registrants whose addresses are long enough to be broken on a door card. */
const PEOPLE = [
  { first: 'Jonathan', last: 'Chen', email: 'jonathan.chen.2027@uottawa.ca' },
  { first: 'Xiaoling', last: 'Ouyang-Whitfield', email: 'xiaoling.ouyang@example.org' },
  { first: 'Wei', last: 'Lam', email: 'wei.lam@example.org' },
];
const MESSAGES = [
  {
    sender_name: 'Lin Xu',
    sender_email: 'lin.xu@example.org',
    message: 'Is there a Lunar New Year gala this winter?',
  },
  {
    sender_name: 'Hao Zhang',
    sender_email: 'hao.zhang@example.org',
    message: 'Can I volunteer at the next event?',
  },
  {
    sender_name: 'Yu Wang',
    sender_email: 'yu.wang@example.org',
    message: 'Where do I pick up my membership card?',
  },
];

/**
 * What is wrong with the page's layout on this screen, in words (empty when nothing is). Run in
 * the browser.
 */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const describe = (element: Element) => {
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
    const classes = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
    return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> “${text}”`;
  };
  const scrolls = (element: Element) =>
    ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(element).overflowX);
  const inScroller = (element: Element) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (scrolls(parent)) return true;
    }
    return false;
  };
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden';
  };

  if (root.scrollWidth > root.clientWidth) {
    problems.push(`the page scrolls sideways (${root.scrollWidth} px wide)`);
  }
  const overflowing: Element[] = [];
  for (const element of Array.from(document.querySelectorAll('body *'))) {
    if (!shown(element) || inScroller(element)) continue;
    const style = getComputedStyle(element);
    if (style.display === 'inline' || style.display === 'contents') continue;
    if (
      !scrolls(element) &&
      element.clientWidth > 0 &&
      element.scrollWidth > element.clientWidth + 1
    ) {
      overflowing.push(element);
    }
    if (element.getBoundingClientRect().right > root.clientWidth + 1) {
      problems.push(`runs off the screen: ${describe(element)}`);
    }
  }
  // The innermost box whose content is wider than it (its ancestors overflow because of it).
  for (const element of overflowing) {
    if (!overflowing.some((other) => other !== element && element.contains(other))) {
      problems.push(
        `its content is ${element.scrollWidth - element.clientWidth} px wider than its box: ${describe(element)}`,
      );
    }
  }

  const pen = document.createElement('canvas').getContext('2d')!;
  const room = (element: HTMLElement, reserve: number) => {
    const style = getComputedStyle(element);
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return (
      element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - reserve
    );
  };
  for (const select of Array.from(document.querySelectorAll('select'))) {
    if (!shown(select)) continue;
    // What the closed select shows; the arrow takes about 20 px.
    const text = select.selectedOptions[0]?.text ?? '';
    if (pen.measureText(text).width > room(select, 20)) {
      problems.push(`a select cuts its choice “${text}”`);
    }
  }
  for (const input of Array.from(
    document.querySelectorAll<HTMLInputElement>('input[placeholder]'),
  )) {
    if (!shown(input) || input.value) continue;
    if (pen.measureText(input.placeholder).width > room(input, 0)) {
      problems.push(`a placeholder is cut: “${input.placeholder}”`);
    }
  }
  for (const input of Array.from(document.querySelectorAll('input[type="file"]'))) {
    if (shown(input))
      problems.push(`the browser’s own file input shows: ${describe(input.parentElement!)}`);
  }

  // Words broken across lines: only after a hyphen or a slash, or an address at '@' or '.'.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    const parent = text.parentElement;
    if (!parent || !shown(parent) || parent.closest('select, script, style, noscript')) continue;
    for (const match of text.data.matchAll(/\S{3,}/g)) {
      const word = match[0];
      const start = match.index;
      range.setStart(text, start);
      range.setEnd(text, start + word.length);
      const lines = new Set(Array.from(range.getClientRects()).map((box) => Math.round(box.top)));
      if (lines.size < 2) continue;
      // A word longer than its whole line cannot but break.
      pen.font = getComputedStyle(parent).font;
      if (pen.measureText(word).width > parent.clientWidth) continue;
      let previousTop: number | null = null;
      for (let index = 0; index < word.length; index += 1) {
        range.setStart(text, start + index);
        range.setEnd(text, start + index + 1);
        const box = range.getClientRects()[0];
        if (!box) continue;
        if (previousTop !== null && box.top > previousTop + 2) {
          const before = word[index - 1]!;
          const after = word[index]!;
          const natural =
            /[-/–—_?&=,;@.]/.test(before) ||
            /[@.]/.test(after) ||
            // Chinese, Japanese and Korean break between any two characters.
            /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(
              before + after,
            );
          if (!natural) {
            problems.push(
              `“${word}” is broken as “${word.slice(0, index)}/${word.slice(index)}” in ${describe(parent)}`,
            );
          }
        }
        previousTop = box.top;
      }
    }
  }

  // A checkbox sits beside the first line of its words, not on a line of its own.
  for (const box of Array.from(document.querySelectorAll('label input[type="checkbox"]'))) {
    const label = box.closest('label')!;
    if (!shown(box)) continue;
    const words = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    let first: Text | null = null;
    for (let node = words.nextNode(); node && !first; node = words.nextNode()) {
      if ((node as Text).data.trim()) first = node as Text;
    }
    if (!first) continue;
    const letter = document.createRange();
    const start = first.data.search(/\S/);
    letter.setStart(first, start);
    letter.setEnd(first, start + 1);
    const line = letter.getBoundingClientRect();
    const tick = box.getBoundingClientRect();
    if (Math.abs(line.top + line.height / 2 - (tick.top + tick.height / 2)) > line.height) {
      problems.push(`a checkbox sits apart from its words: ${describe(label)}`);
    }
  }

  // A box drawn around content (a panel, a card) keeps the content off its edges.
  for (const element of Array.from(document.querySelectorAll('main *'))) {
    if (
      !shown(element) ||
      /^(INPUT|SELECT|TEXTAREA|BUTTON|IMG|VIDEO|PROGRESS)$/.test(element.tagName)
    ) {
      continue;
    }
    const style = getComputedStyle(element);
    const boxed = (['Top', 'Right', 'Bottom', 'Left'] as const).every(
      (side) =>
        parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) >= 1 &&
        style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none',
    );
    if (boxed && style.display !== 'inline' && parseFloat(style.paddingLeft) < 6) {
      if ((element.textContent ?? '').trim()) {
        problems.push(`content touches the edges of its box: ${describe(element)}`);
      }
    }
  }
  // A table read as cards on a phone: each card keeps its content off its edges.
  const flush = Array.from(document.querySelectorAll('tbody tr')).filter((row) => {
    const style = getComputedStyle(row);
    return shown(row) && style.display === 'block' && parseFloat(style.paddingLeft) < 8;
  });
  if (flush.length > 0) {
    problems.push(`${flush.length} list rows have no inner padding, as ${describe(flush[0]!)}`);
  }

  const words = document.body.innerText.match(
    /\b1 (no-shows|people|registrants|messages|places|events|submissions|emails|registrations|members|rows|tries|wrong passwords|cancellations)\b/g,
  );
  for (const slip of words ?? []) problems.push(`“${slip}”`);
  return problems;
}

test.describe('the console on a phone', () => {
  // In order, in one worker, each test going on after another fails.
  test.describe.configure({ mode: 'default' });
  test.skip(({ viewport }) => (viewport?.width ?? 1280) > 600, 'the console at 390 px');
  test.setTimeout(240_000);

  let site: RunningSite;
  let context: BrowserContext;
  let admin: Page;
  let eventId: number;
  let leadId: string;
  const shots = process.env.CONSOLE_SHOTS;

  test.beforeAll(async ({ browser }) => {
    site = await startSite();
    context = await browser.newContext({
      baseURL: site.baseURL,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.60' },
    });
    admin = await context.newPage();
    if (shots) mkdirSync(shots, { recursive: true });
    await setUp(browser);
  });
  test.afterAll(async () => {
    await context?.close();
    await site?.stop();
  });

  /** Saves the page at 390 px and at 1280 px when CONSOLE_SHOTS names a folder. */
  async function shoot(page: Page, name: string) {
    if (!shots) return;
    await page.screenshot({ path: path.join(shots, `${name}-390.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
  }

  /** The super admin, an event lead, three registrants of a seeded event and three messages. */
  async function setUp(browser: Browser) {
    await createSuperAdmin(site, admin, ADMIN);

    await admin.goto('/admin/accounts');
    await admin.getByLabel('Name').fill(LEAD.name);
    await admin.getByLabel('Email').fill(LEAD.email);
    await admin.getByLabel('Role').selectOption('event_lead');
    await admin.getByRole('button', { name: 'Invite' }).click();
    const link = new URL(await admin.getByLabel('Invitation link').inputValue());
    const leadContext = await browser.newContext({
      baseURL: site.baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.61' },
    });
    const lead = await leadContext.newPage();
    await lead.goto(`${link.pathname}${link.search}`);
    await lead.getByLabel('Password', { exact: true }).fill(LEAD.password);
    await lead.getByLabel('Password again').fill(LEAD.password);
    await lead.getByRole('button', { name: 'Save the password' }).click();
    await expect(lead.getByRole('heading', { name: `Welcome, ${LEAD.name}` })).toBeVisible();
    await leadContext.close();
    await admin.goto('/admin/accounts');
    leadId = /\/admin\/accounts\/([^/?#]+)/.exec(
      (await admin.getByRole('link', { name: LEAD.name }).getAttribute('href'))!,
    )![1]!;

    const events = (await (await fetch(`${site.baseURL}/api/events/`)).json()) as Array<{
      id: number;
      starts_at: string | null;
      capacity: number | null;
    }>;
    const upcoming = events.find(
      (event) =>
        event.starts_at && Date.parse(event.starts_at) > Date.now() && event.capacity === null,
    )!;
    eventId = upcoming.id;
    for (const [index, person] of PEOPLE.entries()) {
      const visitor = new Client(site.baseURL, `203.0.113.${70 + index}`);
      const answer = await visitor.postApi(`/api/events/${eventId}/register/`, {
        first_name: person.first,
        last_name: person.last,
        email: person.email,
      });
      expect(answer.status, await answer.text()).toBe(201);
    }
    // A sponsor whose website is one long word: its label ('Website') must stay whole beside it.
    await admin.goto('/admin/sponsors/new');
    await admin.getByLabel('Name').fill('Rideau Canal Skating Outfitters');
    await admin.getByLabel('Logo', { exact: true }).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await sharp({
        create: { width: 200, height: 200, channels: 3, background: '#8f001a' },
      })
        .png()
        .toBuffer(),
    });
    await expect(admin.getByText('Uploaded. Save the form to publish it.')).toBeVisible();
    await admin
      .getByLabel('Website')
      .fill('https://www.rideaucanalskatingoutfittersottawa.example.com/');
    await admin.getByRole('button', { name: 'Add the sponsor' }).click();
    await expect(admin).toHaveURL(/\/admin\/sponsors/);
    await expect(admin.getByText('Rideau Canal Skating Outfitters').first()).toBeVisible();
    for (const [index, message] of MESSAGES.entries()) {
      const sender = new Client(site.baseURL, `203.0.113.${80 + index}`);
      expect((await sender.postApi('/api/messages/', message)).status).toBe(201);
    }
  }

  /** Opens a console page as the super admin and returns what is wrong with its layout. */
  async function walk(address: string, name: string): Promise<string[]> {
    const answer = await admin.goto(address);
    expect(answer?.status(), address).toBeLessThan(400);
    await expect(admin.locator('main h1').first()).toBeVisible();
    await admin.waitForLoadState('networkidle');
    await shoot(admin, name);
    return (await admin.evaluate(layoutProblems)).map((problem) => `${address}: ${problem}`);
  }

  /** The console's pages, each found from what the set-up made. */
  const PAGES: Array<[string, () => string | Promise<string>]> = [
    ['dashboard', () => '/admin'],
    ['events', () => '/admin/events'],
    ['event-new', () => '/admin/events/new'],
    // Each page of the event (registrants, door, settings, messages, …).
    ...EVENT_TABS.map((tab): [string, () => string] => [
      `event-${tab.segment || 'registrants'}`,
      () => eventTabHref(eventId, tab.segment),
    ]),
    ['inbox', () => '/admin/inbox'],
    ['inbox-message', () => linkOf('/admin/inbox', /Lin Xu/)],
    ['emails', () => '/admin/emails'],
    ['content', () => '/admin/content'],
    ['accounts', () => '/admin/accounts'],
    ['account', () => `/admin/accounts/${leadId}`],
    ['audit', () => '/admin/audit'],
    ['security', () => '/admin/security'],
    ['members', () => '/admin/members'],
    ['payments', () => '/admin/payments'],
    ['money', () => '/admin/money'],
    ['membership-settings', () => '/admin/membership/settings'],
    ['attendance', () => `/admin/attendance?email=${encodeURIComponent(PEOPLE[0]!.email)}`],
    ['numbers', () => '/admin/numbers'],
    ...Object.values(COLLECTION_SPECS).map((spec): [string, () => string] => [
      `collection-${spec.slug}`,
      () => `/admin/${spec.slug}`,
    ]),
    // Records with their pictures: a sponsor's logo, the home page's picture, a portrait.
    ...['sponsors', 'home-hero', 'team'].map((slug): [string, () => Promise<string>] => [
      `record-${slug}`,
      () => linkOf(`/admin/${slug}`, null, `/admin/${slug}/`),
    ]),
  ];

  /** The address of the first link on a page: by its name, or by how its address starts. */
  async function linkOf(page: string, name: RegExp | null, prefix = '') {
    await admin.goto(page);
    const link = name
      ? admin.getByRole('main').getByRole('link', { name })
      : admin.locator(`main a[href^="${prefix}"]:not([href$="/new"])`);
    return (await link.first().getAttribute('href'))!;
  }

  for (const [name, address] of PAGES) {
    test(`${name} fits a phone: nothing cut, broken mid-word or off the screen`, async () => {
      expect(await walk(await address(), name)).toEqual([]);
    });
  }

  test('the door board keeps each address whole on its own line', async () => {
    await admin.goto(`/admin/events/${eventId}/check-in`);
    for (const person of PEOPLE) {
      const email = admin.getByText(person.email, { exact: true });
      await expect(email).toBeVisible();
      const lines = await email.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set(Array.from(range.getClientRects()).map((box) => Math.round(box.top))).size;
      });
      expect(lines, person.email).toBe(1);
    }
  });

  test('the words staff use: the home page’s picture or video, Mark as excused', async () => {
    await admin.goto('/admin/content');
    await expect(admin.getByRole('main')).not.toContainText(/hero media/i);
    await expect(admin.getByRole('link', { name: 'Home page picture or video' })).toBeVisible();
    // The reviewers' preview link, with the site's preview secret.
    const preview = new URL(
      await admin.getByRole('textbox', { name: 'Preview link' }).inputValue(),
    );
    expect(preview.pathname).toBe('/api/draft-mode/enable');
    expect(preview.searchParams.get('secret')).toBe(E2E_PREVIEW_SECRET);
    await admin.goto(`/admin/events/${eventId}`);
    const main = admin.getByRole('main');
    await expect(main.locator('option', { hasText: 'Mark as excused' }).first()).toBeAttached();
    await expect(main.locator('option').filter({ hasText: /^Excuse$/ })).toHaveCount(0);
  });

  test('a media field with a picture offers to choose another, without the browser’s “No file chosen”', async () => {
    await admin.goto('/admin/sponsors');
    const href = await admin
      .locator('main a[href^="/admin/sponsors/"]:not([href$="/new"])')
      .first()
      .getAttribute('href');
    await admin.goto(href!);
    await expect(admin.getByRole('img', { name: 'Current logo' })).toBeVisible();
    const file = admin.getByLabel('Logo', { exact: true });
    await expect(file).toHaveAttribute('type', 'file');
    const chooser = admin.locator('label', { hasText: 'Choose another logo' });
    await expect(chooser).toBeVisible();
    // The keyboard reaches the hidden input, and its label shows the focus.
    await file.focus();
    await admin.keyboard.press('Shift+Tab');
    await admin.keyboard.press('Tab');
    await expect(file).toBeFocused();
    const ring = await chooser.evaluate((element) => getComputedStyle(element).boxShadow);
    expect(ring).not.toBe('none');
  });

  test('deactivating an account asks with the console’s own confirmation, never the browser’s', async () => {
    const dialogs: string[] = [];
    admin.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await admin.goto(`/admin/accounts/${leadId}`);
    await admin.getByRole('button', { name: 'Deactivate the account' }).click();
    // The box is not ticked: nothing happens.
    await expect(admin.getByText('The account is deactivated')).toHaveCount(0);
    await admin.getByLabel(`Yes, deactivate ${LEAD.name}’s account`).check({ timeout: 10_000 });
    await admin.getByRole('button', { name: 'Deactivate the account' }).click();
    await expect(
      admin.getByText('The account is deactivated: its sessions have ended.'),
    ).toBeVisible();
    expect(dialogs).toEqual([]);
    await admin.getByRole('button', { name: 'Reactivate the account' }).click();
    await expect(admin.getByText('The account is active again.')).toBeVisible();
  });

  test('the inbox marks several messages handled at once, confirmed, each in the audit log', async ({
    expectAccessible,
  }) => {
    const dialogs: string[] = [];
    admin.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await admin.goto('/admin/inbox');
    const bar = admin.getByRole('form', { name: 'Selected messages' });
    await expect(bar.getByRole('button', { name: 'Mark handled' })).toHaveCount(0);
    for (const message of MESSAGES) {
      await admin
        .getByRole('checkbox', { name: `Select the contact message from ${message.sender_name}` })
        .check({ timeout: 10_000 });
    }
    await expect(bar).toContainText('Mark 3 messages handled?');
    await expectAccessible(admin);
    await shoot(admin, 'inbox-selected');
    expect(await admin.evaluate(layoutProblems)).toEqual([]);
    await admin.getByRole('checkbox', { name: /from Yu Wang/ }).uncheck();
    await expect(bar).toContainText('Mark 2 messages handled?');
    await bar.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(bar).toContainText('Mark 3 messages handled?');
    // Not confirmed: nothing happens.
    await bar.getByRole('button', { name: 'Mark handled' }).click();
    await expect(admin.getByText('Nothing waits to be handled.')).toHaveCount(0);
    await bar.getByLabel('Yes, mark them handled').check();
    await bar.getByRole('button', { name: 'Mark handled' }).click();
    await expect(bar.getByText('Marked 3 messages handled.')).toBeVisible();
    await expect(admin.getByText('Nothing waits to be handled.')).toBeVisible();
    await shoot(admin, 'inbox-done');
    expect(dialogs).toEqual([]);

    await admin.goto('/admin/audit');
    await expect(
      admin.getByRole('main').getByText(/Marked handled: contact message #\d+/),
    ).toHaveCount(3);
  });

  test('an event lead opening an event they do not lead is told so, with 403, in the console', async ({
    browser,
  }) => {
    const leadContext = await browser.newContext({
      baseURL: site.baseURL,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.62' },
    });
    const lead = await leadContext.newPage();
    await lead.goto('/admin/sign-in');
    await lead.getByLabel('Email').fill(LEAD.email);
    await lead.getByLabel('Password').fill(LEAD.password);
    await lead.getByRole('button', { name: 'Sign in' }).click();
    await expect(lead.getByRole('heading', { name: `Welcome, ${LEAD.name}` })).toBeVisible();

    for (const address of [`/admin/events/${eventId}`, `/admin/events/${eventId}/check-in`]) {
      const answer = await lead.goto(address);
      expect(answer?.status(), address).toBe(403);
      await expect(lead.getByRole('heading', { name: 'You do not lead this event' })).toBeVisible();
      await expect(lead.getByRole('button', { name: 'Sign out' })).toBeVisible();
    }
    await shoot(lead, 'refused-event');
    const accounts = await lead.goto('/admin/accounts');
    expect(accounts?.status()).toBe(403);
    await expect(lead.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();
    await expect(lead.getByRole('main')).toContainText(
      'You are signed in as an event lead, and this page is for other roles.',
    );
    await shoot(lead, 'refused-role');
    expect(await lead.evaluate(layoutProblems)).toEqual([]);
    await leadContext.close();
  });
});
