import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startSite, type RunningSite } from './support/server';
import { createSuperAdmin } from './support/membership-staff';

/**
 * The event's console page on a 390 px phone, through an evening: it leads with the places
 * taken, the door and the registrants (the settings are on their own page); today's event has a
 * Door link on the dashboard and the events list, a later one none; several registrants are
 * confirmed and moved to the waitlist at once after the console's confirmation; after no-shows
 * and an undone check-in the header, the tabs and the door board say the same numbers; each
 * registrant's row tells its status history, and the door's check-in and undo are in the audit
 * log in words.
 */

const ADMIN = { name: 'Mei Chen', email: 'mei.chen@example.org', password: 'door tonight 2026!' };
const PHONE = { width: 390, height: 844 };
/** EVENT_PAGE_SHOTS=<folder> saves each page at 390 and 1280 px, to look at. */
const SHOTS = process.env.EVENT_PAGE_SHOTS;

/** Today's date on the club's calendar (Ottawa), as a date input takes it. */
function clubToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
}

const PEOPLE = [
  { first: 'Ana', last: 'One', email: 'ana.one@example.org', status: 'Confirmed' },
  { first: 'Bo', last: 'Two', email: 'bo.two@example.org', status: 'Confirmed' },
  { first: 'Cai', last: 'Three', email: 'cai.three@example.org', status: 'Confirmed' },
  { first: 'Dan', last: 'Four', email: 'dan.four@example.org', status: 'Awaiting review' },
  { first: 'Eva', last: 'Five', email: 'eva.five@example.org', status: 'Awaiting review' },
] as const;

test.describe('the event page on a phone: counts, door, registrants first', () => {
  test.describe.configure({ mode: 'serial' });
  test.skip(({ viewport }) => (viewport?.width ?? 1280) > 600, 'a walk at 390 px: phone only');

  let site: RunningSite;
  let staff: Page;
  const contexts: BrowserContext[] = [];
  let tonight: string;
  let later: string;
  let tonightId: string;

  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    await site?.stop();
  });

  async function newPage(browser: Browser) {
    const context = await browser.newContext({
      baseURL: site.baseURL,
      viewport: PHONE,
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.61' },
    });
    contexts.push(context);
    return context.newPage();
  }

  /** A picture of the page at 390 and 1280 px, to look at. */
  async function shoot(page: Page, name: string) {
    if (!SHOTS) return;
    await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
    await page.setViewportSize(PHONE);
  }

  async function expectFitsPhone(page: Page) {
    // Names what runs off the screen, if anything does.
    const over = await page.evaluate((width) => {
      const clipped = (element: Element) => {
        for (let up = element.parentElement; up; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== 'visible') return true;
        }
        return false;
      };
      const wide = [...document.querySelectorAll('body *')].filter(
        (element) => element.getBoundingClientRect().right > width + 0.5 && !clipped(element),
      );
      return wide
        .slice(-3)
        .map((element) => `${element.tagName}.${element.className} ${element.textContent}`);
    }, PHONE.width);
    expect(over).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  }

  async function createEvent(title: string, date: string, capacity: string) {
    await staff.goto('/admin/events/new');
    await staff.getByLabel('Title').fill(title);
    await staff.getByLabel('Date').fill(date);
    await staff.getByLabel('Start time').fill('23:59');
    await staff.getByLabel('Capacity').fill(capacity);
    await staff.getByLabel('Take a waitlist when the event is full').check();
    // Staff give freed places themselves: moving someone to the waitlist keeps them there.
    await staff.getByLabel('When a place frees up').selectOption('manual');
    await staff.getByRole('button', { name: 'Publish the event' }).click();
    await expect(staff).toHaveURL(/\/admin\/events\/\d+\?created=1$/);
    await expect(
      staff.getByText('The event is published: it shows on the site now.'),
    ).toBeVisible();
    return /\/admin\/events\/(\d+)/.exec(staff.url())![1]!;
  }

  const row = (email: string) => staff.getByRole('row').filter({ hasText: email });

  test('staff set up tonight’s event and a later one', async ({ browser }, testInfo) => {
    staff = await newPage(browser);
    await createSuperAdmin(site, staff, ADMIN);

    later = `Spring gala ${testInfo.project.name}`;
    await createEvent(later, '2031-04-18', '80');
    tonight = `Games night ${testInfo.project.name}`;
    tonightId = await createEvent(tonight, clubToday(), '5');

    for (const person of PEOPLE) {
      const adding = staff.locator('details').filter({ hasText: 'Add someone by hand' });
      await adding.locator('summary').click();
      await adding.getByLabel('First name').fill(person.first);
      await adding.getByLabel('Last name').fill(person.last);
      await adding.getByLabel('Email').fill(person.email);
      await adding.getByLabel('Status').selectOption({ label: person.status });
      await adding.getByRole('button', { name: 'Add' }).click();
      await expect(adding.getByText(`${person.first} ${person.last} is added`)).toBeVisible();
      await staff.reload();
    }
  });

  test('the page leads with the places, the door and the registrants; the settings are their own page', async ({
    expectAccessible,
  }) => {
    await staff.goto(`/admin/events/${tonightId}`);
    const places = staff.getByTestId('places-taken');
    const door = staff.getByRole('link', { name: 'Check-in at the door' });
    const registrants = staff.getByRole('region', { name: 'Registrants' });
    await expect(places).toHaveText('3 / 5 places taken');
    // In the first screen of the phone, with the first registrant.
    for (const first of [places, door, staff.getByRole('link', { name: 'Export CSV' })]) {
      const box = (await first.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    await expect(registrants.getByRole('table')).toContainText(PEOPLE[0].email);
    // The form is not on this page: its settings tab and link lead to it.
    await expect(staff.getByRole('button', { name: 'Save the event' })).toHaveCount(0);
    await expect(staff.getByRole('heading', { name: 'The event', exact: true })).toHaveCount(0);
    await expect(
      staff.getByRole('navigation', { name: 'This event' }).getByRole('link', { name: 'Settings' }),
    ).toBeVisible();
    // Every page of the event is in sight on the phone: its tabs wrap rather than scroll away.
    const tabs = staff.getByRole('navigation', { name: 'This event' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual([
      'Registrants',
      'Door',
      'Settings',
      'Messages',
      'Questions',
      'Numbers',
    ]);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await expectFitsPhone(staff);
    await expectAccessible(staff);
    await shoot(staff, 'registrants');
    // On a wide screen the table stays within its panel, the row's forms included.
    await staff.setViewportSize({ width: 1280, height: 900 });
    const table = (await registrants.getByRole('table').boundingBox())!;
    const panel = (await registrants.boundingBox())!;
    expect(table.x + table.width).toBeLessThanOrEqual(panel.x + panel.width);
    await staff.setViewportSize(PHONE);

    await staff.getByRole('link', { name: 'Edit the event' }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/events/${tonightId}/edit$`));
    await expect(staff.getByRole('heading', { name: 'The event', exact: true })).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Save the event' })).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Cancel the event' })).toBeVisible();
    await expect(
      staff.getByRole('navigation', { name: 'This event' }).getByRole('link', { name: 'Settings' }),
    ).toHaveAttribute('aria-current', 'page');
    await expectFitsPhone(staff);
    await expectAccessible(staff);
    await shoot(staff, 'edit');
  });

  test('a Door link for tonight’s event on the dashboard and the events list, none for a later one', async ({
    expectAccessible,
  }) => {
    const doorOf = (title: string) =>
      staff.getByRole('link', { name: `Door of ${title} (check-in)` });
    await staff.goto('/admin');
    const upcoming = staff.getByRole('region', { name: 'Upcoming events' });
    // The dashboard lists the soonest events: the later one (in 2031) is on the events list.
    await expect(upcoming.getByRole('link', { name: `Door of ${tonight} (check-in)` })).toHaveText(
      'Door',
    );
    await expect(doorOf(later)).toHaveCount(0);
    await expectFitsPhone(staff);
    await expectAccessible(staff);
    await shoot(staff, 'dashboard');

    await staff.goto('/admin/events');
    await expect(doorOf(tonight)).toBeVisible();
    await expect(staff.getByRole('link', { name: later })).toBeVisible();
    await expect(doorOf(later)).toHaveCount(0);
    await expectFitsPhone(staff);
    await doorOf(tonight).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/events/${tonightId}/check-in$`));
    await expect(staff.getByRole('heading', { name: `Check-in: ${tonight}` })).toBeVisible();
  });

  test('several registrants at once: ticked, confirmed after the question, then waitlisted', async ({
    expectAccessible,
  }) => {
    await staff.goto(`/admin/events/${tonightId}`);
    const bulk = staff.getByRole('form', { name: 'Change several at once' });
    const tick = (email: string) => row(email).getByRole('checkbox');

    // Select all ticks the page's rows; a second press clears them.
    const all = staff.getByLabel('Select all on this page');
    await all.check();
    await expect(bulk).toContainText('5 ticked.');
    await all.uncheck();
    await expect(bulk).toContainText('Tick registrants in the list.');

    await tick(PEOPLE[3].email).check();
    await tick(PEOPLE[4].email).check();
    await expect(bulk).toContainText('2 ticked.');
    await bulk.getByLabel('What to do with the ticked registrants').selectOption('confirm');
    await bulk.getByRole('button', { name: 'Apply to ticked' }).click();
    // The console's own question; nothing has changed yet.
    await expect(bulk.getByText('Confirm 2 registrants?')).toBeVisible();
    await expect(staff.getByTestId('places-taken')).toHaveText('3 / 5 places taken');
    await expectAccessible(staff);
    await shoot(staff, 'bulk-question');
    await bulk.getByRole('button', { name: 'Yes, confirm' }).click();
    await expect(bulk.getByText('2 registrants: Confirmed.')).toBeVisible();
    await expect(staff.getByTestId('places-taken')).toHaveText('5 / 5 places taken');
    await expect(row(PEOPLE[3].email)).toContainText('Confirmed');

    await tick(PEOPLE[3].email).check();
    await tick(PEOPLE[4].email).check();
    await bulk.getByLabel('What to do with the ticked registrants').selectOption('waitlist');
    await bulk.getByRole('button', { name: 'Apply to ticked' }).click();
    await expect(bulk.getByText('Move 2 registrants to the waitlist?')).toBeVisible();
    await bulk.getByRole('button', { name: 'Yes, move to the waitlist' }).click();
    await expect(bulk.getByText('2 registrants: Waitlisted.')).toBeVisible();
    await expect(staff.getByTestId('places-taken')).toHaveText('3 / 5 places taken');
    await expect(row(PEOPLE[4].email)).toContainText('Waitlisted');
    await expectFitsPhone(staff);
  });

  /** The numbers of the event's page: its places line and each tab. */
  async function pageNumbers() {
    await staff.goto(`/admin/events/${tonightId}`);
    const tabs = staff.getByRole('navigation', { name: 'Registrants by status' }).getByRole('link');
    return {
      places: await staff.getByTestId('places-taken').textContent(),
      tabs: await tabs.allTextContents(),
    };
  }

  async function markNoShow(person: (typeof PEOPLE)[number]) {
    const line = row(person.email);
    await line.getByLabel(`New status for ${person.first} ${person.last}`).selectOption('no_show');
    await line.getByRole('button', { name: 'Apply' }).click();
    await expect(line.getByText(`${person.first} ${person.last}: No-show.`)).toBeVisible();
  }

  test('after two no-shows and an undone check-in, the page, the tabs and the door board agree', async () => {
    await staff.goto(`/admin/events/${tonightId}`);
    await markNoShow(PEOPLE[1]);
    await markNoShow(PEOPLE[2]);

    await staff.goto(`/admin/events/${tonightId}/check-in`);
    const board = staff.getByTestId('door-counts');
    await expect(board).toHaveText('1 confirmed0 checked in2 no-shows');
    const ana = `${PEOPLE[0].first} ${PEOPLE[0].last}`;
    await staff.getByRole('button', { name: `Check in ${ana}` }).click();
    await expect(board).toHaveText('0 confirmed1 checked in2 no-shows');
    await staff.getByRole('button', { name: `Undo check-in of ${ana}` }).click();
    await expect(staff.getByText(`${ana}: check-in undone.`)).toBeVisible();
    await expect(board).toHaveText('1 confirmed0 checked in2 no-shows');
    await expectFitsPhone(staff);
    await shoot(staff, 'check-in');
    await staff.reload();
    await expect(board).toHaveText('1 confirmed0 checked in2 no-shows');

    const numbers = await pageNumbers();
    expect(numbers).toEqual({
      places: '3 / 5 places taken',
      tabs: ['All (5)', 'Confirmed (1)', 'Waitlisted (2)', 'No-show (2)'],
    });
    // The same figure under the same word wherever it shows.
    const tab = (word: string) =>
      Number(/\((\d+)\)/.exec(numbers.tabs.find((text) => text.startsWith(word))!)![1]);
    expect(tab('Confirmed')).toBe(1);
    expect(tab('No-show')).toBe(2);

    // A search from a status tab stays in that tab.
    await staff
      .getByRole('navigation', { name: 'Registrants by status' })
      .getByRole('link', { name: 'No-show (2)' })
      .click();
    await expect(staff).toHaveURL(/status=no_show/);
    await staff.getByLabel('Search registrants').fill(PEOPLE[1].last);
    await staff.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(staff).toHaveURL(/status=no_show/);
    await expect(row(PEOPLE[1].email)).toBeVisible();
  });

  test('a registrant’s row tells its history; the door’s check-in and undo are in the audit log', async ({
    expectAccessible,
  }) => {
    await staff.goto(`/admin/events/${tonightId}`);
    const ana = `${PEOPLE[0].first} ${PEOPLE[0].last}`;
    const history = row(PEOPLE[0].email).locator('details').filter({ hasText: 'History' });
    await history.locator('summary').click();
    const time = '\\w{3} \\d{1,2} \\w{3}, \\d{1,2}:\\d\\d [AP]M';
    await expect(history.getByRole('listitem')).toHaveText([
      new RegExp(`^Registered: Confirmed, ${time}, by ${ADMIN.name} \\(Added by hand\\.\\)$`),
      new RegExp(`^Confirmed → Checked in, ${time}, by ${ADMIN.name}$`),
      new RegExp(`^Checked in → Confirmed, ${time}, by ${ADMIN.name}$`),
    ]);
    const bo = row(PEOPLE[1].email).locator('details').filter({ hasText: 'History' });
    await bo.locator('summary').click();
    await expect(bo.getByRole('listitem').last()).toHaveText(
      new RegExp(`^Confirmed → No-show, ${time}, by ${ADMIN.name}$`),
    );
    await expectFitsPhone(staff);
    await expectAccessible(staff);

    await staff.goto('/admin/audit');
    const log: Locator = staff.locator('main');
    await expect(log).toContainText(`Checked in ${ana}`);
    await expect(log).toContainText(`Undid the check-in of ${ana}`);
    await expect(log).toContainText(`${PEOPLE[3].first} ${PEOPLE[3].last}: Waitlisted`);
  });
});
