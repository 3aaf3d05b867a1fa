import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  emailOutbox,
  membershipPayments,
  membershipStatusChanges,
  membershipYears,
  memberships,
} from '@/lib/db/schema';
import { formatMemberId, normalizeMemberId, takeNextMemberId } from '@/lib/memberships/member-id';
import { confirmPayment } from '@/lib/memberships/payment-confirmation';
import { flagPaymentProblem, recordPayment } from '@/lib/memberships/payments';
import { completeRefund, recordRefund } from '@/lib/memberships/refunds';
import { MAX_AMOUNT_CENTS } from '@/lib/memberships/statuses';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';
import { TEST_YEAR, addApplication, addMembershipType, addStaff } from './support/memberships';

/**
 * Finance's operations on memberships: member IDs from one counter that never repeats (also
 * under 100 concurrent activations), flagged payments with their email, one activation email
 * however often a payment is confirmed, and the refund rules.
 */

let database: TestDatabase;
const now = new Date('2026-11-25T15:00:00Z');
const finance = { id: 'finance-1', name: 'Grace Wu' };
let type: Awaited<ReturnType<typeof addMembershipType>>;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addStaff(database.db, finance, 'finance');
  type = await addMembershipType(database.db, { priceCents: 2500 });
});
afterAll(async () => {
  await database.dispose();
});

let references = 0;
function reference() {
  references += 1;
  return `CA${process.pid}x${references}`;
}

async function recorded(
  membershipId: number,
  amountCents = 2500,
  transactionReference = reference(),
) {
  const result = await recordPayment(database.db, finance, {
    membershipId,
    method: 'etransfer',
    amountCents,
    receivedOn: '2026-11-24',
    transactionReference,
    now,
  });
  if (!result.ok) throw new Error(result.message);
  return result;
}

async function counter(): Promise<number> {
  const [row] = await database.db
    .select({ n: membershipYears.lastMemberNumber })
    .from(membershipYears)
    .where(eq(membershipYears.year, TEST_YEAR));
  return row!.n;
}

async function outboxOf(membershipId: number, kind?: string) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.membershipId, membershipId),
        kind ? eq(emailOutbox.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(emailOutbox.id));
}

async function membershipRow(id: number) {
  const [row] = await database.db.select().from(memberships).where(eq(memberships.id, id));
  return row!;
}

describe('member ID format', () => {
  it('TCSA-YY-NNNN, with more digits once a year passes 9999', () => {
    expect(formatMemberId(2026, 1)).toBe('TCSA-26-0001');
    expect(formatMemberId(2030, 123)).toBe('TCSA-30-0123');
    expect(formatMemberId(2026, 12345)).toBe('TCSA-26-12345');
    expect(() => formatMemberId(2026, 0)).toThrow();
  });

  it('reads what people type', () => {
    expect(normalizeMemberId(' tcsa-26-7 ')).toBe('TCSA-26-0007');
    expect(normalizeMemberId('TCSA260012')).toBe('TCSA-26-0012');
    expect(normalizeMemberId('TCSA-26-0000')).toBeNull();
    expect(normalizeMemberId('hello')).toBeNull();
  });
});

describe(`membership payments (${DATABASE_UNDER_TEST})`, () => {
  it('100 concurrent activations get 100 distinct consecutive member IDs', async () => {
    const start = await counter();
    const applications = await Promise.all(
      Array.from({ length: 100 }, () => addApplication(database.db, type)),
    );
    const payments = [];
    for (const application of applications) payments.push((await recorded(application.id)).payment);
    const results = await Promise.all(
      payments.map((payment) =>
        confirmPayment(database.db, finance, { paymentId: payment.id, now }),
      ),
    );
    const ids = results.map((result) => {
      if (!result.ok) throw new Error(result.message);
      return result.memberId;
    });
    expect(new Set(ids).size).toBe(100);
    const expected = Array.from({ length: 100 }, (_, index) =>
      formatMemberId(TEST_YEAR, start + index + 1),
    );
    expect([...ids].sort()).toEqual(expected);
    expect(await counter()).toBe(start + 100);
    const active = await database.db
      .select({ rows: sql<number>`count(*)`.mapWith(Number) })
      .from(memberships)
      .where(
        and(
          eq(memberships.status, 'active'),
          sql`${memberships.id} in (${sql.join(
            applications.map((application) => sql`${application.id}`),
            sql`, `,
          )})`,
        ),
      );
    expect(active[0]!.rows).toBe(100);
  });

  it('confirming one payment twice, at once or one after the other, gives one ID and one email', async () => {
    const application = await addApplication(database.db, type);
    const { payment } = await recorded(application.id);
    const start = await counter();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        confirmPayment(database.db, finance, { paymentId: payment.id, now }),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const ids = new Set(results.map((result) => (result.ok ? result.memberId : null)));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.ok && !result.alreadyConfirmed)).toHaveLength(1);
    const again = await confirmPayment(database.db, finance, { paymentId: payment.id, now });
    expect(again).toMatchObject({ ok: true, alreadyConfirmed: true });
    expect(await counter()).toBe(start + 1);
    const emails = await outboxOf(application.id, 'membership_activated');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toContain(formatMemberId(TEST_YEAR, start + 1));
    expect(emails[0]!.textBody).toContain('/membership/policies');
    expect(emails[0]!.textBody).toContain('/membership/faq');
    expect(emails[0]!.textBody).toContain('CA$25.00');
    const history = await database.db
      .select()
      .from(membershipStatusChanges)
      .where(eq(membershipStatusChanges.membershipId, application.id));
    expect(history.map((row) => [row.fromStatus, row.toStatus, row.actorName])).toEqual([
      ['pending', 'active', 'Grace Wu'],
    ]);
  });

  it('a wrong amount is flagged, the membership in review, the member emailed; a full payment after it is flagged too', async () => {
    const application = await addApplication(database.db, type);
    const wrong = await recorded(application.id, 2000);
    expect(wrong.flagged).toBe(true);
    expect(wrong.payment.state).toBe('flagged');
    expect(wrong.payment.problem).toContain('CA$20.00');
    expect(wrong.message).toContain('CA$25.00');
    expect((await membershipRow(application.id)).status).toBe('payment_review');
    const emails = await outboxOf(application.id, 'membership_payment_problem');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.textBody).toContain(
      'We received CA$20.00, but your membership costs CA$25.00.',
    );
    expect(emails[0]!.textBody).toContain('tcsa.telfer@gmail.com');

    const refused = await confirmPayment(database.db, finance, {
      paymentId: wrong.payment.id,
      now,
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/flagged .*accept it with a note/);

    // CA$20.00 already waits: a full CA$25.00 after it is more than the CA$5.00 still owed.
    const full = await recorded(application.id);
    expect(full.flagged).toBe(true);
    expect(full.problems).toEqual([
      'Received CA$25.00, but CA$5.00 is still owed of the CA$25.00 price.',
    ]);
  });

  it('a reference used before (any membership, any case) is flagged and names the earlier payment', async () => {
    const first = await addApplication(database.db, type);
    const second = await addApplication(database.db, type);
    const shared = `REF${process.pid}abc`;
    const original = await recorded(first.id, 2500, shared);
    expect(original.flagged).toBe(false);
    const reused = await recorded(second.id, 2500, shared.toLowerCase());
    expect(reused.flagged).toBe(true);
    expect(reused.problems.join(' ')).toContain(`payment #${original.payment.id}`);
    expect((await membershipRow(second.id)).status).toBe('payment_review');
    const emails = await outboxOf(second.id, 'membership_payment_problem');
    expect(emails).toHaveLength(1);
    // The member is not told whose payment it was.
    expect(emails[0]!.textBody).not.toContain(first.legalName);
  });

  it('two payments recorded at once with one reference: the second is flagged', async () => {
    const first = await addApplication(database.db, type);
    const second = await addApplication(database.db, type);
    const shared = `RACE${process.pid}`;
    const results = await Promise.all(
      [first, second].map((application) =>
        recordPayment(database.db, finance, {
          membershipId: application.id,
          method: 'etransfer',
          amountCents: 2500,
          receivedOn: '2026-11-24',
          transactionReference: shared,
          now,
        }),
      ),
    );
    const flags = results.map((result) => (result.ok ? result.flagged : null)).sort();
    expect(flags).toEqual([false, true]);
  });

  it('bad input is refused with a message and stores nothing', async () => {
    const application = await addApplication(database.db, type);
    const attempt = (values: Record<string, unknown>) =>
      recordPayment(database.db, finance, {
        membershipId: application.id,
        method: 'etransfer',
        amountCents: 2500,
        receivedOn: '2026-11-24',
        transactionReference: reference(),
        now,
        ...values,
      } as Parameters<typeof recordPayment>[2]);
    for (const values of [
      { amountCents: 0 },
      { amountCents: -5 },
      { amountCents: 12.5 },
      { amountCents: 10_000_000 },
      { amountCents: MAX_AMOUNT_CENTS + 1 },
      { receivedOn: '2026-11-26' },
      { receivedOn: '2026-02-30' },
      { transactionReference: '   ' },
      { method: 'card' },
      { membershipId: 999_999 },
    ]) {
      const result = await attempt(values);
      expect(result.ok, JSON.stringify(values)).toBe(false);
      if (!result.ok) expect(result.message.length).toBeGreaterThan(10);
    }
    const stored = await database.db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.membershipId, application.id));
    expect(stored).toHaveLength(0);
  });

  it('finance flags a problem by hand: payment review, the email with their words; twice is refused', async () => {
    const application = await addApplication(database.db, type);
    const { payment } = await recorded(application.id);
    const empty = await flagPaymentProblem(database.db, finance, {
      membershipId: application.id,
      problem: '  ',
      now,
    });
    expect(empty.ok).toBe(false);
    const flagged = await flagPaymentProblem(database.db, finance, {
      membershipId: application.id,
      paymentId: payment.id,
      problem: 'The bank reversed your e-Transfer.',
      now,
    });
    expect(flagged.ok).toBe(true);
    expect((await membershipRow(application.id)).status).toBe('payment_review');
    const [stored] = await database.db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.id, payment.id));
    expect(stored!.state).toBe('flagged');
    const emails = await outboxOf(application.id, 'membership_payment_problem');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.textBody).toContain('The bank reversed your e-Transfer.');
    const again = await flagPaymentProblem(database.db, finance, {
      membershipId: application.id,
      problem: 'Again',
      now,
    });
    expect(again.ok).toBe(false);
  });
});

describe(`membership refunds (${DATABASE_UNDER_TEST})`, () => {
  async function activeMember() {
    const application = await addApplication(database.db, type);
    const { payment } = await recorded(application.id);
    const result = await confirmPayment(database.db, finance, { paymentId: payment.id, now });
    if (!result.ok) throw new Error(result.message);
    return result;
  }

  it('a refunded member keeps their ID, and the next activation gets a new number', async () => {
    const { membership, memberId, payment } = await activeMember();
    const refund = await recordRefund(database.db, finance, {
      paymentId: payment.id,
      endsMembership: true,
      amountCents: 2500,
      reason: 'Moving to Toronto for an internship',
      refundedOn: '2026-11-25',
      now,
    });
    expect(refund.ok).toBe(true);
    if (!refund.ok) return;
    expect(refund.refund.state).toBe('done');
    expect(refund.membership.status).toBe('refunded');
    expect(refund.membership.memberId).toBe(memberId);
    const emails = await outboxOf(membership.id, 'membership_refund_done');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.textBody).toContain('CA$25.00');
    expect(emails[0]!.textBody).toContain('November 25, 2026');

    const next = await activeMember();
    expect(next.memberId).not.toBe(memberId);
    const number = (id: string) => Number(id.split('-')[2]);
    expect(number(next.memberId)).toBe(number(memberId) + 1);
    // The counter never goes back, even when asked directly.
    const taken = await database.db.transaction((tx) => takeNextMemberId(tx, TEST_YEAR));
    expect(number(taken)).toBe(number(next.memberId) + 1);
  });

  it('a refund is at most what the payment brought minus earlier refunds', async () => {
    const { membership, payment } = await activeMember();
    const tooMuch = await recordRefund(database.db, finance, {
      paymentId: payment.id,
      endsMembership: true,
      amountCents: 2600,
      reason: 'Too much',
      now,
    });
    expect(tooMuch).toMatchObject({ ok: false });
    if (!tooMuch.ok) expect(tooMuch.message).toContain('At most CA$25.00 can be refunded');
    const noReason = await recordRefund(database.db, finance, {
      paymentId: payment.id,
      endsMembership: true,
      amountCents: 500,
      reason: ' ',
      now,
    });
    expect(noReason.ok).toBe(false);

    const pending = await recordRefund(database.db, finance, {
      paymentId: payment.id,
      endsMembership: true,
      amountCents: 1500,
      reason: 'Left the program',
      now,
    });
    expect(pending.ok).toBe(true);
    if (!pending.ok) return;
    expect(pending.refund.state).toBe('pending');
    expect(pending.membership.status).toBe('active');
    expect(await outboxOf(membership.id, 'membership_refund_done')).toHaveLength(0);

    const rest = await recordRefund(database.db, finance, {
      paymentId: payment.id,
      endsMembership: true,
      amountCents: 1001,
      reason: 'The rest',
      now,
    });
    expect(rest.ok).toBe(false);
    if (!rest.ok) expect(rest.message).toContain('CA$15.00 refunded before');

    const future = await completeRefund(database.db, finance, {
      refundId: pending.refund.id,
      refundedOn: '2026-12-01',
      now,
    });
    expect(future.ok).toBe(false);
    const completed = await completeRefund(database.db, finance, {
      refundId: pending.refund.id,
      refundedOn: '2026-11-25',
      now,
    });
    expect(completed).toMatchObject({ ok: true, membership: { status: 'refunded' } });
    const twice = await completeRefund(database.db, finance, {
      refundId: pending.refund.id,
      refundedOn: '2026-11-25',
      now,
    });
    expect(twice.ok).toBe(true);
    expect(await outboxOf(membership.id, 'membership_refund_done')).toHaveLength(1);
  });

  it('a refund names the payment it returns', async () => {
    const result = await recordRefund(database.db, finance, {
      paymentId: 999_999,
      endsMembership: true,
      amountCents: 2500,
      reason: 'Changed my mind',
      now,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toBe('Choose the payment the refund returns.');
  });

  it('every change is in the audit log, by the staff member who made it', async () => {
    const { membership } = await activeMember();
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.recordType, 'membership'), eq(auditLog.recordId, String(membership.id))),
      )
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => [entry.action, entry.actorName])).toEqual([
      ['membership.payment.record', 'Grace Wu'],
      ['membership.activate', 'Grace Wu'],
    ]);
  });
});
