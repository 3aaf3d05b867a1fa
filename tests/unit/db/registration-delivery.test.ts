import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox, eventRegistrations } from '@/lib/db/schema';
import { resetServerEnvForTests } from '@/lib/env/server';
import { deliverSoon, drainOutbox, resetSenderForTests, SENDER_QUIET_MS } from '@/lib/jobs/tick';
import { closeConfiguredTransports } from '@/lib/mail/sender';
import { resetRegistrationLimiterForTests } from '@/lib/registrations/register-endpoint';
import { person, register } from '../api/support/register';
import { startMailbox } from './support/mailbox';
import { insertEvent } from './support/staff';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

vi.mock('next/cache', () => import('../api/support/next-cache'));

/**
 * A registration's answer never waits on SMTP: it only asks the process's background sender to
 * deliver soon. With the SMTP server down, registering makes no connection and logs nothing;
 * the sender then tries once for the whole burst, logs that once, and delivers every email
 * exactly once when the server is back.
 */

const REGISTRATIONS = 12;
const CAPACITY = 5;

let database: TestDatabase;
const smtpUrlBefore = process.env.SMTP_URL;

/** An SMTP server that is down: it drops every connection at once, and counts them. */
async function startDeadSmtpServer() {
  const connections: number[] = [];
  const server: Server = createServer((socket: Socket) => {
    connections.push(Date.now());
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function useSmtp(url: string) {
  process.env.SMTP_URL = url;
  resetServerEnvForTests();
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  resetSenderForTests();
  closeConfiguredTransports();
  if (smtpUrlBefore === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = smtpUrlBefore;
  resetServerEnvForTests();
  await database.dispose();
});
afterEach(() => {
  vi.restoreAllMocks();
  resetRegistrationLimiterForTests();
});

describe(`registration and email delivery (${DATABASE_UNDER_TEST})`, () => {
  it('SMTP down: registering makes no connection and logs nothing; the sender tries once for the burst, then delivers each email once', async () => {
    resetSenderForTests();
    const dead = await startDeadSmtpServer();
    const mailbox = await startMailbox();
    try {
      useSmtp(dead.url);
      const event = await insertEvent(database.db, {
        title: 'Gala',
        startsAt: new Date(Date.now() + 30 * 86_400_000),
        capacity: CAPACITY,
        waitlistEnabled: true,
        autoPromote: true,
      });
      const logged = (['log', 'info', 'warn', 'error'] as const).map((method) =>
        vi.spyOn(console, method).mockImplementation(() => {}),
      );
      const lines = () => logged.reduce((sum, spy) => sum + spy.mock.calls.length, 0);

      const answers = await Promise.all(
        Array.from({ length: REGISTRATIONS }, () => register(event.id, person('gala'))),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(REGISTRATIONS).fill(201));
      const statuses = answers.map(
        (answer) => (answer.body.registration as { status: string }).status,
      );
      // The capacity and the waitlist as before: the first five in, the rest in line.
      expect(statuses.filter((status) => status === 'confirmed')).toHaveLength(CAPACITY);
      expect(statuses.filter((status) => status === 'waitlisted')).toHaveLength(
        REGISTRATIONS - CAPACITY,
      );
      // The answers are out: no connection was attempted and nothing was logged for them.
      expect(dead.connections).toHaveLength(0);
      expect(lines()).toBe(0);

      // The background sender runs once the burst has been quiet for a moment: one connection
      // for the whole burst, reported in one line, and every email still queued.
      await vi.waitFor(() => expect(dead.connections).toHaveLength(1), {
        timeout: 10_000,
        interval: 50,
      });
      await vi.waitFor(() => expect(lines()).toBe(1), { timeout: 10_000, interval: 50 });
      expect(String(logged[2]!.mock.calls[0]?.[0])).toContain('SMTP server could not be reached');
      // More registrations while it is down: still nothing, the sender waits for the tick.
      const late = await register(event.id, person('gala'));
      expect(late.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, SENDER_QUIET_MS * 2));
      expect(dead.connections).toHaveLength(1);
      expect(lines()).toBe(1);

      const registrations = await database.db
        .select({ id: eventRegistrations.id })
        .from(eventRegistrations);
      const ids = registrations.map((row) => row.id);
      expect(ids).toHaveLength(REGISTRATIONS + 1);
      let queued = await database.db
        .select()
        .from(emailOutbox)
        .where(inArray(emailOutbox.registrationId, ids));
      expect(queued).toHaveLength(REGISTRATIONS + 1);
      expect(queued.filter((row) => row.sentAt !== null)).toHaveLength(0);
      expect(queued.filter((row) => row.attempts > 0)).toHaveLength(1);

      // The server is back and the failed email's wait is over: the background sender, woken
      // by the next request, delivers everything, each email once.
      useSmtp(mailbox.url);
      await database.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1_000) });
      resetSenderForTests();
      deliverSoon();
      await vi.waitFor(() => expect(mailbox.received).toHaveLength(REGISTRATIONS + 1), {
        timeout: 20_000,
        interval: 100,
      });
      // A second sender round (the minute's tick) finds nothing left to send.
      expect(await drainOutbox()).toMatchObject({ sent: 0, failed: 0 });
      expect(mailbox.received).toHaveLength(REGISTRATIONS + 1);
      queued = await database.db
        .select()
        .from(emailOutbox)
        .where(inArray(emailOutbox.registrationId, ids));
      expect(new Set(mailbox.received.map((mail) => mail.outboxId))).toEqual(
        new Set(queued.map((row) => row.id)),
      );
      expect(queued.every((row) => row.sentAt !== null)).toBe(true);
      // The door pass and the calendar file are drawn by the sender.
      const confirmed = mailbox.received.find((mail) =>
        mail.subject.startsWith('You are registered'),
      );
      expect(confirmed?.raw).toContain('check-in.png');
      expect(confirmed?.raw).toMatch(/BEGIN:VCALENDAR|filename=.*\.ics/);
      expect(dead.connections).toHaveLength(1);
    } finally {
      closeConfiguredTransports();
      await dead.close();
      await mailbox.close();
    }
  });
});
