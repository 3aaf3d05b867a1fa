import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createSuperAdmin } from './support/membership-staff';
import { startSite, type RunningSite } from './support/server';

/**
 * The member window's waitlist on a 390 px phone: an event of 4 places, 2 of them for members,
 * public registration opening a week later, a waitlist that promotes by itself. The form counts
 * only the places open now; once both member places are taken it still asks a member for their
 * ID, puts that member on the waitlist for a member place, and a member's cancellation promotes
 * them. Seeded active members (lib/db/seed/memberships.ts) on a server of this spec's own.
 */

const ADMIN = { name: 'Mei Chen', email: 'mei.chen@example.org', password: 'member window 2026!' };
const PHONE = { width: 390, height: 844 };
const TITLE = 'Alumni dinner (member window)';
const REGISTERED = 'Registration successful! You are now registered for this event.';
const WAITLISTED =
  'Registration successful! This event is full, so you are on the waitlist (position 1). We will email you if a place opens up.';

const SOPHIE = {
  first: 'Sophie',
  last: 'Tremblay',
  email: 'demo.stremblay031@uottawa.ca',
  id: 'TCSA-26-0001',
};
const HAO = { first: 'Hao', last: 'Liu', email: 'demo.hliu118@uottawa.ca', id: 'TCSA-26-0002' };
const JIA = { first: 'Jia', last: 'Li', email: 'demo.jli047@uottawa.ca', id: 'TCSA-26-0005' };
type Member = typeof SOPHIE;

/** The date `days` from today on the club's calendar (Ottawa), as a date input takes it. */
function clubDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

test.describe('a member joins the waitlist of the member window and is promoted', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  let eventPath: string;
  let sophieManage: string;
  let jiaManage: string;
  const contexts: BrowserContext[] = [];
  let address = 10;

  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    await site?.stop();
  });

  /** A phone of its own, from an address of its own (the registration limits count per address). */
  async function newPhone(browser: Browser): Promise<Page> {
    const context = await browser.newContext({
      baseURL: site.baseURL,
      viewport: PHONE,
      hasTouch: true,
      extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${address++}` },
    });
    contexts.push(context);
    return context.newPage();
  }

  /** Registers `member` with their member ID; answers the manage link it shows. */
  async function registerAsMember(page: Page, member: Member, outcome: string): Promise<string> {
    const form = page.getByRole('form', { name: 'Register for this Event' });
    await form.getByRole('radio', { name: 'I am a member' }).check();
    await form.getByLabel(/^First Name/).fill(member.first);
    await form.getByLabel(/^Last Name/).fill(member.last);
    await form.getByLabel(/^Email/).fill(member.email);
    await form.getByLabel(/^Member ID/).fill(member.id);
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByTestId('registration-status')).toHaveText(outcome);
    return (await page
      .getByRole('link', { name: 'See or cancel your registration' })
      .getAttribute('href'))!;
  }

  test('staff publish the event: 4 places, 2 for members, everyone a week later', async ({
    browser,
  }) => {
    const staff = await newPhone(browser);
    await createSuperAdmin(site, staff, ADMIN);
    await staff.goto('/admin/events/new');
    await staff.getByLabel('Title').fill(TITLE);
    // Within this year's memberships: a member is checked as active on the event's date.
    await staff.getByLabel('Date').fill(clubDay(14));
    await staff.getByLabel('Start time').fill('18:30');
    await staff.getByLabel('Capacity').fill('4');
    await staff.getByLabel('Member places').fill('2');
    // Members from two days ago, everyone in a week: the member window is open now.
    await staff.getByLabel('Member registration opens').fill(`${clubDay(-2)}T09:00`);
    await staff.getByLabel('Public registration opens').fill(`${clubDay(7)}T09:00`);
    await staff.getByLabel('Take a waitlist when the event is full').check();
    await staff.getByLabel('When a place frees up').selectOption('auto');
    await staff.getByRole('button', { name: 'Publish the event' }).click();
    await expect(staff).toHaveURL(/\/admin\/events\/\d+\?created=1$/);
    eventPath = `/events/${/\/admin\/events\/(\d+)/.exec(staff.url())![1]}`;
  });

  test('the form counts the 2 member places open now; two members take them', async ({
    browser,
  }) => {
    const phone = await newPhone(browser);
    await phone.goto(eventPath);
    const availability = phone.getByTestId('registration-availability');
    await expect(availability).toHaveText(/^Members only until .+\. 2 places left$/);
    sophieManage = await registerAsMember(phone, SOPHIE, REGISTERED);
    await expect(availability).toHaveText(/^Members only until .+\. 1 place left$/);

    const second = await newPhone(browser);
    await second.goto(eventPath);
    await registerAsMember(second, HAO, REGISTERED);
    await expect(second.getByTestId('registration-availability')).toHaveText(
      /^Members only until .+\. Waitlist only$/,
    );

    // One status wherever the event shows: its page, its card, the member events page.
    await second.goto(eventPath);
    await expect(second.getByTestId('event-status').first()).toHaveAttribute(
      'data-state',
      'waitlist_only',
    );
    for (const list of ['/events', '/membership/events']) {
      await second.goto(list);
      const shown = second
        .getByTestId(list === '/events' ? 'event-card' : 'member-event')
        .filter({ hasText: TITLE });
      await expect(shown.getByTestId('event-status')).toHaveAttribute(
        'data-state',
        'waitlist_only',
      );
      await expect(shown.getByTestId('event-status')).toHaveText('Waitlist only');
    }
  });

  test('the next member is asked their ID and joins the waitlist; a non-member still waits', async ({
    browser,
    expectAccessible,
  }, testInfo) => {
    const phone = await newPhone(browser);
    await phone.goto(eventPath);
    await expect(phone.getByTestId('registration-availability')).toHaveText(
      /^Members only until .+\. Waitlist only$/,
    );
    const form = phone.getByRole('form', { name: 'Register for this Event' });
    // Not a member: the button waits for the public opening, and says so.
    await expect(form.getByRole('radio', { name: 'I am not a member' })).toBeChecked();
    await expect(form.getByRole('button', { name: 'Register' })).toBeDisabled();
    await expect(phone.getByTestId('registration-non-member')).toContainText(
      'Registration opens to everyone on',
    );
    await expectAccessible(phone);
    await form.getByRole('radio', { name: 'I am a member' }).check();
    await form.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: testInfo.outputPath('member-waitlist-390.png') });
    await phone.setViewportSize({ width: 1280, height: 900 });
    await form.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: testInfo.outputPath('member-waitlist-1280.png') });
    await phone.setViewportSize(PHONE);

    jiaManage = await registerAsMember(phone, JIA, WAITLISTED);
    await phone.goto(jiaManage);
    await expect(phone.getByTestId('manage-status')).toHaveAttribute('data-status', 'waitlisted');
    await expect(phone.getByTestId('waitlist-position')).toHaveText(
      'Your place on the waitlist: 1',
    );
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });

  test('a member cancels: the waitlisted member gets the member place', async ({ browser }) => {
    const phone = await newPhone(browser);
    await phone.goto(sophieManage);
    await phone.getByRole('button', { name: 'Cancel my registration' }).click();
    await phone.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(phone.getByTestId('manage-status')).toHaveAttribute('data-status', 'cancelled');

    const jia = await newPhone(browser);
    await jia.goto(jiaManage);
    await expect(jia.getByTestId('manage-status')).toHaveAttribute('data-status', 'confirmed');
    // The place given was a member place: the public places are all there for the opening.
    const availability = (await (
      await jia.request.get(`/api${eventPath}/availability/`)
    ).json()) as { member_places_left: number; public_places_left: number };
    expect(availability).toMatchObject({ member_places_left: 0, public_places_left: 2 });
  });
});
