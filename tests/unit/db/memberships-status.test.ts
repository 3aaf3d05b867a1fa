import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, emailOutbox, membershipStatusChanges, memberships } from '@/lib/db/schema';
import { confirmPayment } from '@/lib/memberships/payment-confirmation';
import { recordPayment } from '@/lib/memberships/payments';
import {
  changeMembershipStatus,
  resendActivationEmail,
  STAFF_STATUS_MOVES,
} from '@/lib/memberships/status';
import { MEMBERSHIP_STATUSES, type MembershipStatus } from '@/lib/memberships/statuses';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';
import { addApplication, addMembershipType, addStaff } from './support/memberships';

/**
 * The coordinator's status changes: a reason each time, only the moves of the table, never an
 * activation, and the row, its status history and the audit log written together or not at all.
 */

const failure = vi.hoisted(() => ({ auditFails: false }));
vi.mock('@/lib/audit/record', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/audit/record')>();
  return {
    ...original,
    recordChange: async (...args: Parameters<typeof original.recordChange>) => {
      if (failure.auditFails) throw new Error('The audit log is unavailable (test)');
      return original.recordChange(...args);
    },
  };
});

let database: TestDatabase;
const now = new Date('2026-11-25T15:00:00Z');
const coordinator = { id: 'coordinator-1', name: 'Mei Chen' };
const finance = { id: 'finance-2', name: 'Grace Wu' };
let type: Awaited<ReturnType<typeof addMembershipType>>;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addStaff(database.db, coordinator, 'coordinator');
  await addStaff(database.db, finance, 'finance');
  type = await addMembershipType(database.db);
});
afterAll(async () => {
  await database.dispose();
});

let references = 0;
async function activeMembership() {
  const application = await addApplication(database.db, type);
  references += 1;
  const recorded = await recordPayment(database.db, finance, {
    membershipId: application.id,
    method: 'etransfer',
    amountCents: type.priceCents,
    receivedOn: '2026-11-20',
    transactionReference: `ST${process.pid}-${references}`,
    now,
  });
  if (!recorded.ok) throw new Error(recorded.message);
  const confirmed = await confirmPayment(database.db, finance, {
    paymentId: recorded.payment.id,
    now,
  });
  if (!confirmed.ok) throw new Error(confirmed.message);
  return confirmed.membership;
}

async function historyOf(membershipId: number) {
  return database.db
    .select()
    .from(membershipStatusChanges)
    .where(eq(membershipStatusChanges.membershipId, membershipId))
    .orderBy(asc(membershipStatusChanges.id));
}

async function auditOf(membershipId: number) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'membership'), eq(auditLog.recordId, String(membershipId))))
    .orderBy(asc(auditLog.id));
}

async function statusOf(membershipId: number) {
  const [row] = await database.db
    .select()
    .from(memberships)
    .where(eq(memberships.id, membershipId));
  return row!;
}

describe(`membership status changes (${DATABASE_UNDER_TEST})`, () => {
  it('a reason is required', async () => {
    const application = await addApplication(database.db, type);
    for (const reason of ['', '   ']) {
      const result = await changeMembershipStatus(database.db, coordinator, {
        membershipId: application.id,
        to: 'cancelled',
        reason,
        now,
      });
      expect(result).toMatchObject({ ok: false, message: expect.stringContaining('reason') });
    }
    expect((await statusOf(application.id)).status).toBe('pending');
    expect(await historyOf(application.id)).toHaveLength(0);
  });

  it('a change writes the row, its history and the audit entry, by the coordinator', async () => {
    const application = await addApplication(database.db, type);
    const result = await changeMembershipStatus(database.db, coordinator, {
      membershipId: application.id,
      to: 'cancelled',
      reason: 'Asked to withdraw by email',
      now,
    });
    expect(result).toMatchObject({ ok: true, membership: { status: 'cancelled' } });
    expect(
      (await historyOf(application.id)).map((row) => [
        row.fromStatus,
        row.toStatus,
        row.actor,
        row.actorName,
        row.reason,
      ]),
    ).toEqual([['pending', 'cancelled', 'staff', 'Mei Chen', 'Asked to withdraw by email']]);
    const audit = await auditOf(application.id);
    expect(audit.map((entry) => [entry.action, entry.actorName])).toEqual([
      ['membership.status', 'Mei Chen'],
    ]);
    expect(audit[0]!.after).toMatchObject({ status: 'cancelled' });
  });

  it('a failure mid-way (the audit log) leaves neither the status nor its history', async () => {
    const membership = await activeMembership();
    const before = (await historyOf(membership.id)).length;
    failure.auditFails = true;
    try {
      await expect(
        changeMembershipStatus(database.db, coordinator, {
          membershipId: membership.id,
          to: 'cancelled',
          reason: 'Left the university',
          now,
        }),
      ).rejects.toThrow(/audit log is unavailable/);
    } finally {
      failure.auditFails = false;
    }
    expect((await statusOf(membership.id)).status).toBe('active');
    expect(await historyOf(membership.id)).toHaveLength(before);
  });

  it('only the moves of the table; activation only through a confirmed payment', async () => {
    const tried: Array<[MembershipStatus, MembershipStatus, boolean]> = [];
    for (const from of MEMBERSHIP_STATUSES) {
      for (const to of MEMBERSHIP_STATUSES) {
        if (from === to) continue;
        const application = await addApplication(database.db, type, { status: from });
        const result = await changeMembershipStatus(database.db, coordinator, {
          membershipId: application.id,
          to,
          reason: 'Checking the rules',
          suspendedUntil: '2026-12-15',
          now,
        });
        tried.push([from, to, result.ok]);
        if (!result.ok) expect(result.message.length).toBeGreaterThan(15);
        expect((await statusOf(application.id)).status).toBe(result.ok ? to : from);
      }
    }
    const allowed = tried.filter(([, , ok]) => ok).map(([from, to]) => `${from}→${to}`);
    const expected = Object.entries(STAFF_STATUS_MOVES).flatMap(([from, targets]) =>
      targets.map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(expected.sort());
    expect(allowed.some((move) => move.endsWith('→active') && !move.startsWith('suspended'))).toBe(
      false,
    );
  });

  it('a suspension needs its last day, not in the past, and keeps its period and reason', async () => {
    const membership = await activeMembership();
    const suspend = (values: { suspendedFrom?: string; suspendedUntil?: string }) =>
      changeMembershipStatus(database.db, coordinator, {
        membershipId: membership.id,
        to: 'suspended',
        reason: 'Two no-shows at office tours',
        now,
        ...values,
      });
    expect((await suspend({})).ok).toBe(false);
    expect((await suspend({ suspendedUntil: '2026-11-24' })).ok).toBe(false);
    expect((await suspend({ suspendedFrom: '2026-11-26', suspendedUntil: '2026-12-26' })).ok).toBe(
      false,
    );
    expect((await suspend({ suspendedFrom: '2026-11-20', suspendedUntil: 'soon' })).ok).toBe(false);
    const result = await suspend({ suspendedFrom: '2026-11-20', suspendedUntil: '2026-12-20' });
    expect(result).toMatchObject({
      ok: true,
      membership: {
        status: 'suspended',
        suspendedFrom: '2026-11-20',
        suspendedUntil: '2026-12-20',
        suspensionReason: 'Two no-shows at office tours',
      },
    });
    const history = await historyOf(membership.id);
    expect(history.at(-1)!.reason).toContain('until 2026-12-20');
    const lifted = await changeMembershipStatus(database.db, coordinator, {
      membershipId: membership.id,
      to: 'active',
      reason: 'Explained the absences',
      now,
    });
    expect(lifted).toMatchObject({ ok: true, membership: { status: 'active' } });
  });

  it('resending the activation email: active only, a copy each time, audited', async () => {
    const membership = await activeMembership();
    for (let round = 0; round < 2; round += 1) {
      expect(
        await resendActivationEmail(database.db, coordinator, membership.id, now),
      ).toMatchObject({ ok: true });
    }
    const copies = await database.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.membershipId, membership.id),
          eq(emailOutbox.kind, 'membership_activated_copy'),
        ),
      );
    expect(copies).toHaveLength(2);
    expect(copies[0]!.subject).toMatch(/^Copy: /);
    expect(copies[0]!.textBody).toContain(membership.memberId!);
    const audit = await auditOf(membership.id);
    expect(audit.filter((entry) => entry.action === 'membership.resendActivation')).toHaveLength(2);

    const pending = await addApplication(database.db, type);
    const refused = await resendActivationEmail(database.db, coordinator, pending.id, now);
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining('active') });
  });
});
