import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { interceptEmailJs } from './support/emailjs';
import { expect, test } from './support/fixtures';
import { child, parseIcs, property } from './support/ical';
import { startMailbox, type Mailbox } from './support/mailbox';
import { startSite, type RunningSite } from './support/server';
import { createSuperAdmin } from './support/membership-staff';

/**
 * Writing to an event's registrants, on a server of its own whose email goes to an SMTP server
 * started here: staff message the confirmed registrants (the form says how many before sending;
 * previewed, then sent) and each reads it at the SMTP server, the waitlisted person does not;
 * then staff change the event's time, and the offer to notify stays through reloads until they
 * accept it: every registrant receives a calendar file with the same UID, a higher SEQUENCE and
 * the new time. A change of place is declined, and stays declined. The club's daily limit of
 * messages per event refuses the next one and says when it may go. The Messages page and the
 * offer are checked with axe and photographed at 390 and 1280 px.
 */

const ADMIN = { name: 'Mei Chen', email: 'mei.chen@example.org', password: 'lantern moon 2026!' };
const SHOTS = process.env.MESSAGES_SCREENSHOTS ?? 'test-results/event-messages';

/** The calendar file a raw email carries as an attachment, decoded. */
function attachedCalendar(raw: string): string {
  for (const part of raw.split(/\r?\n--/)) {
    const end = /\r?\n\r?\n/.exec(part);
    if (!end) continue;
    const headers = part.slice(0, end.index).replace(/\r?\n[ \t]+/g, ' ');
    if (!/^Content-Type: text\/calendar/im.test(headers)) continue;
    const body = part.slice(end.index + end[0].length);
    if (/^Content-Transfer-Encoding: base64$/im.test(headers)) {
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    }
    if (/^Content-Transfer-Encoding: quoted-printable$/im.test(headers)) {
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
            String.fromCharCode(parseInt(hex, 16)),
          ),
        'latin1',
      ).toString('utf8');
    }
    return body;
  }
  throw new Error('The email carries no calendar file');
}

function vevent(raw: string) {
  const event = child(parseIcs(attachedCalendar(raw)), 'VEVENT');
  if (!event) throw new Error('The calendar file has no VEVENT');
  return event;
}

test.describe('messages to registrants and a change of time, read at the SMTP server', () => {
  test.describe.configure({ mode: 'serial' });
  // Each page sets its own width (390 px, and 1280 px for the wide screenshot): one project is enough.
  test.skip(({ viewport }) => (viewport?.width ?? 1280) > 600, 'the spec chooses its own widths');

  let site: RunningSite;
  let mailbox: Mailbox;
  let staff: Page;
  const contexts: BrowserContext[] = [];
  let eventTitle: string;
  let eventId: string;
  const people = [
    { first: 'Lin', last: 'Wang', email: 'lin.wang@example.org' },
    { first: 'Hao', last: 'Zhang', email: 'hao.zhang@example.org' },
    { first: 'Yu', last: 'Chen', email: 'yu.chen@example.org' },
  ];

  test.beforeAll(async () => {
    mailbox = await startMailbox();
    site = await startSite({ SMTP_URL: mailbox.smtpUrl, MAIL_FROM: 'TCSA <tcsa@example.org>' });
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    await site?.stop();
    await mailbox?.close();
  });

  async function newPage(browser: Browser, address: string, width = 390) {
    const context = await browser.newContext({
      baseURL: site.baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': address },
      viewport: { width, height: width === 390 ? 844 : 800 },
    });
    contexts.push(context);
    return context.newPage();
  }

  const waitForMail = (email: string, subject: string) =>
    mailbox.waitFor(
      (mail) => mail.to === email && mail.subject === subject,
      `“${subject}” to ${email}`,
    );

  test('staff publish a two-place event with a waitlist; three people register', async ({
    browser,
  }, testInfo) => {
    staff = await newPage(browser, '198.51.100.30');
    await createSuperAdmin(site, staff, ADMIN);

    eventTitle = `Lantern Night ${testInfo.project.name}`;
    await staff.goto('/admin/events/new');
    await staff.getByLabel('Title').fill(eventTitle);
    await staff.getByLabel('Date').fill('2030-10-02');
    await staff.getByLabel('Start time').fill('19:00');
    await staff.getByLabel('Duration').fill('2 hours');
    await staff.getByLabel('Capacity').fill('2');
    await staff.getByLabel('Location').fill('Desmarais Hall, room 12');
    await staff.getByLabel('Take a waitlist when the event is full').check();
    await staff.getByRole('button', { name: 'Publish the event' }).click();
    await expect(staff).toHaveURL(/\/admin\/events\/\d+\?created=1$/);
    eventId = /\/admin\/events\/(\d+)/.exec(staff.url())![1]!;

    for (const [index, person] of people.entries()) {
      const visitor = await newPage(browser, `203.0.113.${40 + index}`);
      await interceptEmailJs(visitor);
      await visitor.goto(`/events/${eventId}`);
      const form = visitor.getByRole('form', { name: 'Register for this Event' });
      await form.getByLabel('First Name').fill(person.first);
      await form.getByLabel('Last Name').fill(person.last);
      await form.getByLabel('Email').fill(person.email);
      await form.getByRole('button', { name: 'Register' }).click();
      await expect(form.getByTestId('registration-status')).toContainText(
        'Registration successful!',
      );
    }
    await waitForMail(people[2]!.email, `You are on the waitlist for ${eventTitle}`);
  });

  test('a registration that waits for review is emailed as received, with its link', async ({
    browser,
  }, testInfo) => {
    const title = `Office Tour ${testInfo.project.name}`;
    await staff.goto('/admin/events/new');
    await staff.getByLabel('Title').fill(title);
    await staff.getByLabel('Date').fill('2030-10-09');
    await staff.getByLabel('Start time').fill('14:00');
    await staff.getByLabel('Capacity').fill('10');
    await staff.getByLabel('Registrations need review (staff confirm or decline each one)').check();
    await staff.getByRole('button', { name: 'Publish the event' }).click();
    await expect(staff).toHaveURL(/\/admin\/events\/\d+\?created=1$/);
    const tourId = /\/admin\/events\/(\d+)/.exec(staff.url())![1]!;

    const visitor = await newPage(browser, '203.0.113.50');
    await interceptEmailJs(visitor);
    await visitor.goto(`/events/${tourId}`);
    const form = visitor.getByRole('form', { name: 'Register for this Event' });
    await form.getByLabel('First Name').fill('Mo');
    await form.getByLabel('Last Name').fill('Liu');
    await form.getByLabel('Email').fill('mo.liu@example.org');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByTestId('registration-status')).toContainText('awaiting review');
    const manage = await visitor
      .getByRole('link', { name: 'See or cancel your registration' })
      .getAttribute('href');

    const mail = await waitForMail(
      'mo.liu@example.org',
      `We received your registration for ${title}`,
    );
    expect(mail.text).toContain('Hi Mo,');
    expect(mail.text).toContain('you do not have a place yet');
    expect(manage).toMatch(/^\/registrations\/[\w-]{43}$/);
    expect(mail.text).toMatch(new RegExp(`See my registration: http://[^\\s]+${manage}\\s`));
  });

  test('message the confirmed registrants: previewed, sent once each, read at the SMTP server', async ({
    expectAccessible,
  }) => {
    await staff.goto(`/admin/events/${eventId}/messages`);
    await expect(staff.getByRole('heading', { name: `Messages: ${eventTitle}` })).toBeVisible();
    const tabs = staff.getByRole('navigation', { name: 'This event' });
    await expect(tabs.getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectAccessible(staff);

    // A message without its words is refused, with the summary by the button.
    await staff.getByRole('button', { name: 'Preview' }).click();
    await expect(staff.getByTestId('error-summary')).toContainText('Subject');
    await expect(staff.getByLabel('Subject')).toBeFocused();

    // How many the ticked group holds, said as it is chosen.
    await staff.getByLabel('On the waitlist (1)').check();
    await expect(staff.getByTestId('audience-count')).toHaveText(
      'This goes to 1 person on the waitlist.',
    );
    await staff.getByLabel('Confirmed (and checked in) (2)').check();
    await expect(staff.getByTestId('audience-count')).toHaveText(
      'This goes to 2 confirmed registrants.',
    );
    await staff.getByLabel('Subject').fill(`Room change for ${eventTitle}`);
    await staff
      .getByLabel('Message')
      .fill('We moved to room 14, one floor up.\n\nBring your student card.');
    await staff.getByRole('button', { name: 'Preview' }).click();
    const preview = staff.getByRole('form', { name: /^Preview/ });
    await expect(preview.getByTestId('preview-to')).toHaveText('2 confirmed registrants');
    await expect(preview.getByTestId('preview-count')).toContainText('This goes to 2 people.');
    const shown = await preview.getByTestId('preview-text').innerText();
    expect(shown).toContain('Hi Lin,');
    expect(shown).toContain('We moved to room 14, one floor up.\n\nBring your student card.');
    expect(shown).toContain('(their own registration link)');
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(staff);

    await preview.getByRole('button', { name: 'Send to 2 confirmed registrants' }).click();
    await expect(staff.getByText('Sent to 2 confirmed registrants.')).toBeVisible();

    for (const person of people.slice(0, 2)) {
      const mail = await waitForMail(person.email, `Room change for ${eventTitle}`);
      expect(mail.text).toContain(`Hi ${person.first},`);
      expect(mail.text).toContain('We moved to room 14, one floor up.');
      expect(mail.text).toMatch(/See my registration: http:\/\/[^\s]+\/registrations\/[\w-]{43}/);
    }
    expect(
      mailbox.received.filter((mail) => mail.subject === `Room change for ${eventTitle}`),
      'one email per confirmed person, none to the waitlist',
    ).toHaveLength(2);

    // The page lists it: who sent it, to whom, and that both went out.
    await expect(async () => {
      await staff.reload();
      const sent = staff.getByTestId('event-messages');
      await expect(sent).toContainText(`Room change for ${eventTitle}`);
      await expect(sent).toContainText(/Sent by Mei Chen, .+, to 2 confirmed registrants/);
      await expect(sent).toContainText('Emails: 2 sent');
    }).toPass({ timeout: 30_000 });
    await expectAccessible(staff);
  });

  test('change the event’s time: the offer stays through reloads until answered; notifying sends everyone the new calendar file', async ({
    expectAccessible,
  }) => {
    const confirmation = await waitForMail(
      people[0]!.email,
      `You are registered for ${eventTitle}`,
    );
    const firstUid = property(vevent(confirmation.raw), 'UID')!.value;

    await staff.goto(`/admin/events/${eventId}/edit`);
    await staff.getByLabel('Start time').fill('20:30');
    await staff.getByRole('button', { name: 'Save the event' }).first().click();
    const offer = staff.getByRole('form', { name: 'Notify the registrants' });
    await expect(offer).toContainText('The time changed. Notify the 3 registrants?');
    // Left unanswered, it is still there after a reload, and on the event's other pages.
    await staff.reload();
    await expect(offer).toContainText('The time changed. Notify the 3 registrants?');
    await staff.goto(`/admin/events/${eventId}/messages`);
    await expect(offer).toContainText('The time changed. Notify the 3 registrants?');
    await staff.goto(`/admin/events/${eventId}`);
    await expect(offer).toContainText('The time changed. Notify the 3 registrants?');
    await expectAccessible(staff);
    await staff.screenshot({ path: `${SHOTS}/offer-390.png` });
    await offer.getByRole('button', { name: 'Email the 3 registrants' }).click();
    await expect(offer).toContainText('Emailed the new time to 3 registrants');
    await staff.reload();
    await expect(staff.getByRole('heading', { name: eventTitle })).toBeVisible();
    await expect(offer).toHaveCount(0);

    for (const person of people) {
      const mail = await waitForMail(person.email, `New time for ${eventTitle}`);
      expect(mail.text).toContain(`The time of ${eventTitle} changed.`);
      expect(mail.text).toContain('8:30 PM');
      const event = vevent(mail.raw);
      expect(property(event, 'UID')?.value).toBe(firstUid);
      expect(Number(property(event, 'SEQUENCE')?.value)).toBeGreaterThan(0);
      expect(property(event, 'DTSTART')).toMatchObject({
        params: { TZID: 'America/Toronto' },
        value: '20301002T203000',
      });
      expect(property(event, 'DTEND')?.value).toBe('20301002T223000');
    }

    await staff.goto(`/admin/events/${eventId}/messages`);
    await expect(staff.getByTestId('event-messages')).toContainText(
      /Change notice: New time for .+Sent by Mei Chen, .+, to 3 registrants/,
    );
  });

  test('a registrant’s row on the event’s page shows their emails and whether each went out', async () => {
    await staff.goto(`/admin/events/${eventId}`);
    const row = staff.locator('tr', { hasText: people[0]!.email });
    await row.getByText(/^3 emails/).click({ timeout: 20_000 });
    for (const subject of [
      `New time for ${eventTitle}`,
      `Room change for ${eventTitle}`,
      `You are registered for ${eventTitle}`,
    ]) {
      await expect(row.getByRole('listitem').filter({ hasText: subject })).toContainText(
        /: Sent \w{3}, /,
      );
    }
    // The emails of a row, opened, stay within the phone's width.
    const past = await staff.evaluate(() =>
      [...document.querySelectorAll('td[data-label="Emails"], td[data-label="Emails"] *')]
        .filter((element) => element.getBoundingClientRect().right > 390.5)
        .map((element) => `${element.tagName} ${element.getBoundingClientRect().right}`),
    );
    expect(past).toEqual([]);
  });

  test('a change of place declined: nobody is emailed, and the offer is gone for good', async () => {
    await staff.goto(`/admin/events/${eventId}/edit`);
    await staff.getByLabel('Location').fill('Desmarais Hall, room 14');
    await staff.getByRole('button', { name: 'Save the event' }).first().click();
    const offer = staff.getByRole('form', { name: 'Notify the registrants' });
    await expect(offer).toContainText('The place changed. Notify the 3 registrants?');
    await staff.goto(`/admin/events/${eventId}/messages`);
    await offer.getByRole('button', { name: 'Don’t notify them' }).click();
    await expect(offer).toContainText('Nobody was emailed about the new place.');
    await staff.reload();
    await expect(staff.getByRole('heading', { name: `Messages: ${eventTitle}` })).toBeVisible();
    await expect(offer).toHaveCount(0);
    await expect(staff.getByTestId('event-messages')).not.toContainText('New place for');
  });

  test('the club’s daily limit per event: the next message is refused, with when it may go', async () => {
    await staff.goto(`/admin/events/${eventId}/messages`);
    // The first message and the change notice: one more may go today.
    await expect(staff.getByTestId('message-allowance')).toHaveText(
      'Messages in the last 24 hours: 2 of 3 a day (change notices included).',
    );
    const write = async (subject: string) => {
      await staff.getByLabel('On the waitlist (1)').check();
      await staff.getByLabel('Subject').fill(subject);
      await staff.getByLabel('Message').fill('A place may free up: keep an eye on your inbox.');
      await staff.getByRole('button', { name: 'Preview' }).click();
    };
    await write(`Waitlist news for ${eventTitle}`);
    await staff
      .getByRole('form', { name: /^Preview/ })
      .getByRole('button', { name: 'Send to 1 person on the waitlist' })
      .click();
    await expect(staff.getByText('Sent to 1 person on the waitlist.')).toBeVisible();
    await waitForMail(people[2]!.email, `Waitlist news for ${eventTitle}`);

    await staff.reload();
    const limit = staff.getByTestId('message-allowance');
    await expect(limit).toContainText(
      'This event’s registrants had 3 messages in the last 24 hours (change notices included), the most the club allows per event: 3 a day. The next can go ',
    );
    await write(`More waitlist news for ${eventTitle}`);
    // The form's own answer (the line above the form says the same).
    await expect(staff.locator('p[role="alert"]')).toContainText(
      'the most the club allows per event: 3 a day. The next can go',
    );
    await expect(staff.getByRole('form', { name: /^Preview/ })).toHaveCount(0);
  });

  test('the Messages page at 390 and 1280 px', async ({ browser }) => {
    mkdirSync(SHOTS, { recursive: true });
    await staff.goto(`/admin/events/${eventId}/messages`);
    await staff.screenshot({ path: `${SHOTS}/messages-390.png`, fullPage: true });
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const wide = await browser.newContext({
      baseURL: site.baseURL,
      viewport: { width: 1280, height: 800 },
      storageState: await staff.context().storageState(),
    });
    contexts.push(wide);
    const page = await wide.newPage();
    await page.goto(`/admin/events/${eventId}/messages`);
    await expect(page.getByRole('heading', { name: `Messages: ${eventTitle}` })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/messages-1280.png`, fullPage: true });
  });
});
