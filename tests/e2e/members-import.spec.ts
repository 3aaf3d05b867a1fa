import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { COORDINATOR, pagesOf, setUpStaff, signIn, widthOf } from './support/membership-staff';
import { startSite, type RunningSite } from './support/server';

/**
 * Last year's members imported from the club's spreadsheet, by the membership coordinator on a
 * 390 px phone: a file of 20 rows with 3 bad ones is previewed (each problem in words, nothing
 * written), fixed and previewed again, then imported; the 20 are in the roster with their member
 * IDs, and the super admin reads the import in the audit log. The seeded pilot year
 * (lib/db/seed/memberships.ts) is last year, with its 'Founding Member (pilot)' type.
 */

const HEADER =
  'Member ID,Status,Legal name,Preferred name,uOttawa email,Program,Year of study,Expected graduation,Membership type,Membership year,Valid from,Valid until';
const pilotYear = () => {
  const now = new Date();
  return now.getUTCMonth() >= 8 ? now.getUTCFullYear() - 1 : now.getUTCFullYear() - 2;
};

/** The club's spreadsheet saved as CSV by Excel: byte order mark, semicolons, CRLF. */
function spreadsheet(bad: boolean): Buffer {
  const year = pilotYear();
  const yy = String(year % 100).padStart(2, '0');
  const rows = Array.from({ length: 20 }, (_, index) => {
    const n = String(index + 1).padStart(2, '0');
    const cells = [
      `TCSA-${yy}-01${n}`,
      'Expired',
      `Imported Member ${n}`,
      `Member ${n}`,
      `imported.member${n}@uottawa.ca`,
      'BCom; Finance option',
      '3',
      String(year + 3),
      'Founding Member (pilot)',
      `${year}–${String((year + 1) % 100).padStart(2, '0')}`,
      `${year}-09-01`,
      `${year + 1}-08-31`,
    ];
    if (bad && index === 3) cells[2] = '';
    if (bad && index === 9) cells[4] = `imported.member${n}@gmail.com`;
    if (bad && index === 16) cells[8] = 'Gold';
    return cells.map((cell) => (cell.includes(';') ? `"${cell}"` : cell)).join(';');
  });
  return Buffer.from(`\uFEFF${[HEADER.replaceAll(',', ';'), ...rows].join('\r\n')}\r\n`, 'utf8');
}

test.describe('last year’s members imported from a CSV on a phone', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  const pages = pagesOf(() => site);
  let address = 0;
  const newPage = (page: Page) =>
    pages.newPage(page.context().browser()!, `203.0.113.${120 + address++}`, widthOf(page));

  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    await pages.close();
    await site?.stop();
  });

  test('a members CSV of 20 rows with 3 bad ones is previewed, fixed and imported', async ({
    page,
  }, testInfo) => {
    const admin = await setUpStaff(site, () => newPage(page), {
      admin: '203.0.113.110',
      coordinator: '203.0.113.111',
      finance: '203.0.113.112',
    });
    const coordinator = await newPage(page);
    await signIn(coordinator, COORDINATOR);
    await coordinator.goto('/admin/members');
    await coordinator.getByRole('link', { name: 'Import CSV' }).click();
    await expect(coordinator.getByRole('heading', { name: 'Import members' })).toBeVisible();

    const upload = async (bad: boolean) => {
      await coordinator.getByLabel('CSV file').setInputFiles({
        name: 'members-2025.csv',
        mimeType: 'text/csv',
        buffer: spreadsheet(bad),
      });
      await coordinator.getByRole('button', { name: 'Preview' }).click();
    };

    await upload(true);
    await expect(coordinator.getByTestId('import-counts')).toHaveText(
      '20 rows: 17 ready, 3 with problems.',
    );
    const rows = coordinator.getByRole('list', { name: 'Rows of the file' });
    await expect(rows.getByText('Missing legal name.')).toBeVisible();
    await expect(
      rows.getByText(
        'Not a uOttawa email (imported.member10@gmail.com): it must end with @uottawa.ca.',
      ),
    ).toBeVisible();
    await expect(rows.getByText(/^Unknown membership type “Gold” for \d{4}–\d{2}/)).toBeVisible();
    await expect(coordinator.getByRole('button', { name: /^Import \d+ member/ })).toHaveCount(0);
    // The preview wrote nothing.
    await coordinator.goto('/admin/members?q=Imported+Member');
    await expect(coordinator.getByText('No membership matches this search.')).toBeVisible();
    await coordinator.goBack();
    await coordinator.goto('/admin/members/import');

    // The fixed file, uploaded again.
    await upload(false);
    await expect(coordinator.getByTestId('import-counts')).toHaveText(
      '20 rows: 20 ready, 0 with problems.',
    );
    const wide = await coordinator.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, 'nothing runs off a 390 px screen').toBeLessThanOrEqual(390);
    await coordinator.screenshot({ path: testInfo.outputPath('import-390.png'), fullPage: true });
    await coordinator.getByRole('button', { name: 'Import 20 members' }).click();
    await expect(coordinator.getByText('20 members imported.')).toBeVisible();

    // The same file once more: all 20 are members now, nothing to import.
    await upload(false);
    await expect(coordinator.getByTestId('import-counts')).toHaveText(
      '20 rows: 0 ready, 0 with problems, 20 already members (skipped).',
    );

    await coordinator.goto('/admin/members?q=Imported+Member');
    await expect(
      coordinator.getByRole('heading', { name: '20 matching memberships' }),
    ).toBeVisible();
    const yy = String(pilotYear() % 100).padStart(2, '0');
    await expect(coordinator.getByText(`TCSA-${yy}-0117`)).toBeVisible();

    await admin.goto('/admin/audit');
    await expect(
      admin.getByText('Imported 20 memberships from a CSV file (0 already there, skipped)'),
    ).toBeVisible();
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.goto('/admin/members/import');
    await admin.getByLabel('CSV file').setInputFiles({
      name: 'members-2025.csv',
      mimeType: 'text/csv',
      buffer: spreadsheet(true),
    });
    await admin.getByRole('button', { name: 'Preview' }).click();
    await expect(admin.getByTestId('import-counts')).toBeVisible();
    await admin.screenshot({ path: testInfo.outputPath('import-1280.png'), fullPage: true });
  });
});
