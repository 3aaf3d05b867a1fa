import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  emailOutbox,
  membershipPayments,
  membershipStatusChanges,
  memberships,
  membershipYears,
} from '@/lib/db/schema';
import { runTick } from '@/lib/jobs/tick';
import {
  type UnpaidApplicationsReport,
  runUnpaidApplications,
  unpaidReminderLeadMs,
} from '@/lib/memberships/unpaid';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';
import { addApplication, addMembershipType } from './support/memberships';

/**
 * Applications nobody pays: the reminder before the end of the year's period (counted from the
 * confirmation of the address), then the cancellation by the system with its email; nothing for
 * an application with a payment still open or confirmed; unconfirmed applications cancelled
 * without an email. Each once, however often and concurrently the scheduled work runs.
 */

const DAY = 24 * 3_600_000;
/** When the applications of the 30-day year confirmed their address. */
const confirmedAt = new Date('2026-10-01T16:00:00Z');
const at = (days: number, hours = 0) =>
  new Date(confirmedAt.getTime() + days * DAY + hours * 3_600_000);

let database: TestDatabase;
let type: Awaited<ReturnType<typeof addMembershipType>>;
let shortType: Awaited<ReturnType<typeof addMembershipType>>;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  type = await addMembershipType(database.db, { priceCents: 2500 });
  // A year with a period shorter than 14 days: reminded halfway.
  shortType = await addMembershipType(database.db, { year: 2027, priceCents: 2000 });
  await database.db
    .update(membershipYears)
    .set({ unpaidApplicationDays: 10 })
    .where(eq(membershipYears.year, 2027));
});
afterAll(async () => {
  await database.dispose();
});

async function statusOf(id: number) {
  const [row] = await database.db.select().from(memberships).where(eq(memberships.id, id));
  return row!;
}

async function emailsOf(ids: number[]) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(inArray(emailOutbox.membershipId, ids))
    .orderBy(asc(emailOutbox.id));
}

async function pay(membershipId: number, state: string) {
  await database.db.insert(membershipPayments).values({
    membershipId,
    method: 'etransfer',
    amountCents: 2500,
    receivedOn: '2026-10-05',
    transactionReference: `CA-${membershipId}-${state}`,
    state,
    recordedByName: 'Grace Wu',
  });
}

const sum = (reports: UnpaidApplicationsReport[], key: keyof UnpaidApplicationsReport) =>
  reports.reduce((total, report) => total + report[key], 0);

describe(`applications nobody pays (${DATABASE_UNDER_TEST})`, () => {
  it('reminds 7 days before the end of a 30-day period, and halfway through a shorter one', () => {
    expect(unpaidReminderLeadMs(30)).toBe(7 * DAY);
    expect(unpaidReminderLeadMs(14)).toBe(7 * DAY);
    expect(unpaidReminderLeadMs(10)).toBe(5 * DAY);
    expect(unpaidReminderLeadMs(1)).toBe(DAY / 2);
  });

  it('reminds once, then cancels at the end with an email; leaves applications with a payment alone', async () => {
    const unpaid = await addApplication(database.db, type, {
      emailConfirmedAt: confirmedAt,
      createdAt: at(0, -1),
      preferredName: 'Lin',
    });
    const recorded = await addApplication(database.db, type, { emailConfirmedAt: confirmedAt });
    const flagged = await addApplication(database.db, type, { emailConfirmedAt: confirmedAt });
    // The money went back without ever counting: the application is still unpaid.
    const returned = await addApplication(database.db, type, { emailConfirmedAt: confirmedAt });
    const paid = await addApplication(database.db, type, {
      emailConfirmedAt: confirmedAt,
      status: 'active',
    });
    const inReview = await addApplication(database.db, type, {
      emailConfirmedAt: confirmedAt,
      status: 'payment_review',
    });
    await pay(recorded.id, 'recorded');
    await pay(flagged.id, 'flagged');
    await pay(returned.id, 'returned');
    await pay(paid.id, 'confirmed');
    const ids = [unpaid, recorded, flagged, returned, paid, inReview].map((row) => row.id);

    // Not before the reminder's day.
    expect(await runUnpaidApplications(database.db, at(23, -1))).toEqual({
      reminders: 0,
      cancelled: 0,
      discarded: 0,
    });
    expect(await emailsOf(ids)).toEqual([]);

    // On the day, however often and concurrently it runs: one reminder each.
    const concurrent = await Promise.all(
      Array.from({ length: 4 }, () => runUnpaidApplications(database.db, at(23))),
    );
    const later = [
      await runUnpaidApplications(database.db, at(23, 1)),
      await runUnpaidApplications(database.db, at(29, 23)),
    ];
    expect(sum([...concurrent, ...later], 'reminders')).toBe(2);
    expect(sum([...concurrent, ...later], 'cancelled')).toBe(0);
    const reminders = await emailsOf(ids);
    expect(reminders.map((email) => [email.membershipId, email.kind])).toEqual([
      [unpaid.id, 'membership_unpaid_reminder'],
      [returned.id, 'membership_unpaid_reminder'],
    ]);
    const reminder = reminders[0]!;
    expect(reminder.toAddress).toBe(unpaid.uottawaEmail);
    // Cancelled at the end of the period: October 31 in Ottawa.
    expect(reminder.textBody).toContain('October 31, 2026');
    expect(reminder.textBody).toContain(unpaid.paymentReference);
    expect(reminder.textBody).toContain('tcsa.telfer@gmail.com');
    expect((await statusOf(unpaid.id)).unpaidReminderQueuedAt).toEqual(at(23));
    expect((await statusOf(unpaid.id)).status).toBe('pending');

    // The end of the period: cancelled once, by the system, with its history, audit and email.
    const ends = await Promise.all([
      runUnpaidApplications(database.db, at(30)),
      runUnpaidApplications(database.db, at(30)),
    ]);
    ends.push(await runUnpaidApplications(database.db, at(45)));
    expect(sum(ends, 'cancelled')).toBe(2);
    expect(sum(ends, 'reminders')).toBe(0);
    for (const id of [unpaid.id, returned.id])
      expect((await statusOf(id)).status).toBe('cancelled');
    for (const [row, status] of [
      [recorded, 'pending'],
      [flagged, 'pending'],
      [paid, 'active'],
      [inReview, 'payment_review'],
    ] as const) {
      expect((await statusOf(row.id)).status).toBe(status);
      expect((await statusOf(row.id)).unpaidReminderQueuedAt).toBeNull();
    }

    const history = await database.db
      .select()
      .from(membershipStatusChanges)
      .where(inArray(membershipStatusChanges.membershipId, ids));
    expect(
      history.map((row) => [row.membershipId, row.fromStatus, row.toStatus, row.actor]),
    ).toEqual([
      [unpaid.id, 'pending', 'cancelled', 'system'],
      [returned.id, 'pending', 'cancelled', 'system'],
    ]);
    expect(history[0]!.at).toEqual(at(30));
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'membership.cancelUnpaid'),
          eq(auditLog.recordId, String(unpaid.id)),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBeNull();
    expect(audit[0]!.summary).toContain(unpaid.legalName);
    // Coordinators read the summaries: no amount, no reference.
    expect(audit[0]!.summary).not.toMatch(/CA\$|\d+\.\d{2}|M26-/);

    const cancelled = (await emailsOf([unpaid.id])).filter(
      (email) => email.kind === 'membership_unpaid_cancelled',
    );
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.subject).toBe('Your TCSA membership application was cancelled');
    expect(cancelled[0]!.textBody).toContain('within 30 days');
  });

  it('gives a late reminder its full notice before cancelling', async () => {
    // The server was down on the reminder's day: the first run long after the end reminds.
    const late = await addApplication(database.db, type, { emailConfirmedAt: confirmedAt });
    const first = await runUnpaidApplications(database.db, at(40));
    expect(first.reminders).toBeGreaterThanOrEqual(1);
    expect((await statusOf(late.id)).status).toBe('pending');
    expect((await runUnpaidApplications(database.db, at(46, 23))).cancelled).toBe(0);
    expect((await statusOf(late.id)).status).toBe('pending');
    await runUnpaidApplications(database.db, at(47));
    expect((await statusOf(late.id)).status).toBe('cancelled');
  });

  it('reminds halfway through a period shorter than 14 days', async () => {
    const short = await addApplication(database.db, shortType, { emailConfirmedAt: confirmedAt });
    await runUnpaidApplications(database.db, at(5, -1));
    expect((await statusOf(short.id)).unpaidReminderQueuedAt).toBeNull();
    await runUnpaidApplications(database.db, at(5));
    expect((await statusOf(short.id)).unpaidReminderQueuedAt).toEqual(at(5));
    await runUnpaidApplications(database.db, at(10, -1));
    expect((await statusOf(short.id)).status).toBe('pending');
    await runUnpaidApplications(database.db, at(10));
    expect((await statusOf(short.id)).status).toBe('cancelled');
  });

  it('cancels unconfirmed applications silently, 48 hours plus the period after their last link, in batches', async () => {
    const createdAt = new Date('2026-09-01T12:00:00Z');
    const unconfirmed = [];
    // More than one batch of 50.
    for (let index = 0; index < 53; index += 1) {
      unconfirmed.push(
        await addApplication(database.db, type, { createdAt, emailConfirmedAt: null }),
      );
    }
    // A new link asked for later: counted from it.
    const relinked = await addApplication(database.db, type, {
      createdAt,
      emailConfirmedAt: null,
      emailConfirmationSentAt: new Date('2026-09-10T12:00:00Z'),
    });
    const ids = [...unconfirmed, relinked].map((row) => row.id);
    const due = new Date(createdAt.getTime() + 48 * 3_600_000 + 30 * DAY);
    expect(
      (await runUnpaidApplications(database.db, new Date(due.getTime() - 60_000))).discarded,
    ).toBe(0);

    const tick = await runTick(database.db, { now: due, transport: null });
    expect(tick.unpaidApplications.discarded).toBe(53);
    for (const row of unconfirmed) expect((await statusOf(row.id)).status).toBe('cancelled');
    expect((await statusOf(relinked.id)).status).toBe('pending');
    expect(await emailsOf(ids)).toEqual([]);
    const history = await database.db
      .select()
      .from(membershipStatusChanges)
      .where(inArray(membershipStatusChanges.membershipId, ids));
    expect(history).toHaveLength(53);
    expect(history.every((row) => row.actor === 'system' && row.toStatus === 'cancelled')).toBe(
      true,
    );
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'membership.cancelUnconfirmed'));
    expect(audit).toHaveLength(53);

    expect(
      (await runUnpaidApplications(database.db, new Date('2026-10-12T12:00:01Z'))).discarded,
    ).toBe(1);
    expect((await statusOf(relinked.id)).status).toBe('cancelled');
    expect(await emailsOf(ids)).toEqual([]);
  });
});
