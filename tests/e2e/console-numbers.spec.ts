import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from '@playwright/test';
import { NOT_ALLOWED_MESSAGE } from '@/lib/auth/messages';
import { DATABASE_TEMPLATE_VARIABLE } from './support/database-template';
import { expect, test } from './support/fixtures';
import {
  COORDINATOR,
  FINANCE,
  pagesOf,
  setUpStaff,
  signIn,
  widthOf,
} from './support/membership-staff';
import { startSite, type RunningSite } from './support/server';
import { parseCsv } from '../unit/db/support/parse-csv';

/**
 * The numbers at 390 and 1280 px against registrations stored in every status: a term's figures,
 * its chart (an svg, with the same numbers in a table) and its CSV, one event's figures and its
 * CSV, each download in the audit log with its rows; the pages and files refused signed out and
 * to finance. The server starts on a copy of the suite's seeded database with a past term's
 * events and registrations written into it, so every figure is known beforehand.
 */

type Status =
  | 'submitted'
  | 'confirmed'
  | 'waitlisted'
  | 'declined'
  | 'cancelled'
  | 'late'
  | 'attended'
  | 'no_show'
  | 'excused';

/** Fall 2025 in Ottawa (UTC-4 until 2 November, then UTC-5). */
const EVENTS: Array<{ title: string; startsAt: string; cancelled?: boolean; people: Status[] }> = [
  {
    title: 'Numbers welcome night',
    startsAt: '2025-09-12T22:00:00Z',
    people: ['attended', 'attended', 'attended', 'no_show', 'late', 'cancelled', 'waitlisted'],
  },
  {
    title: 'Numbers mock interviews',
    startsAt: '2025-10-20T22:00:00Z',
    people: ['attended', 'attended', 'no_show', 'no_show', 'excused', 'declined', 'submitted'],
  },
  {
    title: 'Numbers bubble tea run',
    startsAt: '2025-11-02T23:00:00Z',
    cancelled: true,
    people: ['attended'],
  },
  {
    title: '=Numbers hot pot social',
    startsAt: '2025-12-05T23:00:00Z',
    people: ['attended', 'late', 'late', 'confirmed'],
  },
];

/** A copy of the suite's seeded database with the events above and their registrations. */
async function databaseWithNumbers(): Promise<{ dataDir: string; ids: Map<string, number> }> {
  const template = process.env[DATABASE_TEMPLATE_VARIABLE];
  if (!template) throw new Error('The global set-up made no seeded database to copy');
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'tcsa-numbers-')), 'pglite');
  cpSync(path.join(template, 'pglite'), dataDir, { recursive: true });
  const db = new PGlite(dataDir);
  const ids = new Map<string, number>();
  let person = 0;
  for (const event of EVENTS) {
    const {
      rows: [row],
    } = await db.query<{ id: number }>(
      'insert into events (title, starts_at, cancelled_at) values ($1, $2, $3) returning id',
      [event.title, event.startsAt, event.cancelled ? '2025-10-30T12:00:00Z' : null],
    );
    ids.set(event.title, row!.id);
    for (const status of event.people) {
      person += 1;
      await db.query(
        `insert into event_registrations
           (event_id, first_name, last_name, email, status, late_cancellation, checked_in_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          row!.id,
          `Person${person}`,
          'Numbers',
          `numbers.person${person}@example.org`,
          status === 'late' ? 'cancelled' : status,
          status === 'late',
          status === 'attended' ? event.startsAt : null,
        ],
      );
    }
  }
  await db.close();
  return { dataDir, ids };
}

/** A figure of the page's figures, by its label. */
function figure(page: Page, label: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

async function download(page: Page, link: string): Promise<string[][]> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: link }).click(),
  ]);
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parseCsv(text.slice(1));
}

test.describe('the numbers', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  let ids: Map<string, number>;
  let admin: Page;
  const pages = pagesOf(() => site);

  test.beforeAll(async ({ browser }, testInfo) => {
    const prepared = await databaseWithNumbers();
    ids = prepared.ids;
    site = await startSite({ PGLITE_DATA_DIR: prepared.dataDir });
    const width = testInfo.project.name === 'phone' ? 390 : 1280;
    admin = await setUpStaff(site, (address) => pages.newPage(browser, address, width), {
      admin: '198.51.100.60',
      coordinator: '198.51.100.61',
      finance: '198.51.100.62',
    });
  });
  test.afterAll(async () => {
    await pages.close();
    await site?.stop();
  });

  test('a term: its figures, the chart with its table, the events and the CSV, audited with its rows', async ({
    browser,
    page,
    expectAccessible,
    consoleErrors,
  }, testInfo) => {
    const coordinator = await pages.newPage(browser, '198.51.100.63', widthOf(page));
    coordinator.on('pageerror', (error) => consoleErrors.push(error.message));
    await signIn(coordinator, COORDINATOR);
    await coordinator
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Numbers' })
      .click();
    await expect(coordinator.getByRole('heading', { name: 'Numbers', level: 1 })).toBeVisible();
    await coordinator.getByLabel('Term').selectOption({ label: 'Fall 2025' });
    await coordinator.getByRole('button', { name: 'Show' }).click();
    await expect(coordinator).toHaveURL(/term=2025-fall/);
    await expect(
      coordinator.getByText('Fall 2025: the events of September to December 2025.'),
    ).toBeVisible();

    // The cancelled event is left out: three events, 18 registrations.
    await expect(figure(coordinator, 'Events held')).toHaveText('3');
    await expect(figure(coordinator, 'Registrations')).toHaveText('18');
    await expect(figure(coordinator, 'Checked in')).toHaveText('6');
    await expect(figure(coordinator, 'No-shows')).toHaveText('3');
    await expect(figure(coordinator, 'No-show rate')).toHaveText('33.3%');
    await expect(figure(coordinator, 'Late cancellations')).toHaveText('3');
    await expect(
      coordinator.getByText(
        'No-show rate: no-shows divided by the people whose attendance is known (checked in plus no-shows).',
      ),
    ).toBeVisible();

    const chart = coordinator.getByRole('img', {
      name: 'Registrations and check-ins by month, Fall 2025: Sep 7 registrations, 3 checked in; Oct 7 registrations, 2 checked in; Nov 0 registrations, 0 checked in; Dec 4 registrations, 1 checked in.',
    });
    await expect(chart.locator('svg')).toBeVisible();
    const box = (await chart.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(widthOf(coordinator));
    const months = coordinator.getByRole('table', { name: /The chart’s numbers/ });
    await expect(months.getByRole('row')).toHaveText([
      /Month\s*Registrations\s*Checked in/,
      /Sep\s*7\s*3/,
      /Oct\s*7\s*2/,
      /Nov\s*0\s*0/,
      /Dec\s*4\s*1/,
    ]);
    await expect(coordinator.getByRole('heading', { name: '3 events in Fall 2025' })).toBeVisible();
    await expect(coordinator.getByText('Numbers bubble tea run')).toHaveCount(0);
    await expectNoSidewaysScroll(coordinator);
    await coordinator.screenshot({
      path: testInfo.outputPath(`numbers-term-${widthOf(coordinator)}.png`),
      fullPage: true,
    });
    await expectAccessible(coordinator);

    const rows = await download(coordinator, 'Download CSV');
    expect(rows).toEqual([
      [
        'Event',
        'Date',
        'Registered',
        'Places taken',
        'Confirmed (not checked in)',
        'Checked in',
        'No-shows',
        'No-show rate (no-shows / (checked in + no-shows))',
        'Late cancellations',
      ],
      ['Numbers welcome night', '2025-09-12', '7', '4', '0', '3', '1', '25%', '1'],
      ['Numbers mock interviews', '2025-10-20', '7', '5', '0', '2', '2', '50%', '0'],
      // A title a spreadsheet would run as a formula is written as text.
      ["'=Numbers hot pot social", '2025-12-05', '4', '2', '1', '1', '0', '0%', '2'],
    ]);
    await admin.goto('/admin/audit');
    await expect(
      admin.getByText('Exported the numbers of Fall 2025 (3 rows, one per event)').first(),
    ).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('an event: its figures, what each counts, the tab, and its CSV', async ({
    browser,
    page,
    expectAccessible,
  }, testInfo) => {
    const coordinator = await pages.newPage(browser, '198.51.100.64', widthOf(page));
    await signIn(coordinator, COORDINATOR);
    await coordinator.goto('/admin/numbers?term=2025-fall');
    await coordinator.getByRole('link', { name: 'Numbers mock interviews' }).click();
    await expect(
      coordinator.getByRole('heading', { name: 'Numbers: Numbers mock interviews', level: 1 }),
    ).toBeVisible();
    await expect(
      coordinator.getByRole('navigation', { name: 'This event' }).getByRole('link', {
        name: 'Numbers',
      }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(figure(coordinator, 'Registered')).toHaveText('7');
    await expect(figure(coordinator, 'Places taken')).toHaveText('5');
    await expect(figure(coordinator, 'Confirmed')).toHaveText('0');
    await expect(figure(coordinator, 'Checked in')).toHaveText('2');
    await expect(figure(coordinator, 'No-shows')).toHaveText('2');
    await expect(figure(coordinator, 'No-show rate')).toHaveText('50%');
    await expect(figure(coordinator, 'Late cancellations')).toHaveText('0');
    await expectNoSidewaysScroll(coordinator);
    await coordinator.screenshot({
      path: testInfo.outputPath(`numbers-event-${widthOf(coordinator)}.png`),
      fullPage: true,
    });
    await expectAccessible(coordinator);

    const rows = await download(coordinator, 'Download CSV');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      'Numbers mock interviews',
      '2025-10-20',
      '7',
      '5',
      '0',
      '2',
      '2',
      '50%',
      '0',
    ]);
    await admin.goto('/admin/audit');
    await expect(
      admin.getByText('Exported the numbers of "Numbers mock interviews" (1 row)').first(),
    ).toBeVisible();
  });

  test('signed out and finance: the pages and the files are refused, and nothing is written', async ({
    browser,
    page,
  }) => {
    const eventId = ids.get('Numbers welcome night')!;
    const visitor = await pages.newPage(browser, '198.51.100.65', widthOf(page));
    await visitor.goto('/admin/numbers?term=2025-fall');
    await expect(visitor).toHaveURL(/\/admin\/sign-in\?next=/);
    await visitor.goto(`/admin/events/${eventId}/numbers`);
    await expect(visitor).toHaveURL(/\/admin\/sign-in\?next=/);
    for (const file of [
      '/admin/numbers/numbers.csv?term=2025-fall',
      `/admin/events/${eventId}/numbers/numbers.csv`,
    ]) {
      const refused = await visitor.request.get(file);
      expect(refused.status()).toBe(401);
      expect(await refused.text()).toBe(NOT_ALLOWED_MESSAGE);
    }

    const finance = await pages.newPage(browser, '198.51.100.66', widthOf(page));
    await signIn(finance, FINANCE);
    await expect(
      finance.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Numbers' }),
    ).toHaveCount(0);
    for (const address of ['/admin/numbers?term=2025-fall', `/admin/events/${eventId}/numbers`]) {
      await finance.goto(address);
      await expect(finance.getByRole('heading', { level: 1 })).not.toHaveText(/Numbers/);
      await expect(finance.getByText('Numbers welcome night')).toHaveCount(0);
      await expect(finance.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
    }
    for (const file of [
      '/admin/numbers/numbers.csv?term=2025-fall',
      `/admin/events/${eventId}/numbers/numbers.csv`,
    ]) {
      const refused = await finance.request.get(file);
      expect(refused.status()).toBe(403);
      expect(await refused.text()).toBe(NOT_ALLOWED_MESSAGE);
    }
    const wrongTerm = await admin.request.get('/admin/numbers/numbers.csv?term=autumn');
    expect(wrongTerm.status()).toBe(400);
    expect(await wrongTerm.text()).toContain('such as 2026-fall');
    await admin.goto('/admin/audit');
    // Only the two downloads of the tests before: no refused request wrote an entry.
    await expect(admin.getByText(/^Exported the numbers of/)).toHaveCount(2);
  });
});
