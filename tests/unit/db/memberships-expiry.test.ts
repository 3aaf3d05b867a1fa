import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, membershipStatusChanges, memberships } from '@/lib/db/schema';
import { runTick } from '@/lib/jobs/tick';
import { type MembershipExpiryReport, runMembershipExpiry } from '@/lib/memberships/expiry';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';
import { addApplication, addMembershipType } from './support/memberships';

/**
 * The scheduled membership work: expiry at the end of the validity, the end of a suspension, and
 * the reminder 14 days before, each done once however often (and however concurrently) the job
 * runs, by the system, on the club's calendar day.
 */

let database: TestDatabase;
let type: Awaited<ReturnType<typeof addMembershipType>>;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  type = await addMembershipType(database.db, { validFrom: '2025-09-01' });
});
afterAll(async () => {
  await database.dispose();
});

async function make(values: Partial<typeof memberships.$inferInsert>) {
  return addApplication(database.db, type, { status: 'active', ...values });
}

async function rows(ids: number[]) {
  const found = await database.db
    .select()
    .from(memberships)
    .where(inArray(memberships.id, ids))
    .orderBy(asc(memberships.id));
  return new Map(found.map((row) => [row.id, row]));
}

async function historyOf(ids: number[]) {
  return database.db
    .select()
    .from(membershipStatusChanges)
    .where(inArray(membershipStatusChanges.membershipId, ids))
    .orderBy(asc(membershipStatusChanges.id));
}

async function remindersOf(ids: number[]) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.membershipId, ids),
        eq(emailOutbox.kind, 'membership_expiry_reminder'),
      ),
    );
}

describe(`membership expiry (${DATABASE_UNDER_TEST})`, () => {
  it('expires, ends suspensions and reminds once, however often and concurrently it runs', async () => {
    const ended = await make({ validUntil: '2026-11-24' });
    const suspendedEnded = await make({
      status: 'suspended',
      validUntil: '2026-11-20',
      suspendedFrom: '2026-11-01',
      suspendedUntil: '2026-12-01',
    });
    const suspensionOver = await make({
      status: 'suspended',
      validUntil: '2027-08-31',
      suspendedFrom: '2026-11-01',
      suspendedUntil: '2026-11-24',
      suspensionReason: 'Two no-shows',
    });
    const suspensionRunning = await make({
      status: 'suspended',
      validUntil: '2027-08-31',
      suspendedFrom: '2026-11-01',
      suspendedUntil: '2026-11-25',
    });
    const soon = await make({
      validUntil: '2026-12-05',
      memberId: 'TCSA-26-0999',
    });
    const inFourteenDays = await make({ validUntil: '2026-12-09' });
    const inFifteenDays = await make({ validUntil: '2026-12-10' });
    const pending = await make({ status: 'pending', validUntil: '2026-11-01' });
    const refunded = await make({ status: 'refunded', validUntil: '2026-11-01' });
    const ids = [
      ended,
      suspendedEnded,
      suspensionOver,
      suspensionRunning,
      soon,
      inFourteenDays,
      inFifteenDays,
      pending,
      refunded,
    ].map((row) => row.id);

    // 2026-11-25 10:00 in Ottawa.
    const now = new Date('2026-11-25T15:00:00Z');
    const concurrent = await Promise.all(
      Array.from({ length: 6 }, () => runMembershipExpiry(database.db, now)),
    );
    const later: MembershipExpiryReport[] = [];
    for (let run = 0; run < 3; run += 1) {
      later.push(await runMembershipExpiry(database.db, new Date(now.getTime() + run * 60_000)));
    }
    const total = (key: 'expired' | 'suspensionsEnded' | 'reminders') =>
      [...concurrent, ...later].reduce((sum, report) => sum + report[key], 0);
    expect(total('expired')).toBe(2);
    expect(total('suspensionsEnded')).toBe(1);
    expect(total('reminders')).toBe(2);

    const after = await rows(ids);
    expect(after.get(ended.id)!.status).toBe('expired');
    expect(after.get(suspendedEnded.id)!.status).toBe('expired');
    expect(after.get(suspensionOver.id)!.status).toBe('active');
    expect(after.get(suspensionRunning.id)!.status).toBe('suspended');
    expect(after.get(pending.id)!.status).toBe('pending');
    expect(after.get(refunded.id)!.status).toBe('refunded');
    expect(after.get(soon.id)!.expiryReminderQueuedAt).not.toBeNull();
    expect(after.get(inFifteenDays.id)!.expiryReminderQueuedAt).toBeNull();

    const history = await historyOf(ids);
    expect(
      history.map((row) => [row.membershipId, row.fromStatus, row.toStatus, row.actor]),
    ).toEqual(
      expect.arrayContaining([
        [ended.id, 'active', 'expired', 'system'],
        [suspendedEnded.id, 'suspended', 'expired', 'system'],
        [suspensionOver.id, 'suspended', 'active', 'system'],
      ]),
    );
    expect(history).toHaveLength(3);
    expect(history.every((row) => row.actorName === 'System')).toBe(true);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.recordType, 'membership'),
          inArray(
            auditLog.recordId,
            ids.map((id) => String(id)),
          ),
        ),
      );
    expect(audit).toHaveLength(3);
    expect(audit.every((entry) => entry.actorName === 'System' && entry.actorId === null)).toBe(
      true,
    );

    const reminders = await remindersOf(ids);
    expect(reminders.map((row) => row.membershipId).sort()).toEqual(
      [soon.id, inFourteenDays.id].sort(),
    );
    const soonReminder = reminders.find((row) => row.membershipId === soon.id)!;
    expect(soonReminder.subject).toContain('December 5, 2026');
    expect(soonReminder.textBody).toContain('/membership');
    expect(soonReminder.textBody).toContain('TCSA-26-0999');

    // The next days: the one more membership entering its last 14 days is reminded, once.
    const nextDay = new Date('2026-11-26T15:00:00Z');
    await Promise.all([
      runMembershipExpiry(database.db, nextDay),
      runMembershipExpiry(database.db, nextDay),
    ]);
    expect((await remindersOf(ids)).map((row) => row.membershipId)).toContain(inFifteenDays.id);
    expect(await remindersOf(ids)).toHaveLength(3);
    // The suspension running through the 25th ends on the 26th.
    expect((await rows([suspensionRunning.id])).get(suspensionRunning.id)!.status).toBe('active');
  });

  it('uses the club’s calendar day: the evening of the last day in Ottawa is still valid', async () => {
    const lastDay = await make({ validUntil: '2026-11-24' });
    // 2026-11-24 22:00 in Ottawa, already the 25th in UTC.
    const report = await runMembershipExpiry(database.db, new Date('2026-11-25T03:00:00Z'));
    expect(report.expired).toBe(0);
    expect((await rows([lastDay.id])).get(lastDay.id)!.status).toBe('active');
    const tick = await runTick(database.db, {
      now: new Date('2026-11-25T05:30:00Z'),
      transport: null,
    });
    expect(tick.memberships.expired).toBe(1);
    expect((await rows([lastDay.id])).get(lastDay.id)!.status).toBe('expired');
  });
});
