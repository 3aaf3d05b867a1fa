import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addDays, formatDay } from '@/lib/memberships/format';
import { expect, test } from './support/fixtures';
import { startMailbox, type Mailbox } from './support/mailbox';
import { createSuperAdmin, pagesOf } from './support/membership-staff';
import { startSite, type RunningSite } from './support/server';

/**
 * The club's settings and a suspension, on a seeded server of its own whose email goes to an
 * SMTP server started here: the super admin sets the membership contact address (a wrong one
 * refused in words), suspends an active member, sees the console say so, and the member's
 * uOttawa address receives the email with the dates, the reason and that contact address. The
 * settings page and the member's form are checked with axe and photographed at 390 and 1280 px.
 */

const CONTACT = 'membership.coordinator@example.org';
const REASON = 'Two no-shows at office tours without notice';
const SHOTS = process.env.CLUB_SETTINGS_SCREENSHOTS ?? 'test-results/club-settings';

/** Today in the club's calendar (America/Toronto), `YYYY-MM-DD`, as the server counts days. */
const clubToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());

test.describe('club settings: the membership contact address, named in a suspension’s email', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  let mailbox: Mailbox;
  const pages = pagesOf(() => site);
  let admin: Page;

  test.beforeAll(async () => {
    mailbox = await startMailbox();
    site = await startSite({ SMTP_URL: mailbox.smtpUrl, MAIL_FROM: 'TCSA <tcsa@example.org>' });
    mkdirSync(SHOTS, { recursive: true });
  });
  test.afterAll(async () => {
    await pages.close();
    await site?.stop();
    await mailbox?.close();
  });

  test('the super admin sets the membership contact address', async ({
    browser,
    expectAccessible,
  }) => {
    admin = await pages.newPage(browser, '198.51.100.61', 1280);
    await createSuperAdmin(site, admin);
    await admin
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Club settings' })
      .click();
    await expect(admin.getByRole('heading', { name: 'Club settings', level: 1 })).toBeVisible();
    const address = admin.getByLabel('Membership contact address');
    const perDay = admin.getByLabel('Messages per event per day');
    await expect(address).toHaveValue('');
    await expect(perDay).toHaveValue('3');

    await address.fill('the coordinator');
    await perDay.fill('51');
    await admin.getByRole('button', { name: 'Save the club settings' }).click();
    await expect(
      admin
        .getByText('Enter a valid email address for the membership contact, or leave it empty.')
        .first(),
    ).toBeVisible();
    await expect(
      admin.getByText('Messages per event per day must be a whole number from 1 to 50.').first(),
    ).toBeVisible();

    await admin.getByLabel('Membership contact address').fill(CONTACT);
    await admin.getByLabel('Messages per event per day').fill('4');
    await admin.getByRole('button', { name: 'Save the club settings' }).click();
    await expect(admin.getByText(`Membership emails from now on name ${CONTACT}`)).toBeVisible();
    await admin.reload();
    await expect(admin.getByLabel('Membership contact address')).toHaveValue(CONTACT);
    await expect(admin.getByLabel('Messages per event per day')).toHaveValue('4');
    await expectAccessible(admin);
    await admin.screenshot({ path: `${SHOTS}/club-settings-1280.png`, fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(admin);
    await admin.screenshot({ path: `${SHOTS}/club-settings-390.png`, fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 844 });

    await admin.goto('/admin/audit');
    await expect(
      admin.getByText(/Changed the club settings: membership contact address/),
    ).toBeVisible();
  });

  test('suspending a member says so, and the member reads the dates, the reason and whom to write to', async ({
    expectAccessible,
  }) => {
    await admin.goto('/admin/members?status=active');
    const first = admin.getByRole('table').getByRole('row').nth(1);
    const name = (await first.getByRole('link').textContent())!;
    const email = (await first.getByRole('cell').first().locator('span span').textContent())!;
    await first.getByRole('link').click();
    await expect(admin.getByRole('heading', { name, level: 1 })).toBeVisible();

    const today = clubToday();
    const until = addDays(today, 10);
    const statusForm = admin.getByRole('form', { name: `Change the status of ${name}` });
    await statusForm.getByLabel('New status').selectOption('suspended');
    await statusForm.getByLabel('Suspended until').fill(until);
    await statusForm.getByLabel('Reason').fill(REASON);
    await expect(
      statusForm.getByText('The member is emailed the dates and this reason'),
    ).toBeVisible();
    await expectAccessible(admin);
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin
      .getByRole('heading', { name: `Change the status of ${name}` })
      .scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `${SHOTS}/suspend-form-390.png` });
    await admin.setViewportSize({ width: 1280, height: 844 });
    await statusForm.getByRole('button', { name: 'Change the status' }).click();

    // The form's outcome: the membership's name and member ID, the dates, and that it was emailed.
    const outcome = statusForm.getByText(
      `is suspended from ${formatDay(today)} until ${formatDay(until)}. The member was emailed the dates and the reason.`,
    );
    await expect(outcome).toBeVisible();
    await expect(outcome).toContainText(name);
    // The form starts again with the suspended membership's choices.
    await expect(statusForm.getByLabel('New status')).toHaveValue('');
    await expect(statusForm.getByLabel('Suspended until')).toHaveCount(0);
    await admin
      .getByRole('heading', { name: `Change the status of ${name}` })
      .scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `${SHOTS}/suspended-1280.png` });

    const mail = await mailbox.waitFor(
      (received) =>
        received.to === email &&
        received.subject === 'TCSA membership: your membership is suspended',
      `the suspension email to ${email}`,
    );
    const text = mail.text.replace(/\s+/g, ' ');
    expect(text).toContain(formatDay(today));
    expect(text).toContain(formatDay(until));
    expect(text).toContain(REASON);
    expect(text).toContain('member places or member prices');
    expect(text).toContain(`Write to the membership coordinator at ${CONTACT}.`);
    // Only the member's own address: no one else was written to about it.
    expect(
      mailbox.received.filter((received) => received.subject.includes('suspended')),
    ).toHaveLength(1);

    // Lifted early: the console says so and the member reads that the membership is active again.
    await statusForm.getByLabel('New status').selectOption('active');
    await statusForm.getByLabel('Reason').fill('Explained the absences');
    await statusForm.getByRole('button', { name: 'Change the status' }).click();
    await expect(
      statusForm.getByText('suspension is lifted: the membership is active again'),
    ).toBeVisible();
    const lifted = await mailbox.waitFor(
      (received) =>
        received.to === email &&
        received.subject === 'TCSA membership: your membership is active again',
      `the end of the suspension to ${email}`,
    );
    expect(lifted.text.replace(/\s+/g, ' ')).toContain(CONTACT);
  });
});
