import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { interceptEmailJs, recordAlerts } from './support/emailjs';
import { expect, test } from './support/fixtures';
import { createSuperAdmin } from './support/membership-staff';
import { startSite, type RunningSite } from './support/server';

/**
 * The console's daily work, on a server of its own (no account yet): the super admin made from
 * the setup link invites a coordinator and an event lead; the coordinator publishes an event with
 * a poster, which visitors see within 5 seconds; a visitor registers; the coordinator sees the
 * registration and downloads the CSV; the event lead finds only their event; a message sent from
 * the home page reaches the inbox, and an applicant's resume downloads. Bad uploads are refused
 * with a clear message.
 */

const COORDINATOR = { name: 'Ana Li', email: 'ana.li@example.org', password: 'dumpling river 88' };
const LEAD = { name: 'Sam Lee', email: 'sam.lee@example.org', password: 'red envelope 2027' };
const REGISTERED = 'Registration successful! You are now registered for this event.';

test.describe('the club console: events, registrations and the inbox', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  let coordinator: Page;
  let lead: Page;
  const contexts: BrowserContext[] = [];
  /** Each project (width) runs on a server of its own. */
  let eventTitle: string;
  let eventId: string;

  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    await site?.stop();
  });

  async function newPage(browser: Browser, address: string): Promise<Page> {
    const context = await browser.newContext({
      baseURL: site.baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': address },
    });
    contexts.push(context);
    return context.newPage();
  }

  async function acceptInvitation(page: Page, link: string, password: string) {
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Password again').fill(password);
    await page.getByRole('button', { name: 'Save the password' }).click();
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  }

  test('the super admin from the setup link invites a coordinator and an event lead', async ({
    browser,
  }) => {
    const admin = await newPage(browser, '198.51.100.1');
    await createSuperAdmin(site, admin);

    await admin.goto('/admin/accounts');
    const invite = async (person: { name: string; email: string }, role: string) => {
      await admin.getByLabel('Name').fill(person.name);
      await admin.getByLabel('Email').fill(person.email);
      await admin.getByLabel('Role').selectOption(role);
      await admin.getByRole('button', { name: 'Invite' }).click();
      await expect(admin.getByText(`${person.name} is invited.`)).toBeVisible();
      const link = await admin.getByLabel('Invitation link').inputValue();
      await expect(admin.getByRole('button', { name: 'Inviting…' })).toHaveCount(0);
      return link;
    };
    const coordinatorLink = await invite(COORDINATOR, 'coordinator');
    const leadLink = await invite(LEAD, 'event_lead');
    await acceptInvitation(
      await newPage(browser, '198.51.100.2'),
      coordinatorLink,
      COORDINATOR.password,
    );
    await acceptInvitation(await newPage(browser, '198.51.100.3'), leadLink, LEAD.password);
  });

  async function signIn(page: Page, person: { email: string; password: string }) {
    await page.goto('/admin/sign-in');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  }

  test('the coordinator publishes an event with a poster, and visitors see it within 5 seconds', async ({
    browser,
    page: visitor,
    expectAccessible,
  }, testInfo) => {
    eventTitle = `Mooncake Workshop ${testInfo.project.name}`;
    coordinator = await newPage(
      browser,
      `198.51.100.${testInfo.project.name === 'desktop' ? 10 : 11}`,
    );
    await signIn(coordinator, COORDINATOR);

    // A visitor has the events page in the page cache before the change.
    await visitor.goto(`${site.baseURL}/events`);
    await expect(visitor.getByText(eventTitle)).toHaveCount(0);

    await coordinator
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Events' })
      .click();
    await expect(coordinator.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    await expectAccessible(coordinator);
    await coordinator.getByRole('link', { name: 'New event' }).click();
    await expect(coordinator.getByRole('heading', { name: 'New event' })).toBeVisible();

    // Bad files are refused beside the field, and nothing is kept in the form.
    const poster = coordinator.getByLabel('Poster');
    await poster.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    });
    await expect(
      coordinator.getByText('SVG images are not accepted, since they can carry scripts.', {
        exact: false,
      }),
    ).toBeVisible();
    await poster.setInputFiles({
      name: 'poster.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture at all'),
    });
    await expect(
      coordinator.getByText('This file is not a picture the site can show.', { exact: false }),
    ).toBeVisible();
    await poster.setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    await expect(
      coordinator.getByText('The image is too large: it must be at most 10 MB.'),
    ).toBeVisible();
    await expect(coordinator.locator('input[name="posterImg"]')).toHaveValue('');

    const png = await sharp({
      create: { width: 2400, height: 3200, channels: 3, background: '#c8102e' },
    })
      .png()
      .toBuffer();
    await poster.setInputFiles({ name: 'mooncake.png', mimeType: 'image/png', buffer: png });
    await expect(coordinator.getByText('Uploaded. Save the form to publish it.')).toBeVisible();
    await expect(coordinator.locator('input[name="posterImg"]')).toHaveValue(
      /^\/files\/[0-9a-f]{40}\.webp$/,
    );

    await coordinator.getByLabel('Title').fill(eventTitle);
    await coordinator
      .getByLabel('Description')
      .fill('Make mooncakes with the club, then share them.');
    await coordinator.getByLabel('Date').fill('2030-09-14');
    await coordinator.getByLabel('Start time').fill('18:30');
    await coordinator.getByLabel('Location').fill('Desmarais Hall 12th floor');
    await coordinator.getByLabel('Organizer').fill('TCSA Events');
    await coordinator.getByLabel('Capacity').fill('40');
    await coordinator.getByLabel(new RegExp(LEAD.name)).check();
    await expectAccessible(coordinator);
    await coordinator.getByRole('button', { name: 'Publish the event' }).click();
    await expect(coordinator).toHaveURL(/\/admin\/events\/\d+\?created=1$/);
    const saved = Date.now();
    eventId = /\/admin\/events\/(\d+)/.exec(coordinator.url())![1]!;
    await expect(
      coordinator.getByText('The event is published: it shows on the site now.'),
    ).toBeVisible();

    await expect(async () => {
      await visitor.reload();
      await expect(visitor.getByText(eventTitle).first()).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 5000 });
    expect(Date.now() - saved).toBeLessThan(5000);

    await visitor.goto(`${site.baseURL}/events/${eventId}`);
    const posterImage = visitor.getByRole('img', { name: `Poster for ${eventTitle}` });
    await expect(posterImage).toBeVisible();
    await expect
      .poll(() => posterImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    expect(
      decodeURIComponent(await posterImage.evaluate((image: HTMLImageElement) => image.currentSrc)),
    ).toContain('/files/');
  });

  test('a visitor registers; the coordinator sees it and downloads the CSV', async ({
    page: visitor,
    expectAccessible,
  }) => {
    await interceptEmailJs(visitor);
    await visitor.goto(`${site.baseURL}/events/${eventId}`);
    const form = visitor.getByRole('form', { name: 'Register for this Event' });
    await form.getByLabel('First Name').fill('明');
    await form.getByLabel('Last Name').fill('李');
    await form.getByLabel('Email').fill('ming.li@example.org');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByTestId('registration-status')).toHaveText(REGISTERED);

    await coordinator.goto(`/admin/events/${eventId}`);
    const registrants = coordinator.getByRole('region', { name: 'Registrants' });
    await expect(registrants).toContainText('1 / 40 places taken');
    await expect(registrants.getByRole('table')).toContainText('ming.li@example.org');
    await expectAccessible(coordinator);
    const downloading = coordinator.waitForEvent('download');
    await registrants.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^registrants-mooncake-workshop-\w+-2030-09-14\.csv$/,
    );
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('明,李,ming.li@example.org');
  });

  test('the event lead finds only the events they lead', async ({
    browser,
    expectAccessible,
  }, testInfo) => {
    lead = await newPage(browser, `198.51.100.${testInfo.project.name === 'desktop' ? 20 : 21}`);
    await signIn(lead, LEAD);
    await lead.goto('/admin/events');
    const rows = lead.getByRole('table').getByRole('row');
    await expect(lead.getByRole('link', { name: eventTitle })).toBeVisible();
    // Their event and a header row: the seed's events are not theirs.
    await expect(rows).toHaveCount(2);
    await expect(lead.getByRole('link', { name: 'New event' })).toHaveCount(0);
    await expectAccessible(lead);

    await lead.getByRole('link', { name: eventTitle }).click();
    await expect(lead.getByRole('region', { name: 'Registrants' })).toContainText(
      'ming.li@example.org',
    );
    // On the event's settings: leads are chosen by coordinators, and an event is cancelled by them.
    await lead.getByRole('link', { name: 'Edit the event' }).click();
    await expect(lead.getByRole('button', { name: 'Save the event' })).toBeVisible();
    await expect(lead.getByRole('group', { name: 'Event leads' })).toHaveCount(0);
    await expect(
      lead.getByRole('button', { name: /Cancel the event|Delete the event/ }),
    ).toHaveCount(0);

    // Another lead's event: 403, and the page says why.
    const other = await lead.goto('/admin/events/1');
    expect(other?.status()).toBe(403);
    await expect(lead.getByRole('heading', { name: 'You do not lead this event' })).toBeVisible();
    const csv = await lead.request.get('/admin/events/1/registrants.csv');
    expect(csv.status()).toBe(403);
    await lead.goto('/admin/inbox');
    await expect(lead.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();
  });

  test('a message from the home page reaches the inbox, and an applicant’s resume downloads', async ({
    page: visitor,
    expectAccessible,
  }, testInfo) => {
    const sender = `wei.${testInfo.project.name}@example.org`;
    await interceptEmailJs(visitor);
    recordAlerts(visitor);
    await visitor.goto(`${site.baseURL}/`);
    const contact = visitor.getByRole('form', { name: 'Contact us' });
    await contact.getByLabel('Name').fill('Wei Zhang');
    await contact.getByLabel('Email').fill(sender);
    await contact.getByLabel('Message').fill('Could TCSA co-host a mooncake night with our club?');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect(contact.getByRole('status')).toHaveText('Message sent successfully!');

    const applicant = `yan.${testInfo.project.name}@example.org`;
    await visitor.goto(`${site.baseURL}/joinus`);
    const application = visitor.getByRole('form', { name: 'Tell us About Yourself !' });
    await application.getByLabel('Name').fill('Yan Liu');
    await application.getByLabel('Email').fill(applicant);
    await application.getByLabel('Position Applying For').fill('Marketing Associate');
    await application.getByLabel('Upload Resume').setInputFiles({
      name: 'yan resume.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n% Yan Liu\n'),
    });
    await application.getByRole('button', { name: 'Submit' }).click();
    const stored = visitor.waitForResponse(
      (response) => response.url().includes('/api/applications/') && response.status() === 201,
    );
    await visitor.getByRole('dialog').getByRole('button', { name: 'Yes, submit' }).click();
    await stored;

    await coordinator.goto('/admin/inbox');
    const message = coordinator.getByRole('article').filter({ hasText: sender });
    await expect(message).toContainText('Could TCSA co-host a mooncake night with our club?');
    await expect(message).toContainText('Unread');
    await expectAccessible(coordinator);

    await coordinator.getByRole('article').filter({ hasText: applicant }).getByRole('link').click();
    await expect(
      coordinator.getByRole('heading', { name: 'Job application from Yan Liu' }),
    ).toBeVisible();
    const downloading = coordinator.waitForEvent('download');
    await coordinator.getByRole('link', { name: 'Download the resume' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^application-\d+-yan resume\.pdf$/);
    await coordinator.getByRole('button', { name: 'Mark handled' }).click();
    await expect(coordinator.getByText('Marked handled.')).toBeVisible();
    await expectAccessible(coordinator);
  });

  test('the coordinator keeps the team and alumni current; the chart refuses a circle', async ({
    page: visitor,
    expectAccessible,
  }, testInfo) => {
    await coordinator.goto('/admin');
    await coordinator
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Content' })
      .click();
    await coordinator.getByRole('link', { name: 'Team members' }).click();
    await expect(
      coordinator.getByRole('heading', { name: 'Team members', level: 1 }),
    ).toBeVisible();
    // The team chart lives at /admin/team; /admin/members lists the club's paid members, and
    // the chart's old 'add' address still leads to its form.
    await expect(coordinator).toHaveURL(/\/admin\/team$/);
    await expectAccessible(coordinator);

    // The President cannot report to someone who reports to them.
    const presidentRow = coordinator.getByRole('row').filter({ hasText: 'President' }).first();
    await presidentRow.getByRole('link').click();
    const reportsTo = coordinator.getByLabel('Reports to');
    const vicePresident = (await reportsTo
      .locator('option', { hasText: 'Vice President' })
      .first()
      .getAttribute('value'))!;
    await reportsTo.selectOption(vicePresident);
    await coordinator.getByRole('button', { name: 'Save' }).click();
    // Beside the field and in the summary by the button.
    await expect(coordinator.getByText(/that would make a circle/)).toHaveCount(2);
    await expect(reportsTo).toBeFocused();
    await expect(reportsTo).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(coordinator);

    // A new former member shows on /alumni within 5 seconds.
    const name = `Qing Zhao ${testInfo.project.name}`;
    await visitor.goto(`${site.baseURL}/alumni`);
    await coordinator.goto('/admin/alumni/new');
    await coordinator.getByLabel('Section').selectOption('club_member');
    await coordinator.getByLabel('Name').fill(name);
    await coordinator.getByLabel('Position', { exact: true }).fill('Analyst at Maple Bank');
    await coordinator.getByLabel('Major').fill('Finance');
    await coordinator.getByRole('button', { name: 'Add the alumnus' }).click();
    await expect(coordinator.getByText('Added: the site shows it now.')).toBeVisible();
    const saved = Date.now();
    await expect(async () => {
      await visitor.reload();
      await expect(visitor.getByRole('heading', { name, level: 3 })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 5000 });
    expect(Date.now() - saved).toBeLessThan(5000);
  });

  test('uploads from another site, oversized bodies and visitors are refused at the upload route', async ({
    request,
  }) => {
    const fromElsewhere = await coordinator.request.post('/admin/upload?purpose=poster', {
      headers: { origin: 'https://evil.example', 'content-type': 'application/octet-stream' },
      data: Buffer.from('x'),
    });
    expect(fromElsewhere.status()).toBe(403);
    const oversized = await coordinator.request.post('/admin/upload?purpose=poster', {
      headers: { origin: site.baseURL, 'content-type': 'application/octet-stream' },
      data: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    expect(oversized.status()).toBe(413);
    expect(await oversized.json()).toEqual({
      error: 'The image is too large: it must be at most 10 MB.',
    });
    const anonymous = await request.post(`${site.baseURL}/admin/upload?purpose=poster`, {
      headers: { origin: site.baseURL, 'content-type': 'application/octet-stream' },
      data: Buffer.from('x'),
    });
    expect(anonymous.status()).toBe(401);
  });
});
