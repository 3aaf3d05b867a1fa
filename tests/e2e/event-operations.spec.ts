import type { Browser, BrowserContext, Page } from '@playwright/test';
import { interceptEmailJs } from './support/emailjs';
import { expect, test } from './support/fixtures';
import { createSuperAdmin } from './support/membership-staff';
import { startMailbox, type Mailbox } from './support/mailbox';
import { decodeQrCode, inlinePicture } from './support/qr';
import { startSite, type RunningSite } from './support/server';

/**
 * An event's whole loop on a server of its own, with its email going to an SMTP server started
 * here: a staff member publishes a one-place event that takes a waitlist; one visitor gets the
 * place, the next is waitlisted; the first cancels through their manage link, and the second is
 * promoted and emailed. At the door, staff check the person in from the list and undo it; after
 * the event they mark the no-shows.
 */

const REGISTERED = 'Registration successful! You are now registered for this event.';

test.describe('event operations: waitlist, self-cancel, promotion email, check-in, no-shows', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  let mailbox: Mailbox;
  let staff: Page;
  const contexts: BrowserContext[] = [];
  let eventTitle: string;
  let eventId: string;
  let firstManage: string;
  let secondManage: string;
  let doorLink: URL;
  const first = { first: 'Lin', last: 'Wang', email: 'lin.wang@example.org' };
  const second = { first: 'Hao', last: 'Zhang', email: 'hao.zhang@example.org' };

  test.beforeAll(async () => {
    mailbox = await startMailbox();
    site = await startSite({
      SMTP_URL: mailbox.smtpUrl,
      MAIL_FROM: 'TCSA <tcsa@example.org>',
    });
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    await site?.stop();
    await mailbox?.close();
  });

  async function newPage(
    browser: Browser,
    address: string,
    viewport?: { width: number; height: number },
  ) {
    const context = await browser.newContext({
      baseURL: site.baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': address },
      ...(viewport ? { viewport } : {}),
    });
    contexts.push(context);
    return context.newPage();
  }

  const mailTo = (email: string, subject: string) =>
    mailbox.received.find((mail) => mail.to === email && mail.subject === subject);
  const waitForMail = (email: string, subject: string) =>
    mailbox.waitFor(
      (mail) => mail.to === email && mail.subject === subject,
      `“${subject}” to ${email}`,
    );

  test('staff publish a one-place event that takes a waitlist', async ({ browser }, testInfo) => {
    staff = await newPage(browser, '198.51.100.20', { width: 390, height: 844 });
    await createSuperAdmin(site, staff);

    eventTitle = `Waitlist Night ${testInfo.project.name}`;
    await staff.goto('/admin/events/new');
    await staff.getByLabel('Title').fill(eventTitle);
    await staff.getByLabel('Date').fill('2030-10-02');
    await staff.getByLabel('Start time').fill('19:00');
    await staff.getByLabel('Duration').fill('2 hours');
    await staff.getByLabel('Capacity').fill('1');
    await staff.getByLabel('Take a waitlist when the event is full').check();
    await expect(staff.getByLabel('When a place frees up')).toHaveValue('auto');
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await staff.getByRole('button', { name: 'Publish the event' }).click();
    await expect(staff).toHaveURL(/\/admin\/events\/\d+\?created=1$/);
    eventId = /\/admin\/events\/(\d+)/.exec(staff.url())![1]!;
  });

  async function register(page: Page, person: typeof first) {
    await interceptEmailJs(page);
    await page.goto(`/events/${eventId}`);
    const form = page.getByRole('form', { name: 'Register for this Event' });
    await form.getByLabel('First Name').fill(person.first);
    await form.getByLabel('Last Name').fill(person.last);
    await form.getByLabel('Email').fill(person.email);
    await form.getByRole('button', { name: 'Register' }).click();
    return form;
  }

  test('the first visitor gets the place; the next is waitlisted', async ({
    browser,
    expectAccessible,
  }) => {
    const visitor = await newPage(browser, '203.0.113.21');
    await visitor.goto(`/events/${eventId}`);
    await expect(visitor.getByTestId('registration-availability')).toHaveText('1 place left');
    const form = await register(visitor, first);
    await expect(form.getByTestId('registration-status')).toHaveText(REGISTERED);
    await expect(visitor.getByTestId('registration-availability')).toHaveText('Waitlist only');
    firstManage = (await visitor
      .getByRole('link', { name: 'See or cancel your registration' })
      .getAttribute('href'))!;
    expect(firstManage).toMatch(/^\/registrations\/[A-Za-z0-9_-]{43}$/);

    const next = await newPage(browser, '203.0.113.22');
    const nextForm = await register(next, second);
    await expect(nextForm.getByTestId('registration-status')).toHaveText(
      'Registration successful! This event is full, so you are on the waitlist (position 1). We will email you if a place opens up.',
    );
    secondManage = (await next
      .getByRole('link', { name: 'See or cancel your registration' })
      .getAttribute('href'))!;
    await next.goto(secondManage);
    await expect(next.getByTestId('manage-status')).toHaveAttribute('data-status', 'waitlisted');
    await expect(next.getByTestId('waitlist-position')).toHaveText('Your place on the waitlist: 1');
    await expectAccessible(next);

    await waitForMail(second.email, `You are on the waitlist for ${eventTitle}`);
    expect(mailTo(first.email, `You are registered for ${eventTitle}`)?.raw).toContain(
      'Content-Type: text/calendar',
    );
  });

  test('the first cancels through the manage link; the waitlisted person is promoted and emailed', async ({
    browser,
    expectAccessible,
  }) => {
    const visitor = await newPage(browser, '203.0.113.23');
    // Opening the link (as a chat app's preview would) changes nothing.
    const preview = await visitor.request.get(firstManage);
    expect(preview.status()).toBe(200);
    await visitor.goto(firstManage);
    await expect(visitor.getByTestId('manage-status')).toHaveAttribute('data-status', 'confirmed');
    await expectAccessible(visitor);
    // A POST without the CSRF token is refused.
    const forged = await visitor.request.post(`/api${firstManage}/cancel/`);
    expect(forged.status()).toBe(403);
    expect((await visitor.request.get('/registrations/not-a-real-token')).status()).toBe(404);

    await visitor.getByRole('button', { name: 'Cancel my registration' }).click();
    await expect(visitor.getByText('Cancel your registration?')).toBeVisible();
    await visitor.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(visitor.getByTestId('manage-status')).toHaveAttribute('data-status', 'cancelled');
    await expect(visitor.getByRole('button', { name: 'Cancel my registration' })).toHaveCount(0);

    const promoted = await newPage(browser, '203.0.113.24');
    await promoted.goto(secondManage);
    await expect(promoted.getByTestId('manage-status')).toHaveAttribute('data-status', 'confirmed');
    const mail = await waitForMail(second.email, `A place opened up: you are in for ${eventTitle}`);
    expect(mail.raw).toContain('/registrations/');
    expect(mail.raw).toContain('Content-Type: image/png');
    // The door QR code, read back from the picture the email shows.
    doorLink = new URL(await decodeQrCode(inlinePicture(mail.raw, 'check-in-qr')));
    expect(doorLink.protocol).toMatch(/^https?:$/);
    expect(doorLink.pathname).toMatch(/^\/admin\/check-in\/\d+$/);
    expect(mailTo(first.email, `Your registration for ${eventTitle} is cancelled`)).toBeDefined();
  });

  test("the email's door QR code opens that person's check-in card for staff, and sign-in for anyone else", async ({
    browser,
  }) => {
    // The link is opened on this test server's own address: the server was started without a
    // public address, and staff are signed in on this one.
    const opened = new URL(`${doorLink.pathname}${doorLink.search}`, site.baseURL).toString();

    const stranger = await newPage(browser, '203.0.113.25');
    await stranger.goto(opened);
    await expect(stranger).toHaveURL(
      `${site.baseURL}/admin/sign-in?next=${encodeURIComponent(doorLink.pathname)}`,
    );
    await expect(stranger.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(stranger.getByText(second.email)).toHaveCount(0);

    await staff.goto(opened);
    await expect(staff).toHaveURL(opened);
    await expect(staff.getByRole('heading', { name: `Check-in: ${eventTitle}` })).toBeVisible();
    // The card of the promoted person alone, ready to check in.
    await expect(
      staff.getByRole('button', { name: `Check in ${second.first} ${second.last}` }),
    ).toBeVisible();
    await expect(staff.getByRole('button', { name: /^Check in / })).toHaveCount(1);
    await expect(staff.getByText(`${first.first} ${first.last}`)).toHaveCount(0);
  });

  test('at the door, on a 390 px screen: find the person, check in, undo', async ({
    expectAccessible,
  }) => {
    await staff.goto(`/admin/events/${eventId}/check-in`);
    await expect(staff.getByTestId('door-counts')).toHaveText('1 confirmed0 checked in');
    await staff.getByLabel('Find by name or email').fill('zhang');
    await expectAccessible(staff);
    await staff.getByRole('button', { name: `Check in ${second.first} ${second.last}` }).click();
    await expect(staff.getByText(`${second.first} ${second.last} is checked in.`)).toBeVisible();
    // The board counts as the event's page does: checked in is no longer confirmed.
    await expect(staff.getByTestId('door-counts')).toHaveText('0 confirmed1 checked in');
    const width = await staff.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await staff
      .getByRole('button', { name: `Undo check-in of ${second.first} ${second.last}` })
      .click();
    await expect(staff.getByText(`${second.first} ${second.last}: check-in undone.`)).toBeVisible();
    await expect(staff.getByTestId('door-counts')).toHaveText('1 confirmed0 checked in');
  });

  test('after the event: the confirmed person not checked in is marked a no-show', async ({
    expectAccessible,
  }) => {
    // The event is moved to yesterday, as if it had taken place (on its settings page).
    await staff.goto(`/admin/events/${eventId}/edit`);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await staff.getByLabel('Date (optional)').fill(yesterday);
    await staff.getByRole('button', { name: 'Save the event' }).click();
    await expect(staff.getByText('Saved. The site shows the change now.')).toBeVisible();
    await staff.goto(`/admin/events/${eventId}`);
    // The event's page, registrants and their forms included, fits the phone's width.
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const registrants = staff.getByRole('region', { name: 'Registrants' });
    await registrants.getByLabel('Yes, mark them as a no-show').check();
    await registrants.getByRole('button', { name: 'Mark no-shows' }).click();
    await expect(registrants.getByText('1 person is marked as a no-show.')).toBeVisible();
    await staff.reload();
    await expect(
      staff.getByRole('region', { name: 'Registrants' }).getByRole('table'),
    ).toContainText('No-show');
    await staff.goto(`/admin/attendance?email=${encodeURIComponent(second.email)}`);
    await expect(staff.getByTestId('attendance-summary')).toHaveText(
      '1 registration · 0 attended · 1 no-show · 0 late cancellations',
    );
    await expectAccessible(staff);

    // The outbox lists what went out, each with Resend.
    await staff.goto('/admin/emails?show=sent');
    const sent = staff.getByRole('row', {
      name: new RegExp(`A place opened up: you are in for ${eventTitle}`),
    });
    await expect(sent).toContainText(second.email);
    await expect(sent).toContainText('Sent');
    await expect(sent.getByRole('button', { name: /^Resend/ })).toBeVisible();
    await expectAccessible(staff);
  });
});
