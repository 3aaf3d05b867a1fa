import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startSite, type RunningSite } from './support/server';
import { totp } from './support/totp';

/**
 * The club console's accounts and access, on a server of its own (its database starts without
 * any account, so the server prints the one-time setup link): the link creates the super admin,
 * who signs out and in again; wrong passwords are refused, then rate limited; a form posted from
 * another site is refused; the console's pages are never cached nor indexed.
 */

const ADMIN = { name: 'Mei Chen', email: 'mei.chen@example.org', password: 'lantern moon 2026!' };
const COORDINATOR = { name: 'Ana Li', email: 'ana.li@example.org', password: 'dumpling river 88' };
// Next.js announces route changes in a role=alert region of its own: the forms' alerts are
// looked for inside the form.
const SETUP_LINK = /\/admin\/setup\?token=[\w-]+/;

test.describe('the club console: first account and sign-in', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  /** The setup link's path, from the server's log (it is printed once the database is open). */
  async function setupLinkFromLog(): Promise<string> {
    await expect.poll(() => SETUP_LINK.test(site.log()), { timeout: 30_000 }).toBe(true);
    return SETUP_LINK.exec(site.log())![0];
  }

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
    // React resets the form when the action's transition ends, which is after the answer: typing
    // before then would be wiped.
    await expect(page.getByRole('button', { name: 'Signing in…' })).toHaveCount(0);
  }

  /**
   * Each test signs in from an address of its own (the nearest proxy's X-Forwarded-For), so that
   * the sign-in rate limit, counted per address, is each test's own.
   */
  async function fromAddress(page: Page, address: string) {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  }

  test('the setup link from the server log creates the super admin, once', async ({
    page,
    expectAccessible,
  }) => {
    await fromAddress(page, '203.0.113.1');
    const link = await setupLinkFromLog();

    await page.goto(`${site.baseURL}/admin`);
    await expect(page).toHaveURL(`${site.baseURL}/admin/sign-in`);

    await page.goto(`${site.baseURL}${link}`);
    await expect(page.getByRole('heading', { name: 'Create the first account' })).toBeVisible();
    await expectAccessible();

    await page.getByLabel('Name').fill(ADMIN.name);
    await page.getByLabel('Email').fill('not an address');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Password again').fill('different');
    await page.getByRole('button', { name: 'Create the super admin' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByText('The password must be at least 12 characters.')).toBeVisible();
    await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Name')).toHaveValue(ADMIN.name);
    await expectAccessible();

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Password again').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Create the super admin' }).click();

    await expect(page).toHaveURL(`${site.baseURL}/admin`);
    await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.name}` })).toBeVisible();
    await expect(page.getByText(`${ADMIN.name} · Super admin`)).toBeVisible();
    // The seed's upcoming events, with their registrations against their capacity.
    const upcoming = page.getByRole('region', { name: 'Upcoming events' });
    await expect(upcoming.getByRole('listitem').first()).toContainText(
      /\d+ (\/ \d+ )?places? taken/,
    );
    await expect(page.getByRole('region', { name: 'Recent changes' })).toContainText(
      `Created the first account, ${ADMIN.email}, as super admin`,
    );
    await expectAccessible();

    // Spent: the same link cannot make a second account.
    await page.goto(`${site.baseURL}${link}`);
    await expect(page.getByRole('heading', { name: 'This setup link is not valid' })).toBeVisible();
  });

  test('the super admin invites a coordinator and an event lead, and deactivates an account', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    await fromAddress(page, '203.0.113.2');
    await page.goto(`${site.baseURL}/admin/sign-in`);
    await signIn(page, ADMIN.password);
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Accounts' })
      .click();
    await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();

    // Bad input is refused beside its field and named by the button, and nothing is stored.
    await page.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByTestId('error-summary')).toContainText('Name: Name is required.');
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page.getByText('Name is required.').first()).toBeVisible();
    await expect(page.getByText('Choose a role.').first()).toBeVisible();
    await page.getByLabel('Name').fill('Mei again');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Role').selectOption('coordinator');
    await page.getByRole('button', { name: 'Invite' }).click();
    await expect(
      page.getByText('An account with this email already exists.').first(),
    ).toBeVisible();
    await expectAccessible();

    const invite = async (name: string, email: string, role: string) => {
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Role').selectOption(role);
      await page.getByRole('button', { name: 'Invite' }).click();
      // This server has no mail server: the page says the link is the admin's to send.
      await expect(
        page.getByText(
          `${name} is invited. No mail server is set up, so send them this one-time link yourself: it lets them choose a password within 7 days.`,
        ),
      ).toBeVisible();
      return page.getByLabel('Invitation link').inputValue();
    };
    const coordinatorLink = await invite(COORDINATOR.name, COORDINATOR.email, 'coordinator');
    await invite('Sam Lee', 'sam.lee@example.org', 'event_lead');
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /Ana Li/ })).toContainText('Invited');
    await expect(table.getByRole('row', { name: /Sam Lee/ })).toContainText('Event lead');

    // The coordinator accepts in a browser of their own.
    const coordinatorContext = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.20' },
    });
    const coordinator = await coordinatorContext.newPage();
    await coordinator.goto(
      `${site.baseURL}${new URL(coordinatorLink).pathname}${new URL(coordinatorLink).search}`,
    );
    await expect(
      coordinator.getByRole('heading', { name: 'Welcome to the TCSA console' }),
    ).toBeVisible();
    await coordinator.getByLabel('Password', { exact: true }).fill(COORDINATOR.password);
    await coordinator.getByLabel('Password again').fill(COORDINATOR.password);
    await coordinator.getByRole('button', { name: 'Save the password' }).click();
    await expect(
      coordinator.getByRole('heading', { name: `Welcome, ${COORDINATOR.name}` }),
    ).toBeVisible();
    await expect(coordinator.getByText(`${COORDINATOR.name} · Coordinator`)).toBeVisible();
    const coordinatorNav = coordinator.getByRole('navigation', { name: 'Console' });
    await expect(coordinatorNav.getByRole('link', { name: 'Accounts' })).toHaveCount(0);
    await coordinator.goto(`${site.baseURL}/admin/accounts`);
    await expect(
      coordinator.getByRole('heading', { name: 'Not available to your role' }),
    ).toBeVisible();
    await expect(coordinator.getByText(ADMIN.email)).toHaveCount(0);

    // The super admin sees the sign-in, then deactivates the account.
    await page.reload();
    await page.getByRole('link', { name: COORDINATOR.name }).click();
    await expect(page.getByRole('heading', { name: COORDINATOR.name, level: 1 })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Recent sign-ins' }).getByRole('listitem'),
    ).toHaveCount(1);
    await expectAccessible();
    // The console's own confirmation, never the browser's confirm().
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Deactivate the account' }).click();
    await expect(page.getByText('The account is deactivated')).toHaveCount(0);
    await page.getByLabel(`Yes, deactivate ${COORDINATOR.name}’s account`).check();
    await page.getByRole('button', { name: 'Deactivate the account' }).click();
    await expect(
      page.getByText('The account is deactivated: its sessions have ended.'),
    ).toBeVisible();
    expect(dialogs).toEqual([]);

    // The coordinator's open session is refused at its next request.
    await coordinator.goto(`${site.baseURL}/admin`);
    await expect(coordinator).toHaveURL(`${site.baseURL}/admin/sign-in`);
    // Told why they are on the sign-in page, on this browser only.
    await expect(coordinator.getByTestId('session-ended')).toHaveText(
      'Your session has ended, so sign in again. A session ends when you sign out on another device, when your password is reset, or when a super admin deactivates your account.',
    );
    await coordinator.getByLabel('Email').fill(COORDINATOR.email);
    await coordinator.getByLabel('Password').fill(COORDINATOR.password);
    await coordinator.getByRole('button', { name: 'Sign in' }).click();
    await expect(coordinator.locator('form').getByRole('alert')).toHaveText(
      'This account has been deactivated. Ask a super admin of the club if you need it.',
    );
    await coordinatorContext.close();

    // Every change is in the audit log, which the super admin filters.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.getByLabel('Words').fill('deactivated');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByRole('table')).toContainText(
      `Deactivated ${COORDINATOR.name}'s account`,
    );
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await expectAccessible();
  });

  test('the console is private: never cached, never indexed, with the site policy', async ({
    page,
  }) => {
    for (const path of ['/admin', '/admin/sign-in', '/admin/setup']) {
      const response = await page.request.get(`${site.baseURL}${path}`, { maxRedirects: 0 });
      const headers = response.headers();
      expect(headers['cache-control'], path).toContain('no-store');
      expect(headers['cache-control'], path).toContain('private');
      expect(headers['x-robots-tag'], path).toContain('noindex');
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'self'");
    }
    await page.goto(`${site.baseURL}/admin/sign-in`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('signs out, refuses a wrong password with a clear message, and signs in', async ({
    page,
    expectAccessible,
  }) => {
    await fromAddress(page, '203.0.113.3');
    await page.goto(`${site.baseURL}/admin/sign-in`);
    await signIn(page, ADMIN.password);
    await expect(page).toHaveURL(`${site.baseURL}/admin`);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${site.baseURL}/admin/sign-in`);
    await page.goto(`${site.baseURL}/admin`);
    await expect(page).toHaveURL(`${site.baseURL}/admin/sign-in`);
    // A signed-out visit to a console page comes back to it after signing in.
    await page.goto(`${site.baseURL}/admin/audit?q=invited`);
    await expect(page).toHaveURL(
      `${site.baseURL}/admin/sign-in?next=${encodeURIComponent('/admin/audit?q=invited')}`,
    );

    await signIn(page, 'not my password at all');
    await expect(page.locator('form').getByRole('alert')).toHaveText(
      'The email or password is not right. Check both and try again.',
    );
    await expect(page.getByLabel('Email')).toHaveValue(ADMIN.email);
    await expectAccessible();

    await signIn(page, ADMIN.password);
    await expect(page).toHaveURL(`${site.baseURL}/admin/audit?q=invited`);
    await expect(page.getByLabel('Words')).toHaveValue('invited');
  });

  test('a form posted to the console from another site is refused', async ({ page }) => {
    const response = await page.request.post(`${site.baseURL}/admin/sign-in`, {
      headers: { origin: 'https://attacker.example', 'next-action': 'forged' },
      form: { email: ADMIN.email, password: ADMIN.password },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain('came from another site');
    expect(response.headers()['set-cookie'] ?? '').not.toContain('tcsa-admin');
  });

  test('repeated wrong passwords from one device are rate limited, with the wait in words', async ({
    page,
  }) => {
    await fromAddress(page, '203.0.113.5');
    await page.goto(`${site.baseURL}/admin/sign-in`);
    const alert = page.locator('form').getByRole('alert');
    // Each try names another address, so that this is the device's limit, not one account's
    // (tests/e2e/console-guards.spec.ts locks an account tried from many devices).
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await signIn(page, `wrong password number ${attempt}`, `guess${attempt}@example.org`);
      await expect(alert).toHaveText(/not right/);
    }
    await signIn(page, ADMIN.password);
    await expect(alert).toHaveText(
      /^Too many sign-in attempts from this device\. Wait \d+ seconds, then try again\.$/,
    );
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
  });

  test('two-factor sign-in: turned on with an app code, then asked for at sign-in', async ({
    page,
    expectAccessible,
  }) => {
    await fromAddress(page, '203.0.113.6');
    await page.goto(`${site.baseURL}/admin/sign-in`);
    await signIn(page, ADMIN.password);
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Security' })
      .click();
    await expect(page.getByRole('heading', { name: 'Sign-in security' })).toBeVisible();
    await expectAccessible();

    await page.getByLabel('Your password').fill('not my password at all');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('The password is not right.');
    await page.getByLabel('Your password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code for the authenticator app' }),
    ).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem'),
    ).toHaveCount(10);
    const secret = await page.getByLabel('Key for the app').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // On a phone the key opens in the authenticator app, or is copied into it.
    const appLink = page.getByRole('link', { name: 'open the key in your authenticator app' });
    expect(await appLink.getAttribute('href')).toMatch(
      new RegExp(`^otpauth://totp/[^?]+\\?(.+&)?secret=${secret}(&|$)`),
    );
    await expect(page.getByRole('button', { name: 'Copy the key' })).toBeVisible();
    const backupCodes = await page
      .getByRole('list', { name: 'Backup codes' })
      .getByRole('listitem')
      .allTextContents();
    await expectAccessible();

    // Back on the page before confirming: the same key and codes, not a new key.
    await page.reload();
    await page.getByLabel('Your password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page.getByText('This is the key you started with')).toBeVisible();
    await expect(page.getByLabel('Key for the app')).toHaveValue(secret);
    expect(
      await page
        .getByRole('list', { name: 'Backup codes' })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual(backupCodes);

    await page
      .getByLabel('Code from the app')
      .fill('000000' === totp(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expect(page.locator('form').getByRole('alert')).toContainText('The code is not right.');
    await page.getByLabel('Code from the app').fill(totp(secret));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    const state = page.getByTestId('two-factor-state');
    await expect(state).toHaveText(
      'On: each sign-in asks for your password and a code from your authenticator app.',
    );

    // The next sign-in asks for a code after the password.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${site.baseURL}/admin/sign-in`);
    await signIn(page, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/sign-in\/code\?next=/);
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    // The password alone opened no session.
    await page.goto(`${site.baseURL}/admin`);
    await expect(page).toHaveURL(`${site.baseURL}/admin/sign-in`);
    await signIn(page, ADMIN.password);
    await page.getByLabel('Code').fill('12345x');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(
      'The code is not right. Enter the current code from your app, or a backup code.',
    );
    await expectAccessible();
    await page.getByLabel('Code').fill(totp(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${site.baseURL}/admin`);

    // Turned off again with the password.
    await page.goto(`${site.baseURL}/admin/security`);
    await page.getByLabel('Your password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect(state).toHaveText(/^Off\. /);
    await expectAccessible();

    // The audit log has the start, the key shown again, and the change both ways.
    await page.goto(`${site.baseURL}/admin/audit?q=two-factor`);
    for (const line of [
      `${ADMIN.name} started turning on two-factor sign-in`,
      `${ADMIN.name} showed their two-factor key and backup codes again, not yet confirmed`,
      `${ADMIN.name} turned on two-factor sign-in`,
      `${ADMIN.name} turned off two-factor sign-in`,
    ]) {
      await expect(page.getByText(line, { exact: true }).first()).toBeVisible();
    }
  });
});
