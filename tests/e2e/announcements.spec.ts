import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startMailbox, type Mailbox, type ReceivedMail } from './support/mailbox';
import { COORDINATOR, pagesOf, setUpStaff, signIn } from './support/membership-staff';
import { startSite, type RunningSite } from './support/server';

/**
 * An announcement to the members on a 390 px phone, on a server of its own whose email goes to
 * an SMTP server started here: the membership coordinator opens Announcements from the members
 * page, sees it goes to the seed's active members (every one of them agreed to be emailed when
 * they applied), previews and sends it; exactly those members receive it, one email per address.
 * One of them opens the unsubscribe link of their email (the page changes nothing by being
 * opened), presses Unsubscribe and is told they will receive no more; the next announcement goes
 * to one fewer, and not to them. A link that is not valid says so and changes nothing.
 */

const PHONE = 390;
const SHOTS = process.env.ANNOUNCEMENTS_SCREENSHOTS ?? 'test-results/announcements';

type Records = { memberships: Array<{ status: string; uottawa_email: string }> };

test.describe('an announcement reaches consenting members only, and its unsubscribe link works', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  let mailbox: Mailbox;
  let coordinator: Page;
  let members: string[];
  let unsubscribed: string;
  const pages = pagesOf(() => site);

  test.beforeAll(async () => {
    mailbox = await startMailbox();
    site = await startSite({ SMTP_URL: mailbox.smtpUrl, MAIL_FROM: 'TCSA <tcsa@example.org>' });
  });
  test.afterAll(async () => {
    await pages.close();
    await site?.stop();
    await mailbox?.close();
  });

  /** The seed's active members, one per address: every seeded member agreed to be emailed. */
  async function activeMembers(): Promise<string[]> {
    const answer = await fetch(`${site.baseURL}/api/test-hooks/database/?view=records`);
    const records = (await answer.json()) as Records;
    return [
      ...new Set(
        records.memberships
          .filter((row) => row.status === 'active')
          .map((row) => row.uottawa_email.toLowerCase()),
      ),
    ].sort();
  }

  /** Waits until `count` copies of `subject` arrived; answers them. */
  async function copiesOf(subject: string, count: number): Promise<ReceivedMail[]> {
    await expect
      .poll(() => mailbox.received.filter((mail) => mail.subject === subject).length, {
        message: `${count} copies of “${subject}”`,
        timeout: 60_000,
      })
      .toBeGreaterThanOrEqual(count);
    return mailbox.received.filter((mail) => mail.subject === subject);
  }

  async function announce(subject: string, body: string, count: number) {
    await coordinator.goto('/admin/members');
    await coordinator.getByRole('link', { name: 'Email an announcement' }).click();
    await expect(
      coordinator.getByRole('heading', { name: 'Announcements', level: 1 }),
    ).toBeVisible();
    await expect(coordinator.getByTestId('announcement-count')).toHaveText(
      `This goes to ${count} members`,
    );
    await coordinator.getByLabel('Subject').fill(subject);
    await coordinator.getByLabel('Message').fill(body);
    await coordinator.getByRole('button', { name: 'Preview' }).click();
    await expect(coordinator.getByTestId('announcement-preview-count')).toHaveText(
      `This goes to ${count} members`,
    );
    await expect(coordinator.getByTestId('announcement-preview-text')).toContainText(
      'Unsubscribe: (their own unsubscribe link)',
    );
    await coordinator.getByRole('button', { name: `Send to ${count} members` }).click();
    await expect(coordinator.getByText(`Sent to ${count} members.`)).toBeVisible();
    await expect(coordinator.getByTestId('announcements-sent')).toContainText(subject);
  }

  test('the coordinator announces to the consenting active members; only they receive it', async ({
    browser,
  }) => {
    await setUpStaff(site, (address) => pages.newPage(browser, address, PHONE), {
      admin: '198.51.100.60',
      coordinator: '198.51.100.61',
      finance: '198.51.100.62',
    });
    coordinator = await pages.newPage(browser, '198.51.100.63', PHONE);
    await signIn(coordinator, COORDINATOR);
    members = await activeMembers();
    expect(members.length, 'the seed has active members').toBeGreaterThan(1);

    const subject = 'Spring gala: tickets open Monday';
    await announce(subject, 'Tickets open on Monday at noon.\n\nBring a friend!', members.length);
    await coordinator.screenshot({ path: `${SHOTS}/announcements-390.png`, fullPage: true });
    await expect(coordinator.getByTestId('announcements-sent')).toContainText(
      `Sent by ${COORDINATOR.name}`,
    );

    const copies = await copiesOf(subject, members.length);
    expect(copies.map((mail) => mail.to.toLowerCase()).sort()).toEqual(members);
    for (const mail of copies) {
      expect(mail.text).toContain('Bring a friend!');
      expect(mail.text).toMatch(/\/membership\/unsubscribe\?token=\d+\.[\w-]{43}/);
    }
  });

  test('a member opens the unsubscribe link of their email and unsubscribes', async ({
    browser,
  }) => {
    const [mail] = (await copiesOf('Spring gala: tickets open Monday', 1)).slice(-1);
    unsubscribed = mail!.to.toLowerCase();
    const link = new URL(/https?:\/\/\S+\/membership\/unsubscribe\?token=\S+/.exec(mail!.text)![0]);
    const member = await pages.newPage(browser, '203.0.113.70', PHONE);
    await member.goto(`${link.pathname}${link.search}`);
    await expect(
      member.getByRole('heading', { name: 'Stop receiving announcements?' }),
    ).toBeVisible();
    await member.screenshot({ path: `${SHOTS}/unsubscribe-390.png`, fullPage: true });
    // Opening the link changed nothing: the coordinator still counts every member.
    await coordinator.goto('/admin/membership/announcements');
    await expect(coordinator.getByTestId('announcement-count')).toHaveText(
      `This goes to ${members.length} members`,
    );

    await member.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(member.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await expect(
      member.getByText('You will no longer receive announcements from TCSA.'),
    ).toBeVisible();
    await member.screenshot({ path: `${SHOTS}/unsubscribed-390.png`, fullPage: true });
    const wide = await pages.newPage(browser, '203.0.113.71', 1280);
    await wide.goto(`${link.pathname}${link.search}`);
    await wide.screenshot({ path: `${SHOTS}/unsubscribe-1280.png`, fullPage: true });

    // A tampered link says it does not work, as any other, and changes nothing.
    const tampered = link.searchParams
      .get('token')!
      .replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    await member.goto(`/membership/unsubscribe?token=${encodeURIComponent(tampered)}`);
    await expect(member.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await expect(member.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  });

  test('the next announcement goes to one fewer, and not to the member who unsubscribed', async ({
    browser,
  }) => {
    const subject = 'Mid-autumn festival volunteers';
    await announce(subject, 'We need ten volunteers for the festival.', members.length - 1);
    const copies = await copiesOf(subject, members.length - 1);
    expect(copies.map((mail) => mail.to.toLowerCase()).sort()).toEqual(
      members.filter((address) => address !== unsubscribed),
    );
    const wide = await pages.newPage(browser, '198.51.100.64', 1280);
    await signIn(wide, COORDINATOR);
    await wide.goto('/admin/membership/announcements');
    await wide.screenshot({ path: `${SHOTS}/announcements-1280.png`, fullPage: true });
  });
});
