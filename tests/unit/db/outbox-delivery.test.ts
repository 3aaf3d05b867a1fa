import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, emailOutbox } from '@/lib/db/schema';
import { resetServerEnvForTests } from '@/lib/env/server';
import {
  claimDueEmails,
  markFailed,
  markSent,
  messageIdOf,
  queueEmail,
  renewClaim,
  resendEmail,
  transactionalReserve,
} from '@/lib/mail/outbox';
import {
  configuredPace,
  DEFAULT_MAIL_PER_MINUTE,
  deliverDueEmails,
  deliverEmail,
  type MailMessage,
} from '@/lib/mail/sender';
import { startMailbox } from './support/mailbox';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await database.dispose();
});

let queued = 0;
/**
 * Queues `count` emails due now (copies of announcement `announcementId` when given, a bulk
 * send; transactional otherwise); answers their ids.
 */
async function queue(
  count: number,
  to = (index: number) => `person${index}@example.org`,
  announcementId?: number,
) {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    queued += 1;
    await queueEmail(database.db, {
      dedupeKey: `test:${queued}`,
      kind: announcementId ? 'announcement' : 'test',
      to: to(index),
      email: { subject: `Email ${queued}`, text: 'Hello', html: '<p>Hello</p>', attachments: [] },
      announcementId: announcementId ?? null,
    });
    // Due a second ago: the database's clock counts microseconds and a JavaScript Date only
    // milliseconds, so 'now' here may otherwise fall just before the row's default 'now()'.
    const [row] = await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(eq(emailOutbox.dedupeKey, `test:${queued}`))
      .returning({ id: emailOutbox.id });
    ids.push(row!.id);
  }
  return ids;
}

async function rowsOf(ids: number[]) {
  return database.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
}

/** Sends nothing else: the emails of earlier tests (due by `now`) are out of the way. */
async function sendEverythingElse(now = new Date()) {
  const sink = { sendMail: async () => ({}) };
  while ((await deliverDueEmails(database.db, { now, transport: sink, pace: null })).sent > 0) {
    // keep going
  }
}

describe(`outbox delivery (${DATABASE_UNDER_TEST})`, () => {
  it('two senders and an SMTP server slower than the claim: each email reaches the server exactly once', async () => {
    const claimMs = 400;
    const mailbox = await startMailbox({ answerDelayMs: 3 * claimMs });
    try {
      const ids = await queue(3);
      const transport = createTransport(mailbox.url);
      // Each sender works as the server's ticks do: claims a batch of two, sends it, and comes
      // back for more until nothing of the test's is left unsent (or 15 s have passed).
      const deadline = Date.now() + 15_000;
      const sender = async () => {
        while ((await rowsOf(ids)).some((row) => row.sentAt === null) && Date.now() < deadline) {
          await deliverDueEmails(database.db, { transport, claimMs, batch: 2 });
          await sleep(50);
        }
      };
      await Promise.all([sender(), sender()]);

      const times = ids.map((id) => mailbox.received.filter((mail) => mail.outboxId === id));
      expect(times.map((mails) => mails.length)).toEqual([1, 1, 1]);
      const rows = await rowsOf(ids);
      expect(rows.every((row) => row.sentAt !== null && row.claimToken === null)).toBe(true);
      expect(rows.every((row) => row.attempts === 0 && row.lastError === null)).toBe(true);
    } finally {
      await mailbox.close();
    }
  });

  it('a sender whose claim lapsed and was taken over records nothing', async () => {
    await sendEverythingElse();
    const [id] = await queue(1);
    const start = new Date();
    const [first] = await claimDueEmails(database.db, start, 10, { claimMs: 1_000 });
    expect(first?.id).toBe(id);
    // Still held: a second sender gets nothing.
    expect(await claimDueEmails(database.db, new Date(start.getTime() + 500), 10)).toEqual([]);
    // Lapsed: the second sender takes it over, with a token of its own.
    const [second] = await claimDueEmails(database.db, new Date(start.getTime() + 1_000), 10);
    expect(second?.id).toBe(id);
    expect(second?.claimToken).not.toBe(first!.claimToken);

    expect(
      await renewClaim(database.db, first!.claimToken, new Date(start.getTime() + 9e6)),
    ).toEqual([]);
    expect(await markSent(database.db, first!, new Date())).toBe(false);
    expect(await markFailed(database.db, first!, '421 try later', new Date())).toBeNull();
    let [row] = await rowsOf([id!]);
    expect(row).toMatchObject({ sentAt: null, attempts: 0, claimToken: second!.claimToken });

    expect(await markSent(database.db, second!, new Date())).toBe(true);
    [row] = await rowsOf([id!]);
    expect(row?.sentAt).not.toBeNull();
    expect(row?.claimToken).toBeNull();
  });

  it('a send in progress whose claim is taken over is abandoned, and not recorded', async () => {
    await sendEverythingElse();
    const [id] = await queue(1);
    const claimMs = 300;
    let abandoned: unknown = null;
    const transport = {
      sendMail: (message: MailMessage) =>
        new Promise((_resolve, reject) => {
          // Another sender takes the email over while this one waits for the SMTP server.
          void database.db
            .update(emailOutbox)
            .set({ claimToken: 'another-sender' })
            .where(eq(emailOutbox.id, id!))
            .execute();
          message.signal?.addEventListener('abort', () => {
            abandoned = message.signal?.reason;
            reject(new Error('aborted'));
          });
        }),
    };
    expect(await deliverEmail(database.db, id!, { transport, claimMs })).toEqual({
      state: 'taken_over',
    });
    expect(String(abandoned)).toContain('Another sender took this email over');
    const [row] = await rowsOf([id!]);
    expect(row).toMatchObject({ sentAt: null, attempts: 0, claimToken: 'another-sender' });
  });

  it('every attempt of an email carries the same Message-ID, so a repeat after a crash can be dropped', async () => {
    await sendEverythingElse();
    const [id] = await queue(1);
    const seen: string[] = [];
    // The server takes the email, but the sender never hears it (the connection drops).
    const lostAnswer = {
      sendMail: async (message: MailMessage) => {
        seen.push(String(message.messageId));
        throw new Error('Connection closed unexpectedly');
      },
    };
    const start = new Date();
    expect(
      await deliverEmail(database.db, id!, { now: start, transport: lostAnswer }),
    ).toMatchObject({ state: 'failed', reason: 'Connection closed unexpectedly' });
    // Killed between 'accepted' and the record: the claim stays until it lapses.
    const lapsed = new Date(Date.now() - 1_000);
    await database.db
      .update(emailOutbox)
      .set({ claimToken: 'killed-sender', lockedUntil: lapsed, nextAttemptAt: lapsed })
      .where(eq(emailOutbox.id, id!));
    const record = {
      sendMail: async (message: MailMessage) => {
        seen.push(String(message.messageId));
        return {};
      },
    };
    expect(await deliverEmail(database.db, id!, { transport: record })).toMatchObject({
      state: 'sent',
    });
    const [row] = await rowsOf([id!]);
    const hash = createHash('sha256').update(row!.dedupeKey).digest('hex').slice(0, 16);
    expect(seen).toEqual([`<outbox-${id}-${hash}@localhost>`, `<outbox-${id}-${hash}@localhost>`]);
    expect(messageIdOf(row!, 'localhost')).toBe(seen[0]);

    // Staff's deliberate 'Resend' of a sent email is a new message, which no mail system drops.
    expect(await resendEmail(database.db, id!)).toBe(true);
    expect(await deliverEmail(database.db, id!, { transport: record })).toMatchObject({
      state: 'sent',
      messageId: `<outbox-${id}-${hash}-resend1@localhost>`,
    });
    // Resending an email that never went out keeps its Message-ID.
    expect(await resendEmail(database.db, id!)).toBe(true);
    await deliverEmail(database.db, id!, { transport: lostAnswer });
    expect(await resendEmail(database.db, id!)).toBe(true);
    await deliverEmail(database.db, id!, { transport: record });
    expect(seen.slice(2)).toEqual([
      `<outbox-${id}-${hash}-resend1@localhost>`,
      `<outbox-${id}-${hash}-resend2@localhost>`,
      `<outbox-${id}-${hash}-resend2@localhost>`,
    ]);
  });

  it('sending one email sends that one only, and answers its own outcome', async () => {
    await sendEverythingElse();
    const mailbox = await startMailbox({
      refuse: { address: 'gone@example.org', message: 'No such mailbox here' },
    });
    try {
      const transport = createTransport(mailbox.url);
      const ids = await queue(3, (index) =>
        index === 2 ? 'gone@example.org' : `p${index}@example.org`,
      );
      expect(await deliverEmail(database.db, ids[1]!, { transport })).toMatchObject({
        state: 'sent',
      });
      expect(mailbox.received.map((mail) => mail.outboxId)).toEqual([ids[1]]);
      const refused = await deliverEmail(database.db, ids[2]!, { transport });
      expect(refused).toMatchObject({ state: 'failed' });
      expect(refused.state === 'failed' && refused.reason).toContain('No such mailbox here');
      expect(refused.state === 'failed' && refused.retryAt).toBeInstanceOf(Date);
      // The first email was never touched.
      const [untouched] = await rowsOf([ids[0]!]);
      expect(untouched).toMatchObject({ sentAt: null, attempts: 0, lockedUntil: null });

      expect(await deliverEmail(database.db, ids[0]!, { transport: null })).toEqual({
        state: 'no_smtp',
      });
      // Held by another sender: this one leaves it to that one.
      await claimDueEmails(database.db, new Date(), 1, { id: ids[0]! });
      expect(await deliverEmail(database.db, ids[0]!, { transport })).toEqual({ state: 'busy' });
      expect(mailbox.received).toHaveLength(1);
    } finally {
      await mailbox.close();
    }
  });

  it('sends at the relay’s pace: at most MAIL_PER_MINUTE a clock minute across senders, transactional emails first, and bulk copies leave them room', async () => {
    // A clock minute of their own, later than every email sent so far.
    const minute = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60 * 60_000);
    const at = (seconds: number) => new Date(minute.getTime() + seconds * 1000);
    await sendEverythingElse(at(-30));
    const [announcement] = await database.db
      .insert(announcements)
      .values({
        subject: 'Spring gala',
        body: 'Tickets are out.',
        audience: {},
        recipients: 6,
        sentByName: 'Mei Chen',
        sendKey: 'pace-announcement',
      })
      .returning({ id: announcements.id });
    const bulk = await queue(6, (index) => `member${index}@example.org`, announcement!.id);
    const confirmations = await queue(3, (index) => `registrant${index}@example.org`);
    const order: string[] = [];
    const transport = {
      sendMail: async (message: MailMessage) => {
        order.push(String(message.to));
        return {};
      },
    };
    const pace = { perMinute: 5 };
    expect(transactionalReserve(5)).toBe(1);

    // The 3 confirmations, though queued after the 6 copies, then the copies but one: room
    // for a confirmation that arrives within the minute.
    expect(await deliverDueEmails(database.db, { now: at(1), transport, pace })).toMatchObject({
      sent: 4,
    });
    expect(order).toEqual([
      'registrant0@example.org',
      'registrant1@example.org',
      'registrant2@example.org',
      'member0@example.org',
    ]);
    // Another sender (another instance) in the same minute: no bulk room left.
    expect(await deliverDueEmails(database.db, { now: at(20), transport, pace })).toMatchObject({
      sent: 0,
    });
    const [late] = await queue(1, () => 'latecomer@example.org');
    expect(await deliverDueEmails(database.db, { now: at(30), transport, pace })).toMatchObject({
      sent: 1,
    });
    expect(order.at(-1)).toBe('latecomer@example.org');
    // The minute is full: even a confirmation waits for the next one (the relay's limit).
    const [waiting] = await queue(1, () => 'next.minute@example.org');
    expect(await deliverDueEmails(database.db, { now: at(40), transport, pace })).toMatchObject({
      sent: 0,
    });

    // The next minute: the waiting confirmation first, then 3 more copies (5 less the reserve).
    expect(await deliverDueEmails(database.db, { now: at(61), transport, pace })).toMatchObject({
      sent: 4,
    });
    expect(order.slice(5)).toEqual([
      'next.minute@example.org',
      'member1@example.org',
      'member2@example.org',
      'member3@example.org',
    ]);
    expect(await deliverDueEmails(database.db, { now: at(121), transport, pace })).toMatchObject({
      sent: 2,
    });
    const rows = await rowsOf([...bulk, ...confirmations, late!, waiting!]);
    expect(rows.every((row) => row.sentAt !== null)).toBe(true);
  });

  it('takes its pace from MAIL_PER_MINUTE: 60 unset, none at 0', () => {
    const saved = process.env.MAIL_PER_MINUTE;
    try {
      delete process.env.MAIL_PER_MINUTE;
      resetServerEnvForTests();
      expect(configuredPace()).toEqual({ perMinute: DEFAULT_MAIL_PER_MINUTE });
      expect(DEFAULT_MAIL_PER_MINUTE).toBe(60);
      process.env.MAIL_PER_MINUTE = '20';
      resetServerEnvForTests();
      expect(configuredPace()).toEqual({ perMinute: 20 });
      process.env.MAIL_PER_MINUTE = '0';
      resetServerEnvForTests();
      expect(configuredPace()).toBeNull();
    } finally {
      if (saved === undefined) delete process.env.MAIL_PER_MINUTE;
      else process.env.MAIL_PER_MINUTE = saved;
      resetServerEnvForTests();
    }
  });
});
