import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Member events on the public side (issue 34) against the seeded events and memberships: the
 * networking night in its member window, the members-only office tour with selection, the mock
 * interview day open to everyone. Both projects share one database, so each uses its own members
 * for what it stores; refusals store nothing and may share.
 */

const NETWORKING = 'Networking Night with Telfer Alumni';
const OFFICE_TOUR = 'Big Four Office Tour (Members Only)';
const MOCK_INTERVIEWS = 'Mock Interview Day';
const SUCCESS = 'Registration successful! You are now registered for this event.';
const MISMATCH = 'This member ID and email do not match an active membership';

// Seeded active members (lib/db/seed/memberships.ts): one per project for each stored registration.
const MEMBERS = {
  desktop: {
    networking: {
      email: 'demo.stremblay031@uottawa.ca',
      id: 'TCSA-26-0001',
      name: ['Sophie', 'Tremblay'],
    },
    tour: { email: 'demo.jli047@uottawa.ca', id: 'TCSA-26-0005', name: ['Jia', 'Li'] },
  },
  phone: {
    networking: { email: 'demo.hliu118@uottawa.ca', id: 'TCSA-26-0002', name: ['Hao', 'Liu'] },
    tour: { email: 'demo.dhuang155@uottawa.ca', id: 'TCSA-26-0006', name: ['Dan', 'Huang'] },
  },
} as const;
const SUSPENDED = { email: 'demo.kwang203@uottawa.ca', id: 'TCSA-26-0004' };

function membersOf(testInfo: TestInfo) {
  return testInfo.project.name === 'phone' ? MEMBERS.phone : MEMBERS.desktop;
}

async function eventId(request: APIRequestContext, title: string): Promise<number> {
  const response = await request.get('/api/events/');
  expect(response.ok()).toBe(true);
  const events = (await response.json()) as Array<{ id: number; title: string }>;
  const event = events.find((candidate) => candidate.title === title);
  expect(event, title).toBeDefined();
  return event!.id;
}

async function openEvent(page: Page, title: string) {
  await page.goto(`/events/${await eventId(page.request, title)}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The form asks the availability once mounted.
  await expect(page.getByTestId('registration-availability')).not.toBeEmpty();
}

async function fillPerson(page: Page, [first, last]: readonly string[], email: string) {
  await page.getByLabel(/^First Name/).fill(first!);
  await page.getByLabel(/^Last Name/).fill(last!);
  await page.getByLabel(/^Email/).fill(email);
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext();
  await eventId(request, NETWORKING);
  await request.dispose();
});

test(
  'a visitor sees Members only until the public opening and cannot register',
  { tag: '@one-width' },
  async ({ page, expectAccessible }) => {
    await openEvent(page, NETWORKING);
    await expect(page.getByTestId('registration-availability')).toContainText('Members only until');
    await expect(page.getByTestId('event-status')).toContainText('Member registration open');
    await expect(page.getByTestId('event-members-only-until')).toContainText('Members only until');
    await expect(page.getByRole('radio', { name: 'I am not a member' })).toBeChecked();
    await expect(page.getByTestId('registration-non-member')).toContainText(
      'Registration opens to everyone on',
    );
    await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled();
    await expectAccessible();
  },
);

test(
  'a member registers with ID and email; a wrong ID and a suspended member get the same refusal',
  { tag: '@one-width' },
  async ({ page, expectAccessible }, testInfo) => {
    const member = membersOf(testInfo).networking;
    await openEvent(page, NETWORKING);
    await page.getByRole('radio', { name: 'I am a member' }).check();
    const memberId = page.getByLabel(/^Member ID/);
    await expect(memberId).toHaveAccessibleDescription(/TCSA-26-0001/);
    const button = page.getByRole('button', { name: 'Register' });
    await expect(button).toBeEnabled();
    await expectAccessible();

    // The right email with another member's ID.
    await fillPerson(page, member.name, member.email);
    await memberId.fill(member.id === 'TCSA-26-0001' ? 'TCSA-26-0002' : 'TCSA-26-0001');
    await button.click();
    const status = page.getByTestId('registration-status');
    await expect(status).toContainText(MISMATCH);
    await expect(status).toHaveAttribute('data-tone', 'error');

    // A suspended member's right pair is answered as a wrong pair: whoever knows the address
    // learns nothing of the suspension (the member is emailed why).
    await fillPerson(page, ['Kai', 'Wang'], SUSPENDED.email);
    await memberId.fill(SUSPENDED.id);
    await button.click();
    await expect(status).toContainText(MISMATCH);
    await expect(status).not.toContainText('suspended');

    await fillPerson(page, member.name, member.email);
    await memberId.fill(member.id);
    await button.click();
    await expect(status).toHaveText(SUCCESS);
    await expect(status).toHaveAttribute('data-tone', 'success');
  },
);

test(
  'the members-only office tour asks the member ID always and takes an application',
  { tag: '@one-width' },
  async ({ page }, testInfo) => {
    const member = membersOf(testInfo).tour;
    await openEvent(page, OFFICE_TOUR);
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByTestId('registration-availability')).toContainText(
      'This event is for members only.',
    );
    await fillPerson(page, member.name, member.email);
    await page.getByLabel(/^Member ID/).fill(member.id);
    await page.getByRole('button', { name: 'Register' }).click();
    const status = page.getByTestId('registration-status');
    await expect(status).toHaveAttribute('data-tone', 'success');
    await expect(status).not.toBeEmpty();
    await expect(status).not.toContainText('Registration failed');
  },
);

test('/membership/events lists the three with their statuses', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/membership/events');
  const item = (title: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  const networking = item(NETWORKING);
  await expect(networking.getByTestId('event-status')).toContainText(
    /Member registration open · Members only until/,
  );
  await expect(networking).toContainText('60, of which 20 for members');
  await expect(networking).toContainText('Networking');
  const tour = item(OFFICE_TOUR);
  await expect(tour.getByTestId('event-status')).toHaveText('Member registration open');
  await expect(tour).toContainText('15, members only');
  await expect(tour).toContainText('Places by selection');
  const interviews = item(MOCK_INTERVIEWS);
  await expect(interviews.getByTestId('event-status')).toHaveText('General registration open');
  await expect(interviews).toContainText('Deposit required');
  await expectAccessible();
});

test('event cards show the status', async ({ page }) => {
  await page.goto('/events');
  const card = page.getByTestId('event-card').filter({ hasText: NETWORKING });
  await expect(card.getByTestId('event-status')).toContainText(
    /Member registration open · Members only until/,
  );
});
