import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startSite, type RunningSite } from './support/server';

/**
 * Remembered devices (lib/auth/trusted-devices.ts), on a server of its own: a browser that signed
 * in once still gets in with the right password while a stranger on the same network has locked
 * the account and used up the network's sign-in tries; the stranger's browser stays refused; the
 * Security page lists the remembered browser and forgets it.
 */

const SETUP_LINK = /\/admin\/setup\?token=[\w-]+/;
const ADMIN = { name: 'Mei Chen', email: 'mei.chen@example.org', password: 'lantern moon 2026!' };
/** Both browsers come from one network: the per-address limit is theirs to share. */
const ADDRESS = '198.51.100.60';
const LOCKED = /^Too many wrong passwords for this account\. Try again after/;
/** The owner's browser, named on the Security page by its user agent. */
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

test.describe('the console remembers the browsers its executives signed in on', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ userAgent: FIREFOX_ON_LINUX });
  let site: RunningSite;
  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  /** Signs in with the form, and waits for the server's answer to it. */
  async function signIn(page: Page, password: string, email = ADMIN.email) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().includes('/admin/sign-in'),
    );
    await page.getByRole('button', { name: 'Sign in' }).click();
    await answered;
    await expect(page.getByRole('button', { name: 'Signing in…' })).toHaveCount(0);
  }

  test("a stranger's wrong passwords lock out the stranger, not the owner's remembered browser", async ({
    page,
    browser,
    expectAccessible,
  }) => {
    // The first account's sign-in remembers this browser (made elsewhere: the network's tries
    // are the stranger's to use up).
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.59' });
    await expect.poll(() => SETUP_LINK.test(site.log()), { timeout: 30_000 }).toBe(true);
    await page.goto(`${site.baseURL}${SETUP_LINK.exec(site.log())![0]}`);
    await page.getByLabel('Name').fill(ADMIN.name);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Password again').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Create the super admin' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.name}` })).toBeVisible();
    const deviceCookie = (await page.context().cookies()).find(
      (cookie) => cookie.name === 'tcsa-admin.device',
    );
    expect(deviceCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ADDRESS });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in/);

    // A stranger on the same network guesses until the account is locked.
    const strangers = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': ADDRESS },
    });
    const stranger = await strangers.newPage();
    await stranger.goto(`${site.baseURL}/admin/sign-in`);
    const strangerAlert = stranger.locator('form').getByRole('alert');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await signIn(stranger, `wrong guess number ${attempt}`);
      await expect(strangerAlert).toHaveText(/not right/);
    }
    await signIn(stranger, ADMIN.password);
    await expect(strangerAlert).toHaveText(LOCKED);
    // The network's tries are used up as well: another account is refused from it.
    await signIn(stranger, 'any password at all', 'someone.else@example.org');
    await expect(strangerAlert).toHaveText(/^Too many sign-in attempts from this device\./);

    // The owner's remembered browser: the right password gets in.
    await signIn(page, ADMIN.password);
    await expect(page).toHaveURL(`${site.baseURL}/admin`);
    await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.name}` })).toBeVisible();

    // The stranger's browser, with the right password, is still refused.
    await signIn(stranger, ADMIN.password);
    await expect(strangerAlert).toHaveText(LOCKED);
    await expect(stranger).toHaveURL(/\/admin\/sign-in$/);
    await strangers.close();

    // The Security page lists this browser, marks it, and forgets it.
    await page.goto(`${site.baseURL}/admin/security`);
    const panel = page.getByRole('region', { name: 'Remembered devices' });
    const devices = panel.getByRole('list', { name: 'Remembered devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(1);
    await expect(devices.first()).toContainText('Firefox on Linux');
    await expect(devices.first()).toContainText('This browser');
    await expect(devices.first()).toContainText(/First used .+ · last used .+/);
    await expect(panel.getByRole('button', { name: 'Forget all' })).toBeVisible();
    await expectAccessible();
    // The wrong guesses are on the owner's page as well.
    await expect(page.getByRole('region', { name: 'Failed sign-ins' })).toContainText(
      'Refused: the account was locked',
    );

    await devices
      .first()
      .getByRole('button', { name: /^Forget Firefox on Linux/ })
      .click();
    await expect(panel.getByText('The device is forgotten.')).toBeVisible();
    await expect(panel.getByText('No remembered device.')).toBeVisible();
    expect(
      (await page.context().cookies()).find((cookie) => cookie.name === 'tcsa-admin.device'),
    ).toBeUndefined();
    await page.goto(`${site.baseURL}/admin/audit`);
    await expect(
      page.getByText('Mei Chen forgot a remembered device (Firefox on Linux)'),
    ).toBeVisible();
  });
});
