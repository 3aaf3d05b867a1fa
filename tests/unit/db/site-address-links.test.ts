import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as calendarFile } from '@/app/(site)/events/[id]/calendar.ics/route';
import { siteLink } from '@/lib/auth/links';
import { announceSetupLink } from '@/lib/auth/announce-setup';
import { emailOutbox, events } from '@/lib/db/schema';
import { attachmentsOf } from '@/lib/mail/outbox';
import { attachmentBytes } from '@/lib/mail/templates';
import { person, register } from '../api/support/register';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * Without NEXT_PUBLIC_SITE_URL, every absolute link the server makes names this server's own
 * port: the registration answer's manage_url, the links, QR code and calendar file of the
 * registrant's email, the calendar file's page, the console's invitation links and the setup
 * link. (Before, everything but the console's links said localhost:3000 whatever the port.)
 */

vi.hoisted(() => {
  delete process.env.NEXT_PUBLIC_SITE_URL;
});
vi.mock('next/cache', () => import('../api/support/next-cache'));
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  connection: async () => undefined,
}));

const SITE = 'http://localhost:4123';
let database: TestDatabase;
let eventId: number;

beforeAll(async () => {
  vi.stubEnv('PORT', '4123');
  database = await createTestDatabase({ seed: false });
  const [event] = await database.db
    .insert(events)
    .values({
      title: 'Lantern walk',
      startsAt: new Date(Date.now() + 10 * 86_400_000),
      capacity: 30,
    })
    .returning();
  eventId = event!.id;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await database.dispose();
});

describe(`links follow the site's address (${DATABASE_UNDER_TEST})`, () => {
  it("the registration answer's manage_url and the queued email's links, QR code and calendar file", async () => {
    const answer = await register(eventId, person('links'));
    expect(answer.status).toBe(201);
    const registration = answer.body.registration as { id: number; manage_url: string };
    expect(registration.manage_url).toMatch(new RegExp(`^${SITE}/registrations/[\\w-]{43}$`));

    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.registrationId, registration.id));
    expect(mail).toBeDefined();
    expect(mail!.textBody).toContain(registration.manage_url);
    expect(mail!.htmlBody).toContain(`href="${registration.manage_url}"`);
    expect(mail!.htmlBody).toContain(`href="${SITE}"`);
    const attachments = attachmentsOf(mail!);
    expect(attachments.find((attachment) => attachment.qrCodeOf)?.qrCodeOf).toBe(
      `${SITE}/admin/check-in/${registration.id}`,
    );
    // The calendar file is drawn by the sender, as it draws it here.
    const ics = attachments.find((attachment) => attachment.filename.endsWith('.ics'));
    expect((await attachmentBytes(ics!)).toString('utf8')).toContain(`${SITE}/events/${eventId}`);
    expect(JSON.stringify(mail)).not.toContain('localhost:3000');
  });

  it("the calendar file's page, whatever address the request named", async () => {
    const response = await calendarFile(
      new Request(`http://evil.example/events/${eventId}/calendar.ics`),
      { params: Promise.resolve({ id: String(eventId) }) },
    );
    expect(response.status).toBe(200);
    const ics = (await response.text()).replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`${SITE}/events/${eventId}`);
    expect(ics).not.toContain('evil.example');
  });

  it("the console's invitation links and the setup link", async () => {
    expect(await siteLink('/admin/welcome?token=')).toBe(`${SITE}/admin/welcome?token=`);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await announceSetupLink();
    const printed = log.mock.calls.map((call) => String(call[0])).join('\n');
    log.mockRestore();
    expect(printed).toMatch(new RegExp(`${SITE}/admin/setup\\?token=[\\w-]+`));
  });
});
