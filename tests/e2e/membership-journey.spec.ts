import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startMailbox, type Mailbox, type ReceivedMail } from './support/mailbox';
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
 * A membership from application to refund, on a server of its own whose email goes to an SMTP
 * server started here: a student applies (one field wrong first, fixed), opens the link emailed to
 * the uOttawa address (which confirms nothing by itself), presses 'Confirm my application' and is
 * shown and emailed the payment reference; finance records an e-Transfer of the wrong amount
 * (flagged, with the message), then the right one, and confirms it; the member is emailed their
 * member ID, and the forgotten-ID form emails it again; the coordinator finds them by that ID and
 * has no control to confirm or refund a payment; finance refunds (refunded, the ID kept); a second
 * application with the same email is answered as a first and the address is emailed what to do. An
 * application whose confirmation link nobody opens blocks nothing and finance never sees it.
 */

const MEMBER_ID = /TCSA-\d{2}-\d{4}/;
const REFERENCE = /M\d{2}-[A-HJ-NP-Z2-9]{6}/;
const STUDENT = { legalName: 'Guo Xiaoming', preferredName: 'Xiaoming' };

test.describe('a membership from application to refund, with its emails', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  const pages = pagesOf(() => site);
  const newPage = pages.newPage;
  let mailbox: Mailbox;
  let finance: Page;
  /** The student's uOttawa email, unique to the run and the project (width). */
  let email: string;
  let reference: string;
  let price: string;
  let memberId: string;

  test.beforeAll(async () => {
    mailbox = await startMailbox();
    site = await startSite({ SMTP_URL: mailbox.smtpUrl, MAIL_FROM: 'TCSA <tcsa@example.org>' });
  });
  test.afterAll(async () => {
    await pages.close();
    await site?.stop();
    await mailbox?.close();
  });

  const mailTo = (subject: string | RegExp) => (mail: ReceivedMail) =>
    mail.to === email &&
    (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));

  async function fillApplication(page: Page, uottawaEmail: string) {
    await page.getByRole('textbox', { name: /^Legal name/ }).fill(STUDENT.legalName);
    await page.getByRole('textbox', { name: /^Preferred name/ }).fill(STUDENT.preferredName);
    await page.getByRole('textbox', { name: /^uOttawa email/ }).fill(uottawaEmail);
    await page.getByRole('textbox', { name: /^Program/ }).fill('BASc, Software Engineering');
    await page
      .getByRole('combobox', { name: /^Year of study/ })
      .selectOption({ label: 'Third year' });
    await page
      .getByRole('combobox', { name: /^Expected graduation year/ })
      .selectOption({ index: 2 });
    const type = page.getByRole('combobox', { name: /^Membership type/ });
    const regular = (await type.locator('option').allTextContents()).find((label) =>
      label.startsWith('Regular'),
    );
    await type.selectOption({ label: regular! });
    await page.getByRole('checkbox', { name: 'Technology', exact: true }).check();
    await page.getByRole('radio', { name: 'No', exact: true }).check();
    await page.getByRole('checkbox', { name: /I accept the membership terms/ }).check();
  }

  test('the super admin invites a coordinator and finance', async ({ browser, page }) => {
    const admin = await setUpStaff(site, (address) => newPage(browser, address, widthOf(page)), {
      admin: '198.51.100.41',
      coordinator: '198.51.100.42',
      finance: '198.51.100.43',
    });
    // The page says the link went out by email, and for how long it works; so does the email.
    await expect(
      admin.getByText(
        `${FINANCE.name} is invited. We have emailed this one-time link to ${FINANCE.email}; you can also send it to them yourself. It lets them choose a password within 7 days.`,
      ),
    ).toBeVisible();
    const invitation = await mailbox.waitFor(
      (mail) => mail.to === FINANCE.email && mail.subject.startsWith('You are invited to the'),
      `invitation, to ${FINANCE.email}`,
    );
    expect(invitation.text).toContain('The link works once, within 7 days.');
  });

  test('a student applies, one field wrong first, opens the link emailed to the address, presses its button and is shown and emailed the payment reference', async ({
    browser,
    page,
  }, testInfo) => {
    email = `guo.xiaoming.${testInfo.project.name}.${Date.now()}@uottawa.ca`.toLowerCase();
    const student = await newPage(browser, '203.0.113.41', widthOf(page));
    await student.goto('/membership/join');
    await fillApplication(student, email.replace('@uottawa.ca', '@gmail.com'));
    await student.getByRole('button', { name: 'Submit my application' }).click();
    const emailField = student.getByRole('textbox', { name: /^uOttawa email/ });
    await expect(student.locator('#uottawaEmail-error')).toHaveText(
      'Use your uOttawa email: it must end with @uottawa.ca.',
    );
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');

    await emailField.fill(email);
    await expect(student.locator('#uottawaEmail-error')).toHaveCount(0);
    await student.getByRole('button', { name: 'Submit my application' }).click();
    await expect(student.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(student.getByTestId('check-inbox')).toContainText(email);

    // The application counts once the link sent to the address is opened.
    const confirm = await mailbox.waitFor(
      mailTo('TCSA membership: confirm your uOttawa email'),
      `confirmation link, to ${email}`,
    );
    expect(confirm.text).not.toMatch(REFERENCE);
    const link = /https?:\/\/\S+\/membership\/confirm\/[A-Za-z0-9_-]{43}/.exec(confirm.text)?.[0];
    expect(link, 'the confirmation link').toBeDefined();
    // Opening it shows the application and confirms nothing (mail scanners open links by
    // themselves): the button does.
    await student.goto(new URL(link!).pathname);
    await expect(student.getByRole('heading', { name: 'Confirm your application' })).toBeVisible();
    await expect(student.getByTestId('confirm-open')).toContainText(email);
    await expect(student.getByTestId('payment-reference')).toHaveCount(0);
    await student.reload();
    await student.getByRole('button', { name: 'Confirm my application' }).click();
    await expect(student.getByRole('heading', { name: 'Application received' })).toBeVisible();
    reference = (await student.getByTestId('payment-reference').textContent())!;
    expect(reference).toMatch(new RegExp(`^${REFERENCE.source}$`));
    price = (await student.getByTestId('payment-amount').textContent())!;
    expect(price).toMatch(/^CA\$\d+\.\d\d$/);

    const received = await mailbox.waitFor(
      mailTo(`TCSA membership: application received (${reference})`),
      `application received, to ${email}`,
    );
    expect(received.text).toContain(`Hi ${STUDENT.preferredName},`);
    expect(received.text).toContain(reference);
    expect(received.text).toContain(price);
    expect(received.text).toContain('Pending payment');

    // The link works once: opened again, it says the application is confirmed and where to look.
    await student.goto(new URL(link!).pathname);
    await expect(
      student.getByRole('heading', { name: 'Your application is confirmed' }),
    ).toBeVisible();
    await expect(student.getByTestId('payment-reference')).toHaveCount(0);
  });

  test('an application whose link nobody opens blocks nothing and finance never sees it', async ({
    browser,
    page,
  }, testInfo) => {
    const held = `held.${testInfo.project.name}.${Date.now()}@uottawa.ca`.toLowerCase();
    const stranger = await newPage(browser, '203.0.113.44', widthOf(page));
    await stranger.goto('/membership/join');
    await fillApplication(stranger, held);
    await stranger.getByRole('button', { name: 'Submit my application' }).click();
    await expect(stranger.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await mailbox.waitFor(
      (mail) => mail.to === held && mail.subject === 'TCSA membership: confirm your uOttawa email',
      `the stranger's link, to ${held}`,
    );
    const payments = await newPage(browser, '198.51.100.45', widthOf(page));
    await signIn(payments, FINANCE);
    await payments.goto('/admin/members');
    await payments.getByLabel('Name, email, member ID or payment reference').fill(held);
    await payments.getByRole('button', { name: 'Search' }).click();
    await expect(payments.getByRole('link', { name: STUDENT.legalName })).toHaveCount(0);

    // The address's owner applies and confirms: the stranger's application held nothing.
    const owner = await newPage(browser, '203.0.113.45', widthOf(page));
    await owner.goto('/membership/join');
    await fillApplication(owner, held);
    await owner.getByRole('button', { name: 'Submit my application' }).click();
    await expect(owner.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    const links = async () =>
      mailbox.received
        .filter(
          (mail) =>
            mail.to === held && mail.subject === 'TCSA membership: confirm your uOttawa email',
        )
        .map((mail) => /\/membership\/confirm\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0]);
    await expect.poll(async () => (await links()).length).toBe(2);
    const [first, second] = await links();
    // Only the newest link works.
    await owner.goto(first!);
    await expect(owner.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await owner.goto(second!);
    // Opened, it counts for nothing yet: finance still does not see it.
    await expect(owner.getByRole('heading', { name: 'Confirm your application' })).toBeVisible();
    await payments.getByRole('button', { name: 'Search' }).click();
    await expect(payments.getByRole('link', { name: STUDENT.legalName })).toHaveCount(0);
    await owner.getByRole('button', { name: 'Confirm my application' }).click();
    await expect(owner.getByRole('heading', { name: 'Application received' })).toBeVisible();
    await payments.getByRole('button', { name: 'Search' }).click();
    await expect(payments.getByRole('link', { name: STUDENT.legalName })).toHaveCount(1);
  });

  test('finance records an e-Transfer of the wrong amount (flagged), then the right one, and confirms', async ({
    browser,
    page,
  }) => {
    finance = await newPage(browser, '198.51.100.44', widthOf(page));
    await signIn(finance, FINANCE);
    await finance.goto('/admin/payments');
    await expect(finance.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    const waiting = finance.getByRole('region', { name: 'Applications waiting for payment' });
    await finance.getByLabel('Payment reference, name or email').fill(reference);
    await finance.getByRole('button', { name: 'Search' }).click();
    await expect(waiting.getByRole('listitem')).toHaveCount(1);
    await expect(waiting.getByRole('listitem')).toContainText(reference);
    const name = (await waiting.getByRole('link').first().textContent())!;
    expect(name).toContain(STUDENT.legalName);

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
    const dollars = Number(price.replace('CA$', ''));
    const wrong = (dollars - 5).toFixed(2);
    const short = `CAwrong${Date.now()}`;
    await record(wrong, short);
    await expect(waiting.getByRole('alert')).toContainText(
      `Payment recorded and flagged: Received CA$${wrong}, but the membership costs ${price}.`,
    );

    // The difference arrives: recorded without a flag, then confirmed with the first payment.
    const topUp = `CAtopup${Date.now()}`;
    await record('5.00', topUp);
    await expect(finance.getByText(/^Payment of CA\$5\.00 recorded for /)).toBeVisible();
    await finance
      .getByRole('region', { name: /^Payments to confirm/ })
      .getByRole('button', {
        name: `Confirm the payments ${short} and ${topUp} from ${name} together`,
      })
      .first()
      .click();
    const confirmed = finance.getByText(/^Payment confirmed: .* is an active member, TCSA-/);
    await expect(confirmed).toBeVisible();
    memberId = MEMBER_ID.exec((await confirmed.textContent()) ?? '')![0];
  });

  test('the member is emailed their member ID; the flagged payment was emailed too', async () => {
    const activated = await mailbox.waitFor(
      mailTo(`Your TCSA membership is active (${memberId})`),
      `membership active, to ${email}`,
    );
    expect(activated.text).toContain(memberId);
    // The flagged payment's email was queued before, so it has gone out by now.
    const attention = await mailbox.waitFor(
      mailTo('Your TCSA membership payment needs attention'),
      `payment needs attention, to ${email}`,
    );
    expect(attention.text).toContain('CA$');
  });

  test('the forgotten-ID form emails the member ID', async ({ browser, page }) => {
    const student = await newPage(browser, '203.0.113.42', widthOf(page));
    await student.goto('/membership/member-id');
    await student.getByRole('textbox', { name: /^uOttawa email/ }).fill(email.toUpperCase());
    await student.getByRole('button', { name: 'Email me my member ID' }).click();
    await expect(student.locator('main').getByRole('status')).toContainText(
      'If this address belongs to an active or expired membership',
    );
    const reminder = await mailbox.waitFor(
      mailTo('Your TCSA member ID'),
      `your member ID, to ${email}`,
    );
    expect(reminder.text).toContain(memberId);
  });

  test('the coordinator finds the member by ID and has no control to confirm or refund a payment', async ({
    browser,
    page,
  }) => {
    const coordinator = await newPage(browser, '198.51.100.45', widthOf(page));
    await signIn(coordinator, COORDINATOR);
    await coordinator.goto('/admin/members');
    await coordinator.getByLabel('Name, email or member ID').fill(memberId);
    await coordinator.getByRole('button', { name: 'Search' }).click();
    await expect(
      coordinator.getByRole('heading', { name: /^1 matching membership/ }),
    ).toBeVisible();
    await coordinator.getByRole('link', { name: STUDENT.legalName }).click();
    await expect(
      coordinator.getByRole('heading', { name: STUDENT.legalName, level: 1 }),
    ).toBeVisible();
    await expect(coordinator.getByText(`Member ID ${memberId}`)).toBeVisible();
    await expect(coordinator.getByRole('region', { name: 'Payment' })).toContainText('Paid.');
    const main = coordinator.locator('main');
    await expect(main.getByRole('button', { name: /confirm/i })).toHaveCount(0);
    await expect(main.getByRole('button', { name: /refund/i })).toHaveCount(0);
    await expect(main.getByText('Record a refund')).toHaveCount(0);
    await expect(main.getByRole('form', { name: /refund/i })).toHaveCount(0);

    await coordinator.goto('/admin/payments');
    await expect(
      coordinator.getByRole('heading', { name: 'Not available to your role' }),
    ).toBeVisible();
  });

  test('finance refunds: refunded, the member ID kept; applying again is answered as a first application and the address is told what to do', async ({
    browser,
    page,
  }) => {
    await finance.goto('/admin/members');
    await finance.getByLabel('Name, email, member ID or payment reference').fill(memberId);
    await finance.getByRole('button', { name: 'Search' }).click();
    await finance.getByRole('link', { name: STUDENT.legalName }).click();
    await expect(finance.getByText(`Member ID ${memberId}`)).toBeVisible();

    await finance.getByText('Record a refund').click();
    const refund = finance.getByRole('form', { name: /^Record a refund to / });
    await refund.getByLabel(/^Date sent/).fill(yesterday());
    await refund.getByLabel('Reason').fill('Moving to Montréal for a co-op term.');
    await refund.getByLabel('End the membership').check();
    await refund.getByRole('button', { name: 'Record the refund' }).click();
    await expect(finance.getByText(/is refunded and was emailed\.$/)).toBeVisible();
    await finance.reload();
    await expect(finance.locator('main').getByText('Refunded', { exact: true })).toBeVisible();
    await expect(finance.getByText(`Member ID ${memberId}`)).toBeVisible();

    const student = await newPage(browser, '203.0.113.43', widthOf(page));
    await student.goto('/membership/join');
    await fillApplication(student, email);
    await student.getByRole('button', { name: 'Submit my application' }).click();
    await expect(student.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(student.getByTestId('check-inbox')).toContainText(
      `we have sent a link to ${email}`,
    );
    const told = await mailbox.waitFor(
      mailTo('TCSA membership: you have already applied'),
      `already applied, to ${email}`,
    );
    expect(told.text).toContain('Refunded');
    expect(told.text).toContain(memberId);

    const refunded = await mailbox.waitFor(
      mailTo(/^Your TCSA membership refund of CA\$\d+\.\d\d$/),
      `refund, to ${email}`,
    );
    expect(refunded.text).toContain('We sent you a refund of CA$');
  });
});
