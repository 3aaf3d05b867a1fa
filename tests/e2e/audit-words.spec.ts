import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { ADMIN, createSuperAdmin, pagesOf, signIn, yesterday } from './support/membership-staff';
import { startSite, type RunningSite } from './support/server';

/**
 * The audit log in words, read on a phone (390 px) on a seeded server of its own: the super admin
 * records a seeded applicant's e-Transfer, confirms it, refunds it (ending the membership) and
 * changes a price, then reads the log. Each line says its amounts as money, its method, states
 * and days in words, names the payment and refund it is about, reads the sign-in's address and
 * browser, and shows no field in cents, no id, no ISO date, no value 'erased' that was only not
 * repeated, and nothing wider than the screen. The phone project only: the page's words are the
 * same at any width, its fit is the phone's question.
 */

const MONEY = String.raw`CA\$\d+\.\d\d`;

test.describe('the audit log after a payment, a refund and a price change', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  const pages = pagesOf(() => site);
  let admin: Page;

  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    await pages.close();
    await site?.stop();
  });

  test('reads in words', async ({ browser }) => {
    const setUp = await pages.newPage(browser, '198.51.100.40', 390);
    await createSuperAdmin(site, setUp);
    // A sign-in of its own, from an address of its own: the log's 'Signed in' line reads it.
    admin = await pages.newPage(browser, '198.51.100.41', 390);
    await signIn(admin, ADMIN);

    // A seeded application waiting for its payment, paid in full by e-Transfer, confirmed.
    await admin.goto('/admin/payments');
    const waiting = admin.getByRole('region', { name: 'Applications waiting for payment' });
    const application = waiting.getByRole('listitem').filter({ hasText: 'Pending' }).last();
    const text = (await application.textContent()) ?? '';
    const reference = /^\s*(\S+)/.exec(text)![1]!;
    const name = (await application.getByRole('link').first().textContent())!;
    const price = /CA\$(\d+\.\d\d)/.exec(text)![1]!;
    await admin.getByLabel('Payment reference, name or email').fill(reference);
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(waiting.getByRole('listitem')).toHaveCount(1);
    await waiting.getByText(`Record a payment from ${name}`).click();
    const paymentForm = waiting.getByRole('form', { name: `Record a payment from ${name}` });
    const transaction = `CAaudit${Date.now()}`;
    await paymentForm.getByLabel('Amount received (CAD)').fill(price);
    await paymentForm.getByLabel('Date received').fill(yesterday());
    await paymentForm.getByLabel('Transaction reference').fill(transaction);
    await paymentForm.getByRole('button', { name: 'Record the payment' }).click();
    await expect(admin.getByText(/^Payment of CA\$[\d.]+ recorded for /)).toBeVisible();
    await admin
      .getByRole('region', { name: /^Payments to confirm/ })
      .getByRole('button', { name: `Confirm the payment ${transaction} from ${name}` })
      .click();
    const confirmed = admin.getByText(/^Payment confirmed: .* is an active member, TCSA-/);
    await expect(confirmed).toBeVisible();
    const memberId = /TCSA-\d{2}-\d{4}/.exec((await confirmed.textContent()) ?? '')![0];

    // Refunded in full from the member's page, ending the membership.
    await admin.goto('/admin/members');
    await admin.getByLabel('Name, email, member ID or payment reference').fill(memberId);
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('link', { name }).click();
    await admin.getByText('Record a refund').click();
    const refund = admin.getByRole('form', { name: `Record a refund to ${name}` });
    await refund.getByLabel(/^Date sent/).fill(yesterday());
    await refund.getByLabel('Reason').fill('Leaving Ottawa for an exchange term.');
    await refund.getByLabel('End the membership').check();
    await refund.getByRole('button', { name: 'Record the refund' }).click();
    await expect(admin.getByText(/is refunded and was emailed\.$/)).toBeVisible();

    // The Regular type's price changed.
    await admin.goto('/admin/membership/settings');
    await expect(admin.getByRole('heading', { name: 'Membership settings' })).toBeVisible();
    const type = admin
      .locator('details')
      .filter({ has: admin.getByText('Regular') })
      .first();
    await type.locator('summary').click();
    await type.getByLabel('Price (CAD)').fill('27.5');
    await type.getByRole('button', { name: /^Save/ }).click();
    await expect(type.getByText(/^Saved “Regular”/)).toBeVisible();

    await admin.goto('/admin/audit');
    await expect(admin.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    // Every entry's changes unfolded, as a reader taps them open.
    await admin
      .locator('main details')
      .evaluateAll((details) =>
        details.forEach((one) => ((one as HTMLDetailsElement).open = true)),
      );
    const main = admin.locator('main');
    const words = await main.innerText();

    for (const line of [
      new RegExp(`Payment: Interac e-Transfer of ${MONEY} received \\w{3} \\d{1,2} \\w{3}`),
      /Method: Interac e-Transfer/,
      new RegExp(`Amount: CA\\$${price.replace('.', '\\.')}`),
      /State: Recorded, to confirm/,
      new RegExp(`Refund: Refund of ${MONEY} recorded \\w{3} \\d{1,2} \\w{3}`),
      /Status: Active → Refunded/,
      /Ends the membership: yes/,
      new RegExp(`Price: ${MONEY} → CA\\$27\\.50`),
      /Address: 198\.51\.100\.41/,
      /Browser: Chrome on \w+/,
    ]) {
      expect(words, `a line like ${line}`).toMatch(line);
    }
    expect(words).not.toMatch(/cents/i);
    expect(words).not.toMatch(/\bId:/);
    expect(words).not.toMatch(/\bid: \d/i);
    expect(words).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(words).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect(words).not.toMatch(/Currency|→ none|Mozilla|0000:/);
    expect(words).not.toMatch(/[{}]/);

    // Nothing wider than the screen, the unfolded changes included.
    const overflow = await admin.evaluate(() => {
      const root = document.documentElement;
      const wide = Array.from(document.querySelectorAll('main li, main td, main summary'))
        .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
        .map((element) => (element.textContent ?? '').slice(0, 60));
      return { page: root.scrollWidth - root.clientWidth, wide };
    });
    expect(overflow).toEqual({ page: 0, wide: [] });

    // AUDIT_SHOTS=<folder> saves the unfolded log at 390 and 1280 px, to look at.
    const shots = process.env.AUDIT_SHOTS;
    if (shots) {
      await admin.screenshot({ path: `${shots}/audit-390.png` });
      await admin.setViewportSize({ width: 1280, height: 900 });
      await admin.screenshot({ path: `${shots}/audit-1280.png` });
    }
  });
});
