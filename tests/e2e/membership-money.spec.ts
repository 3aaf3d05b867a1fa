import type { Locator, Page } from '@playwright/test';
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
 * Money that goes wrong and details that change, as finance and the coordinator settle them on a
 * phone, on a server of its own whose email goes to an SMTP server started here. Someone applies
 * with a student's address and never confirms: the student applies with it, presses the emailed
 * link's button and gets their own application, with how to pay. Their e-Transfer is short
 * (flagged), the top-up is not flagged and the two are confirmed together (member ID, email);
 * the bank takes the payment back (payment review, email) and a new payment makes them active
 * again with the same ID; a partial refund keeps them active; their personal email is corrected
 * from a change request they confirmed. Another student overpays: accepted with a note and the
 * difference refunded in the same step.
 */

const MEMBER_ID = /TCSA-\d{2}-\d{4}/;
const REFERENCE = /M\d{2}-[A-HJ-NP-Z2-9]{6}/;
const CONFIRM_LINK = /\/membership\/confirm\/[A-Za-z0-9_-]{43}/;
const CHANGE_LINK = /\/membership\/change-details\/confirm\/[A-Za-z0-9_-]{43}/;

type Applicant = { legalName: string; preferredName: string; personalEmail?: string };
const STUDENT: Applicant = {
  legalName: 'Guo Xiaoming',
  preferredName: 'Xiaoming',
  personalEmail: 'guo.xiaoming@gmial.com',
};
const CORRECTED = 'guo.xiaoming@gmail.com';
const STRANGER: Applicant = { legalName: 'Zhang Wei', preferredName: 'Wei' };
const OVERPAYER: Applicant = { legalName: 'Chen Yutong', preferredName: 'Yutong' };

test.describe('money that goes wrong and details that change, settled on a phone', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  const pages = pagesOf(() => site);
  let mailbox: Mailbox;
  let finance: Page;
  /** The student's uOttawa email, unique to the run. */
  let email: string;
  let reference: string;
  /** The Regular type's price, in dollars. */
  let price: number;
  let memberId: string;
  /** The bank's reference of the student's short e-Transfer. */
  let short: string;
  /** The student's page in the console. */
  let memberPage: string;
  let address = 0;
  const newPage = (page: Page) =>
    pages.newPage(page.context().browser()!, `203.0.113.${60 + address++}`, widthOf(page));

  test.beforeAll(async () => {
    mailbox = await startMailbox();
    site = await startSite({ SMTP_URL: mailbox.smtpUrl, MAIL_FROM: 'TCSA <tcsa@example.org>' });
  });
  test.afterAll(async () => {
    await pages.close();
    await site?.stop();
    await mailbox?.close();
  });

  const mailsTo = (to: string, subject: string | RegExp) =>
    mailbox.received.filter(
      (mail: ReceivedMail) =>
        mail.to === to &&
        (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)),
    );
  const waitForMail = async (to: string, subject: string | RegExp) => {
    await expect
      .poll(() => mailsTo(to, subject).length, { message: `an email "${subject}" to ${to}` })
      .toBeGreaterThan(0);
    return mailsTo(to, subject)[0]!;
  };
  const linkIn = (mail: ReceivedMail, pattern: RegExp) => {
    const link = pattern.exec(mail.text)?.[0];
    expect(link, `a link in "${mail.subject}"`).toBeDefined();
    return link!;
  };

  /** Applies at /membership/join with `uottawaEmail`; answers once 'Check your inbox' shows. */
  async function apply(page: Page, person: Applicant, uottawaEmail: string) {
    await page.goto('/membership/join');
    await page.getByRole('textbox', { name: /^Legal name/ }).fill(person.legalName);
    await page.getByRole('textbox', { name: /^Preferred name/ }).fill(person.preferredName);
    await page.getByRole('textbox', { name: /^uOttawa email/ }).fill(uottawaEmail);
    if (person.personalEmail) {
      await page.getByRole('textbox', { name: /^Personal email/ }).fill(person.personalEmail);
    }
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
    await page.getByRole('button', { name: 'Submit my application' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  }

  /** The newest confirmation link sent to `to`, once `count` of them have arrived. */
  async function confirmationLink(to: string, count = 1) {
    const subject = 'TCSA membership: confirm your uOttawa email';
    await expect
      .poll(() => mailsTo(to, subject).length, { message: `${count} confirmation links to ${to}` })
      .toBe(count);
    return mailsTo(to, subject).map((mail) => linkIn(mail, CONFIRM_LINK));
  }

  /** Opens a confirmation link and presses its button: the page shows how to pay. */
  async function confirmApplication(page: Page, link: string, person: Applicant) {
    await page.goto(link);
    const open = page.getByTestId('confirm-open');
    await expect(open.getByRole('heading', { name: 'Confirm your application' })).toBeVisible();
    // The applicant's own details, whoever applied with the address before.
    await expect(open).toContainText(person.preferredName);
    await expect(open).not.toContainText(STRANGER.preferredName);
    await page.getByRole('button', { name: 'Confirm my application' }).click();
    await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
    const shown = (await page.getByTestId('payment-reference').textContent())!;
    expect(shown).toMatch(new RegExp(`^${REFERENCE.source}$`));
    const amount = (await page.getByTestId('payment-amount').textContent())!;
    expect(amount).toMatch(/^CA\$\d+\.\d\d$/);
    return { reference: shown, price: Number(amount.replace('CA$', '')) };
  }

  /** Finance's form for a payment from the application found by its reference. */
  async function recordPayment(reference: string, name: string, amount: string, bank: string) {
    await finance.goto(`/admin/payments?q=${encodeURIComponent(reference)}`);
    const waiting = finance.getByRole('region', { name: 'Applications waiting for payment' });
    await expect(waiting.getByRole('listitem')).toHaveCount(1);
    await waiting.getByText(`Record a payment from ${name}`).click();
    const form = waiting.getByRole('form', { name: `Record a payment from ${name}` });
    await form.getByLabel('Amount received (CAD)').fill(amount);
    await form.getByLabel('Date received').fill(yesterday());
    await form.getByLabel('Transaction reference').fill(bank);
    await form.getByRole('button', { name: 'Record the payment' }).click();
    return form;
  }

  /** Opens the <details> under `scope` whose summary says `title`, and answers its form. */
  async function openForm(scope: Locator, title: string, form: string | RegExp) {
    await scope.locator('summary').getByText(title, { exact: true }).click();
    const opened = scope.getByRole('form', { name: form });
    await expect(opened).toBeVisible();
    return opened;
  }

  const dollars = (amount: number) => amount.toFixed(2);
  const notice = (page: Page) => page.locator('main').getByRole('status').first();
  const badge = (page: Page) => page.locator('main h1 + span');

  test('the super admin invites a coordinator and finance', async ({ page }) => {
    await setUpStaff(site, () => newPage(page), {
      admin: '198.51.100.61',
      coordinator: '198.51.100.62',
      finance: '198.51.100.63',
    });
    finance = await newPage(page);
    await signIn(finance, FINANCE);
  });

  test('an application nobody confirms blocks nothing: the student applies with the same address, presses the link’s button and is shown how to pay', async ({
    page,
  }) => {
    email = `guo.xiaoming.${Date.now()}@uottawa.ca`;
    const stranger = await newPage(page);
    await apply(stranger, STRANGER, email);
    const [strangers] = await confirmationLink(email);

    const student = await newPage(page);
    await apply(student, STUDENT, email);
    const [, own] = await confirmationLink(email, 2);
    // The student's application replaced the stranger's: its link no longer works.
    await student.goto(strangers!);
    await expect(student.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    ({ reference, price } = await confirmApplication(student, own!, STUDENT));

    const received = await waitForMail(
      email,
      `TCSA membership: application received (${reference})`,
    );
    expect(received.text).toContain(`Hi ${STUDENT.preferredName},`);
    expect(received.text).toContain(`CA$${dollars(price)}`);
  });

  test('underpaid: the short e-Transfer is flagged, the top-up is not, and the two confirmed together make a member', async () => {
    short = `CAshort${Date.now()}`;
    const form = await recordPayment(reference, STUDENT.legalName, dollars(price - 5), short);
    await expect(form.getByRole('alert')).toContainText(
      `Payment recorded and flagged: Received CA$${dollars(price - 5)}, but the membership costs CA$${dollars(price)}.`,
    );
    const topUp = `CAtopup${Date.now()}`;
    const second = await recordPayment(reference, STUDENT.legalName, '5.00', topUp);
    await expect(second).toContainText(/Payment of CA\$5\.00 recorded for Guo Xiaoming: with the/);
    await expect(second.getByRole('alert')).toHaveCount(0);

    await finance
      .getByRole('region', { name: /^Payments to confirm/ })
      .getByRole('button', {
        name: `Confirm the payments ${short} and ${topUp} from ${STUDENT.legalName} together`,
      })
      .first()
      .click();
    await expect(notice(finance)).toContainText(
      `Payment confirmed: ${STUDENT.legalName} is an active member, TCSA-`,
    );
    memberId = MEMBER_ID.exec((await notice(finance).textContent()) ?? '')![0];
    memberPage = new URL(finance.url()).pathname;
    await expect(badge(finance)).toHaveText('Active');

    await waitForMail(email, `Your TCSA membership is active (${memberId})`);
    // One warning, for the short payment: the top-up was no problem.
    const warnings = mailsTo(email, 'Your TCSA membership payment needs attention');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toContain(`We received CA$${dollars(price - 5)}`);
  });

  test('overpaid: accepted with a note and the difference refunded in the same step, the member active', async ({
    page,
  }) => {
    const other = `chen.yutong.${Date.now()}@uottawa.ca`;
    const student = await newPage(page);
    await apply(student, OVERPAYER, other);
    const [link] = await confirmationLink(other);
    const { reference: theirs } = await confirmApplication(student, link!, OVERPAYER);

    const bank = `CAover${Date.now()}`;
    const form = await recordPayment(theirs, OVERPAYER.legalName, dollars(price + 10), bank);
    await expect(form.getByRole('alert')).toContainText(
      `Payment recorded and flagged: Received CA$${dollars(price + 10)}`,
    );
    const accept = await openForm(
      finance.getByRole('row').filter({ hasText: bank }),
      'Accept and refund the difference CA$10.00',
      `Accept and refund the difference CA$10.00: the payment ${bank} from ${OVERPAYER.legalName}`,
    );
    await accept
      .getByLabel('What you checked (kept with the payment)')
      .fill('Sent CA$10.00 too much by mistake, says the member.');
    await accept.getByLabel(/^Date the difference was sent/).fill(yesterday());
    await accept.getByRole('button', { name: 'Accept and refund the difference CA$10.00' }).click();
    await expect(notice(finance)).toContainText(
      `Payment accepted: ${OVERPAYER.legalName} is an active member, TCSA-`,
    );
    await expect(notice(finance)).toContainText('the refund of the difference is recorded');
    await expect(badge(finance)).toHaveText('Active');
    const payment = finance.getByRole('region', { name: 'Payment' });
    await expect(payment).toContainText('(accepted: Sent CA$10.00 too much');
    await expect(payment).toContainText(`CA$10.00 sent`);

    const refund = await waitForMail(other, 'Your TCSA membership refund of CA$10.00');
    expect(refund.text).toContain('This refund does not end your membership');
  });

  test('reversed: the bank takes the payment back (payment review, email); a new payment makes the member active again with the same ID', async () => {
    await finance.goto(memberPage);
    const payment = finance.getByRole('region', { name: 'Payment' });
    const reverse = await openForm(
      payment.getByRole('row').filter({ hasText: short }),
      'Mark reversed',
      `Mark the payment ${short} from ${STUDENT.legalName} reversed`,
    );
    await reverse.getByLabel('Why the bank took it back').fill('The e-Transfer was recalled.');
    await reverse.getByRole('button', { name: 'Mark reversed' }).click();
    await expect(notice(finance)).toContainText(
      `Payment marked reversed: ${STUDENT.legalName}'s membership is in payment review`,
    );
    await expect(badge(finance)).toHaveText('Payment review');
    await expect(payment).toContainText('Reversed by the bank: The e-Transfer was recalled.');
    const taken = await waitForMail(email, 'Your TCSA membership payment was taken back');
    expect(taken.text).toContain(reference);

    // What the reversed payment brought is due again: recorded on the member's page, confirmed.
    const again = `CAagain${Date.now()}`;
    await payment.getByText('Record a payment', { exact: true }).click();
    const record = payment.getByRole('form', {
      name: `Record a payment from ${STUDENT.legalName}`,
    });
    await record.getByLabel('Amount received (CAD)').fill(dollars(price - 5));
    await record.getByLabel('Date received').fill(yesterday());
    await record.getByLabel('Transaction reference').fill(again);
    await record.getByRole('button', { name: 'Record the payment' }).click();
    await expect(record).toContainText(
      `Payment of CA$${dollars(price - 5)} recorded for ${STUDENT.legalName} (${memberId})`,
    );
    await payment
      .getByRole('button', { name: `Confirm the payment ${again} from ${STUDENT.legalName}` })
      .click();
    await expect(notice(finance)).toContainText(
      `Payment confirmed: ${STUDENT.legalName} is an active member, ${memberId}.`,
    );
    await expect(badge(finance)).toHaveText('Active');
  });

  test('a partial refund, without ending the membership, keeps the member active', async () => {
    await finance.goto(memberPage);
    await finance.getByText('Record a refund', { exact: true }).click();
    const refund = finance.getByRole('form', { name: `Record a refund to ${STUDENT.legalName}` });
    await refund.getByLabel('Refund amount (CAD)').fill('5.00');
    await refund.getByLabel(/^Date sent/).fill(yesterday());
    await refund.getByLabel('Reason').fill('Student discount agreed after paying.');
    await expect(refund.getByLabel('End the membership')).not.toBeChecked();
    await refund.getByRole('button', { name: 'Record the refund' }).click();
    await expect(notice(finance)).toHaveText(
      `Refund recorded: ${STUDENT.legalName} was emailed. The membership does not end with it.`,
    );
    await expect(badge(finance)).toHaveText('Active');
    await expect(finance.getByText(`Member ID ${memberId}`)).toBeVisible();
    const sent = await waitForMail(email, 'Your TCSA membership refund of CA$5.00');
    expect(sent.text).toContain('This refund does not end your membership');
  });

  test('a change request, confirmed through the emailed link, corrects the personal email in one step from the inbox', async ({
    page,
  }) => {
    const member = await newPage(page);
    await member.goto('/membership/change-details');
    await member.getByRole('textbox', { name: /^Your name/ }).fill(STUDENT.legalName);
    await member.getByRole('textbox', { name: /^uOttawa email/ }).fill(email);
    await member.getByRole('textbox', { name: /^Member ID/ }).fill(memberId);
    await member
      .getByRole('textbox', { name: /^What should we change\?/ })
      .fill(`My personal email has a typo: it is ${CORRECTED}.`);
    await member.getByRole('button', { name: 'Send my request' }).click();
    await expect(
      member.getByText(/^Check your uOttawa inbox: we have sent you a link/),
    ).toBeVisible();

    const mail = await waitForMail(email, 'TCSA membership: confirm your change request');
    await member.goto(linkIn(mail, CHANGE_LINK));
    await expect(
      member.getByRole('heading', { name: 'Confirm your change request' }),
    ).toBeVisible();
    await member.getByRole('button', { name: 'Confirm my request' }).click();
    await expect(member.getByRole('heading', { name: 'Request confirmed' })).toBeVisible();

    const coordinator = await newPage(page);
    await signIn(coordinator, COORDINATOR);
    await coordinator.goto('/admin/inbox');
    await coordinator.getByRole('link', { name: `${STUDENT.legalName} <${email}>` }).click();
    await expect(
      coordinator.getByRole('heading', {
        name: `Details change request from ${STUDENT.legalName}`,
      }),
    ).toBeVisible();
    await expect(coordinator.getByText(/^Confirmed from the uOttawa email/)).toBeVisible();
    const form = await openForm(
      coordinator.locator('main'),
      'Apply to the membership',
      /^Apply change request #\d+ to /,
    );
    await expect(form.getByLabel('Reason')).toHaveValue(/^As asked in change request #\d+: /);
    await form.getByLabel(/^Personal email/).fill(CORRECTED);
    await form.getByRole('button', { name: 'Apply to the membership' }).click();
    // The request is applied and handled: the page says so in place of the form.
    await expect(coordinator.getByText(/^Applied to the membership, /)).toBeVisible();
    await expect(coordinator.getByText(/^Handled /)).toBeVisible();

    await coordinator.goto(memberPage);
    const details = coordinator.getByRole('region', { name: 'Application' });
    await expect(details.getByRole('link', { name: CORRECTED })).toBeVisible();
    await expect(
      coordinator.getByRole('region', { name: 'Corrections of the details' }),
    ).toContainText(`Personal email: ${STUDENT.personalEmail} → ${CORRECTED}`);
  });
});
