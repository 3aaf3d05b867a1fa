import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startSite, type RunningSite } from './support/server';
import { COORDINATOR, pagesOf, setUpStaff, signIn, widthOf } from './support/membership-staff';

/**
 * Finance facts stay with finance (issue 42): the coordinator, on a seeded server whose finance
 * has recorded, confirmed and refunded payments, reads every console page and CSV it can reach
 * from the dashboard (following links two steps deep, a few pages of each kind) and an answer of
 * a Server Action (the erasure's preview), and finds no amount in dollars nor a payment reference
 * in any of them: not in the text, not in an attribute, not in the data the page carries.
 */

const AMOUNT = /CA\$/;
const PAYMENT_REFERENCE = /M\d{2}-[A-Z2-9]{6}/;
/** Links that change something or download a person's file: not read. */
const NOT_READ = [/\/sign-out/, /\/resume$/];
/** How many pages of one kind (their address with numbers left out) are read. */
const PER_KIND = 3;
const DEPTH = 2;

/**
 * What a page or file says about money that is not public. Texts anyone reads on the site (an
 * event's description naming its deposit) are taken out first, as written and as they travel in
 * the page's data (JSON-escaped) or its markup (HTML-escaped).
 */
function leaks(text: string, publicTexts: readonly string[]): string[] {
  let rest = text;
  for (const shown of publicTexts) {
    const escapedJson = JSON.stringify(shown).slice(1, -1);
    const escapedHtml = shown
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#x27;');
    for (const form of [shown, escapedJson, escapedHtml]) rest = rest.split(form).join(' ');
  }
  return [AMOUNT, PAYMENT_REFERENCE].flatMap((pattern) => {
    const found = pattern.exec(rest);
    return found ? [found[0]] : [];
  });
}

/** The public events' texts that name an amount (a deposit in a description). */
async function publicAmountTexts(page: Page): Promise<string[]> {
  const texts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      if (AMOUNT.test(value)) texts.push(value);
    } else if (value && typeof value === 'object') {
      for (const item of Object.values(value)) collect(item);
    }
  };
  collect(await (await page.request.get('/api/events/')).json());
  return texts;
}

/** The console's addresses a page links to, same site, in the order they appear. */
async function consoleLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin && url.pathname.startsWith('/admin'))
    .map((url) => `${url.pathname}${url.search}`)
    .filter((address) => !NOT_READ.some((pattern) => pattern.test(address)));
}

const kindOf = (address: string) => address.replace(/\d+/g, '#');

test.describe('finance facts in what a coordinator reads', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  const pages = pagesOf(() => site);
  const newPage = pages.newPage;

  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    await pages.close();
    await site?.stop();
  });

  test('the super admin invites a coordinator and finance', async ({ browser, page }) => {
    await setUpStaff(site, (address) => newPage(browser, address, widthOf(page)), {
      admin: '198.51.100.61',
      coordinator: '198.51.100.62',
      finance: '198.51.100.63',
    });
  });

  test('no page, CSV or answer the coordinator reaches names an amount or a payment reference', async ({
    browser,
    page,
  }) => {
    test.setTimeout(240_000);
    const coordinator = await newPage(browser, '198.51.100.64', widthOf(page));
    await signIn(coordinator, COORDINATOR);
    const publicTexts = await publicAmountTexts(coordinator);

    const read = new Set<string>();
    const perKind = new Map<string, number>();
    const found: string[] = [];
    let frontier = ['/admin'];
    for (let depth = 0; depth <= DEPTH && frontier.length > 0; depth += 1) {
      const next: string[] = [];
      for (const address of frontier) {
        if (read.has(address)) continue;
        const kind = kindOf(address);
        if ((perKind.get(kind) ?? 0) >= PER_KIND) continue;
        read.add(address);
        perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
        if (/\.csv(\?|$)/.test(address)) {
          const answer = await coordinator.request.get(address);
          for (const leak of leaks(await answer.text(), publicTexts))
            found.push(`${address}: ${leak}`);
          continue;
        }
        await coordinator.goto(address);
        // The whole document: text, attributes (a button's label) and the data it carries.
        for (const leak of leaks(await coordinator.content(), publicTexts))
          found.push(`${address}: ${leak}`);
        next.push(...(await consoleLinks(coordinator)));
      }
      frontier = next;
    }
    // The walk reached the coordinator's pages and the members' CSV.
    for (const expected of ['/admin', '/admin/members', '/admin/emails', '/admin/inbox']) {
      expect([...read], expected).toContain(expected);
    }
    expect([...read].some((address) => /^\/admin\/members\/\d+$/.test(address))).toBe(true);
    expect([...read].some((address) => address.startsWith('/admin/members/members.csv'))).toBe(
      true,
    );
    expect([...read].some((address) => address.startsWith('/admin/emails?show=all'))).toBe(true);

    // A Server Action's answer: the erasure's preview of a paid member names counts, never money
    // (it is not confirmed: nothing is erased).
    await coordinator.goto('/admin/members?status=active');
    const email = (await coordinator
      .getByRole('table')
      .getByRole('row')
      .nth(1)
      .getByRole('cell')
      .first()
      .locator('span span')
      .textContent())!;
    await coordinator.goto('/admin/inbox');
    await coordinator.getByLabel('Email of the person').fill(email);
    await coordinator.getByRole('button', { name: 'Find their data' }).click();
    await expect(coordinator.getByText(/^payments and refunds \(/)).toBeVisible();
    for (const leak of leaks(await coordinator.content(), publicTexts))
      found.push(`erasure preview: ${leak}`);

    expect(found).toEqual([]);
  });
});
