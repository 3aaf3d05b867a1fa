import type { Page } from '@playwright/test';
import { NOT_ALLOWED_MESSAGE } from '@/lib/auth/messages';
import { expect, test } from './support/fixtures';
import { setTestFault } from './support/faults';
import { builtServerActions, callAction, Client, form } from './support/server-actions';
import { startSite, type RunningSite } from './support/server';
import {
  COORDINATOR,
  FINANCE,
  pagesOf,
  setUpStaff,
  signIn,
  widthOf,
  yesterday,
} from './support/membership-staff';

/**
 * The club's membership in the console, on a seeded server of its own: the coordinator finds a
 * member by ID and by email, sees whether they paid but no amount, and can neither open the
 * payments nor confirm one (no control, and the action refused); finance records an e-Transfer
 * of the wrong amount (flagged, with the message), then the right one, confirms it (the member
 * ID shown) and refunds it (refunded, the ID kept); the super admin changes a price.
 */

const CONSOLE = 'app/(admin)/admin/(console)';
const MEMBER_ID = /TCSA-\d{2}-\d{4}/;

test.describe('the membership console: members, payments, settings', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  const pages = pagesOf(() => site);
  const newPage = pages.newPage;
  let admin: Page;

  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    await pages.close();
    await site?.stop();
  });

  test('the super admin invites a coordinator and finance', async ({ browser, page }) => {
    admin = await setUpStaff(site, (address) => newPage(browser, address, widthOf(page)), {
      admin: '198.51.100.21',
      coordinator: '198.51.100.22',
      finance: '198.51.100.23',
    });
  });

  test('the System page: the super admin sees each check with what to do; the coordinator, finance and a visitor signed out are refused', async ({
    browser,
    page,
    expectAccessible,
  }) => {
    await admin
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'System' })
      .click();
    await expect(admin.getByRole('heading', { name: 'System', level: 1 })).toBeVisible();
    const check = (name: string) =>
      admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name, level: 2 }) });
    for (const name of [
      'Public address',
      'Email',
      'Secrets',
      'Database',
      'Data folders',
      'Scheduled work',
      'Backups',
      'Tested restore',
      'Reverse proxy',
      'Sanity project',
    ]) {
      await expect(check(name)).toHaveCount(1);
    }
    // This test server: its own database, no public address, no email, no backup yet.
    await expect(check('Database')).toContainText('Passed');
    await expect(check('Database')).toContainText('migrations) are applied.');
    await expect(check('Email')).toContainText('Failed');
    await expect(check('Email')).toContainText('SMTP_URL is not set');
    await expect(check('Email')).toContainText('What to do');
    await expect(check('Public address')).toContainText('NEXT_PUBLIC_SITE_URL is not set');
    await expect(check('Reverse proxy')).toContainText('Not checked');
    await expect(check('Sanity project')).toContainText('Not checked');
    // The scheduled work runs a few seconds after the server starts, then every minute.
    await expect
      .poll(async () => {
        await admin.reload();
        return check('Scheduled work').textContent();
      })
      .toContain('within the last 5 minutes');
    await expectAccessible(admin);
    // Every word is the Studio's: with the copy marked, names and statuses are marked.
    await setTestFault(admin.context(), site.baseURL, 'copy=markers');
    await admin.reload();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('⟦System⟧');
    await expect(check('⟦Database⟧').getByRole('heading')).toHaveText('⟦Database⟧⟦Passed⟧');
    await admin.context().clearCookies({ name: 'tcsa-test-fault' });

    const coordinator = await newPage(browser, '198.51.100.26', widthOf(page));
    await signIn(coordinator, COORDINATOR);
    const coordinatorNav = coordinator.getByRole('navigation', { name: 'Console' });
    await expect(coordinatorNav.getByRole('link', { name: 'Club settings' })).toHaveCount(0);
    await expect(coordinatorNav.getByRole('link', { name: 'System' })).toHaveCount(0);
    for (const [person, address] of [
      [COORDINATOR, '198.51.100.26'],
      [FINANCE, '198.51.100.27'],
    ] as const) {
      const refused =
        person === COORDINATOR ? coordinator : await newPage(browser, address, widthOf(page));
      if (person === FINANCE) await signIn(refused, FINANCE);
      const answer = await refused.goto('/admin/system');
      expect(answer?.status()).toBe(403);
      await expect(
        refused.getByRole('heading', { name: 'Not available to your role' }),
      ).toBeVisible();
      await expect(refused.getByText('Database')).toHaveCount(0);
    }
    const stranger = await newPage(browser, '198.51.100.28', widthOf(page));
    await stranger.goto('/admin/system');
    await expect(stranger).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Fsystem/);
  });

  test('the coordinator finds a member by ID and by email, sees no amount, and cannot confirm a payment', async ({
    browser,
    page,
    expectAccessible,
  }) => {
    const coordinator = await newPage(browser, '198.51.100.24', widthOf(page));
    await signIn(coordinator, COORDINATOR);
    const nav = coordinator.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link', { name: 'Payments' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Members' }).click();
    await expect(coordinator.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
    await expectAccessible(coordinator);

    // An active member of the seed: their ID and email as the list shows them.
    await coordinator.getByLabel('Status').selectOption('active');
    await coordinator.getByRole('button', { name: 'Search' }).click();
    await expect(coordinator).toHaveURL(/status=active/);
    const first = coordinator.getByRole('table').getByRole('row').nth(1);
    const memberId = MEMBER_ID.exec((await first.textContent()) ?? '')![0];
    // The name cell: the name's link, then the email under it.
    const email = (await first.getByRole('cell').first().locator('span span').textContent())!;
    const name = (await first.getByRole('link').textContent())!;

    for (const words of [memberId, email.toUpperCase()]) {
      await coordinator.goto('/admin/members');
      await coordinator.getByLabel('Name, email or member ID').fill(words);
      await coordinator.getByRole('button', { name: 'Search' }).click();
      await expect(
        coordinator.getByRole('heading', { name: /^1 matching membership/ }),
      ).toBeVisible();
      await expect(coordinator.getByRole('link', { name })).toBeVisible();
    }
    await coordinator.getByRole('link', { name }).click();
    await expect(coordinator.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(coordinator.getByText(`Member ID ${memberId}`)).toBeVisible();
    const payment = coordinator.getByRole('region', { name: 'Payment' });
    await expect(payment).toContainText(/^Payment\s*Paid\.$/);
    await expect(coordinator.locator('main')).not.toContainText('$');
    await expect(coordinator.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);
    await expect(coordinator.getByRole('heading', { name: 'Status history' })).toBeVisible();
    await expectAccessible(coordinator);

    await coordinator.goto('/admin/payments');
    await expect(
      coordinator.getByRole('heading', { name: 'Not available to your role' }),
    ).toBeVisible();

    // The action itself refuses the coordinator's session, whatever the page shows.
    const client = new Client(site.baseURL, '198.51.100.24');
    for (const cookie of await coordinator.context().cookies()) {
      client.cookies.set(cookie.name, cookie.value);
    }
    const confirm = builtServerActions().find(
      (action) =>
        action.file === `${CONSOLE}/payments/actions.ts` &&
        action.name === 'confirmMembershipPayment',
    )!;
    const answer = await callAction(client, confirm, '/admin/payments', [
      {},
      form({ paymentId: '1' }),
    ]);
    expect(answer.text).toContain(NOT_ALLOWED_MESSAGE);
  });

  test('finance records a wrong amount (flagged), then the right one, confirms and refunds', async ({
    browser,
    page,
    expectAccessible,
  }) => {
    const finance = await newPage(browser, '198.51.100.25', widthOf(page));
    await signIn(finance, FINANCE);
    const nav = finance.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Members',
      'Payments',
      'Money',
      'Security',
    ]);
    await expect(finance.getByRole('link', { name: 'Payments to confirm' })).toBeVisible();

    await nav.getByRole('link', { name: 'Payments' }).click();
    await expect(finance.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await expectAccessible(finance);

    // A pending application of the seed, found by the reference in its e-Transfer message: the
    // newest, for which no payment arrived yet (the oldest has one waiting to be confirmed).
    const waiting = finance.getByRole('region', { name: 'Applications waiting for payment' });
    const application = waiting.getByRole('listitem').filter({ hasText: 'Pending' }).last();
    const text = (await application.textContent()) ?? '';
    const reference = /^\s*(\S+)/.exec(text)![1]!;
    const name = (await application.getByRole('link').first().textContent())!;
    const price = Number(/CA\$(\d+\.\d\d)/.exec(text)![1]);
    await finance.getByLabel('Payment reference, name or email').fill(reference);
    await finance.getByRole('button', { name: 'Search' }).click();
    await expect(waiting.getByRole('listitem')).toHaveCount(1);

    const record = async (amount: string, transaction: string) => {
      const details = waiting.locator('details');
      if ((await details.getAttribute('open')) === null) {
        await waiting.getByText(`Record a payment from ${name}`).click();
      }
      const paymentForm = waiting.getByRole('form', { name: `Record a payment from ${name}` });
      await paymentForm.getByLabel('Amount received (CAD)').fill(amount);
      await paymentForm.getByLabel('Date received').fill(yesterday());
      await paymentForm.getByLabel('Transaction reference').fill(transaction);
      await paymentForm.getByRole('button', { name: 'Record the payment' }).click();
    };
    const wrong = (price - 5).toFixed(2);
    const short = `CAwrong${Date.now()}`;
    await record(wrong, short);
    // The flagged payment is stored all the same: its message is an alert in the form.
    await expect(waiting.getByRole('alert')).toContainText(
      `Payment recorded and flagged: Received CA$${wrong}, but the membership costs CA$${price.toFixed(2)}.`,
    );

    // The difference arrives: recorded without a flag, then confirmed with the first payment.
    const topUp = `CAtopup${Date.now()}`;
    await record('5.00', topUp);
    await expect(finance.getByText(/^Payment of CA\$5\.00 recorded for /)).toBeVisible();

    const toConfirm = finance.getByRole('region', { name: /^Payments to confirm/ });
    // Both rows offer the same button: either confirms the two together.
    await toConfirm
      .getByRole('button', {
        name: `Confirm the payments ${short} and ${topUp} from ${name} together`,
      })
      .first()
      .click();
    const confirmed = finance.getByText(/^Payment confirmed: .* is an active member, TCSA-/);
    await expect(confirmed).toBeVisible();
    const memberId = MEMBER_ID.exec((await confirmed.textContent()) ?? '')![0];

    await finance.goto('/admin/members');
    await finance.getByLabel('Name, email, member ID or payment reference').fill(memberId);
    await finance.getByRole('button', { name: 'Search' }).click();
    await finance.getByRole('link', { name }).click();
    await expect(finance.getByText(`Member ID ${memberId}`)).toBeVisible();
    await expect(finance.getByRole('region', { name: 'Payment' })).toContainText(reference);

    await finance.getByText('Record a refund').click();
    const refund = finance.getByRole('form', { name: `Record a refund to ${name}` });
    await refund.getByLabel(/^Date sent/).fill(yesterday());
    await refund.getByLabel('Reason').fill('Leaving Ottawa for an exchange term.');
    await refund.getByLabel('End the membership').check();
    await refund.getByRole('button', { name: 'Record the refund' }).click();
    await expect(finance.getByText(/is refunded and was emailed\.$/)).toBeVisible();
    await finance.reload();
    await expect(finance.locator('main').getByText('Refunded', { exact: true })).toBeVisible();
    await expect(finance.getByText(`Member ID ${memberId}`)).toBeVisible();
    await expectAccessible(finance);
  });

  test('the super admin changes a price in dollars; a sale closing before it opens is refused', async ({
    expectAccessible,
  }) => {
    await admin.goto('/admin');
    await admin
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Membership' })
      .click();
    await expect(admin.getByRole('heading', { name: 'Membership settings' })).toBeVisible();
    await expectAccessible(admin);
    const type = admin
      .locator('details')
      .filter({ has: admin.getByText('Regular') })
      .first();
    await type.locator('summary').click();
    await type.getByLabel('Price (CAD)').fill('27.5');
    await type.getByLabel('Sale closes').fill('2020-01-01');
    await type.getByRole('button', { name: /^Save/ }).click();
    const closes = type.getByLabel('Sale closes');
    await expect(closes).toHaveAttribute('aria-invalid', 'true');
    await expect(closes).toHaveAccessibleDescription(
      /The sale must close on or after the day it opens\./,
    );
    await type.getByLabel('Sale closes').fill('2027-01-31');
    await type.getByRole('button', { name: /^Save/ }).click();
    await expect(type.getByText(/^Saved “Regular”/)).toBeVisible();
    await admin.reload();
    await expect(admin.getByText(/Regular\s*, CA\$27\.50/)).toBeVisible();
  });
});
