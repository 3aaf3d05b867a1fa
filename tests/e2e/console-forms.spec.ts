import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startSite, type RunningSite } from './support/server';

/**
 * A console form whose save fails, on a phone: the fields with errors are far above the button,
 * so a summary by the button names them (each a link), focus moves to the first one, and the
 * summary is an alert, which screen readers announce.
 */

const SETUP_LINK = /\/admin\/setup\?token=[\w-]+/;
const ADMIN = { name: 'Mei Chen', email: 'mei.chen@example.org', password: 'lantern moon 2026!' };

test.describe('the console forms after a failed save', () => {
  test.describe.configure({ mode: 'serial' });
  let site: RunningSite;
  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  async function firstAccount(page: Page) {
    await expect.poll(() => SETUP_LINK.test(site.log()), { timeout: 30_000 }).toBe(true);
    await page.goto(`${site.baseURL}${SETUP_LINK.exec(site.log())![0]}`);
    await page.getByLabel('Name').fill(ADMIN.name);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Password again').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Create the super admin' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.name}` })).toBeVisible();
  }

  test('the event form names the fields by the button, focuses the first and announces it', async ({
    page,
    expectAccessible,
  }, testInfo) => {
    await page.setExtraHTTPHeaders({
      'x-forwarded-for': testInfo.project.name === 'phone' ? '198.51.100.41' : '198.51.100.40',
    });
    await firstAccount(page);
    await page.goto(`${site.baseURL}/admin/events/new`);
    const form = page.locator('form', {
      has: page.getByRole('button', { name: 'Publish the event' }),
    });
    await form.getByLabel('Title').fill('Lantern night');
    await form.getByLabel('Capacity').fill('2');
    await form.getByLabel('Member places').fill('5');
    await form.getByLabel('Late cancellation cut-off (hours before the start)').fill('9999');
    await form.getByRole('button', { name: 'Publish the event' }).click();

    // The summary is in an alert region inside the form (Next.js has one of its own for routes).
    const summary = form.getByRole('alert').filter({ has: page.getByTestId('error-summary') });
    await expect(summary).toContainText('2 fields need a change before saving:');
    await expect(summary.getByRole('link')).toHaveText([
      'Member places',
      'Late cancellation cut-off (hours before the start)',
    ]);
    await expect(form.getByLabel('Member places')).toBeFocused();
    await expect(form.getByLabel('Member places')).toBeInViewport();
    // It stands by the button, where the person pressed it.
    const summaryBox = (await summary.boundingBox())!;
    const buttonBox = (await form
      .getByRole('button', { name: 'Publish the event' })
      .boundingBox())!;
    expect(buttonBox.y - (summaryBox.y + summaryBox.height)).toBeLessThan(200);
    await page.screenshot({
      path: testInfo.outputPath(`event-form-errors-${testInfo.project.name}.png`),
      fullPage: false,
    });

    await summary.getByRole('link', { name: /^Late cancellation/ }).click();
    await expect(
      form.getByLabel('Late cancellation cut-off (hours before the start)'),
    ).toBeFocused();
    await expectAccessible(page);
  });
});
