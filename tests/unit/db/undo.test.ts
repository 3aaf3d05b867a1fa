import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  emailOutbox,
  eventRegistrations,
  membershipRefunds,
  registrationStatusChanges,
} from '@/lib/db/schema';
import { moneyAtAGlance } from '@/lib/memberships/money';
import { confirmPayment } from '@/lib/memberships/payment-confirmation';
import { recordPayment } from '@/lib/memberships/payments';
import { completeRefund, recordRefund, undoRefund } from '@/lib/memberships/refunds';
import { registerForEvent } from '@/lib/registrations/intake';
import { changeRegistrationStatus } from '@/lib/registrations/transitions';
import { UNDO_MINUTES, undoRegistrationChange } from '@/lib/registrations/undo';
import { addApplication, addMembershipType, addStaff, TEST_YEAR } from './support/memberships';
import { addCoordinator, insertEvent } from './support/staff';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * Undo of what staff did by mistake: a registration's status change and a refund, within
 * minutes, each in one transaction with its audit entry; what the person was not yet emailed
 * about, they never hear of.
 */

let database: TestDatabase;
const now = new Date('2026-11-24T15:00:00Z');
const minutes = (count: number) => new Date(now.getTime() + count * 60_000);
const staff = { kind: 'staff' as const, userId: 'staff-undo', name: 'Ana Li' };
const finance = { id: 'finance-undo', name: 'Grace Wu' };

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addCoordinator(database.db, staff, 'ana.undo@example.org');
  await addStaff(database.db, finance, 'finance');
});
afterAll(async () => {
  await database.dispose();
});

let people = 0;
async function registered(eventId: number) {
  people += 1;
  const outcome = await registerForEvent(
    database.db,
    eventId,
    { firstName: `Lan${people}`, lastName: 'Wu', email: `lan${people}.undo@example.org` },
    now,
  );
  if (outcome.kind !== 'created') throw new Error(outcome.kind);
  return outcome.registration;
}

async function lastChangeOf(registrationId: number) {
  const [change] = await database.db
    .select()
    .from(registrationStatusChanges)
    .where(eq(registrationStatusChanges.registrationId, registrationId))
    .orderBy(desc(registrationStatusChanges.id))
    .limit(1);
  return change!;
}

const unsentEmailsOf = (registrationId: number) =>
  database.db
    .select({ kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.registrationId, registrationId), isNull(emailOutbox.sentAt)));

describe(`undo of a registration's status change (${DATABASE_UNDER_TEST})`, () => {
  it('puts the registration back, withdraws the unsent email and writes the audit entry', async () => {
    const event = await insertEvent(database.db, {
      title: 'Undo night',
      startsAt: minutes(48 * 60),
      capacity: 3,
    });
    const person = await registered(event.id);
    const before = (await unsentEmailsOf(person.id)).length;
    const cancelled = await changeRegistrationStatus(database.db, person.id, 'cancel', staff, {
      eventId: event.id,
      now: minutes(1),
    });
    expect(cancelled.kind).toBe('changed');
    expect(await unsentEmailsOf(person.id)).toHaveLength(before + 1);
    const change = await lastChangeOf(person.id);

    const undone = await undoRegistrationChange(database.db, change.id, staff, {
      eventId: event.id,
      now: minutes(3),
    });
    expect(undone).toEqual({
      kind: 'undone',
      name: `${person.firstName} ${person.lastName}`,
      status: 'confirmed',
      emailWithdrawn: true,
    });
    const [row] = await database.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, person.id));
    expect(row!.status).toBe('confirmed');
    // Neither the cancellation's email nor one about its undo: the person heard of nothing.
    expect(await unsentEmailsOf(person.id)).toHaveLength(before);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'registration.undo'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorName: 'Ana Li', recordId: String(event.id) });
    expect(entry!.summary).toContain('back to Confirmed');

    // The undo is itself the last change, by staff: it is not undone again as 'a mistake' once
    // the window has passed.
    const late = await undoRegistrationChange(
      database.db,
      (await lastChangeOf(person.id)).id,
      staff,
      {
        eventId: event.id,
        now: minutes(5 + UNDO_MINUTES),
      },
    );
    expect(late).toEqual({ kind: 'too_late' });
  });

  it('refuses when the place went to the waitlist since, or another change came after', async () => {
    const event = await insertEvent(database.db, {
      title: 'Full undo',
      startsAt: minutes(48 * 60),
      capacity: 1,
      waitlistEnabled: true,
    });
    const first = await registered(event.id);
    const waiting = await registered(event.id);
    expect(waiting.status).toBe('waitlisted');
    const cancelled = await changeRegistrationStatus(database.db, first.id, 'cancel', staff, {
      eventId: event.id,
      now: minutes(1),
    });
    expect(cancelled).toMatchObject({ kind: 'changed', promoted: 1 });
    const change = await lastChangeOf(first.id);
    expect(
      await undoRegistrationChange(database.db, change.id, staff, {
        eventId: event.id,
        now: minutes(2),
      }),
    ).toEqual({ kind: 'full', capacity: 1 });

    // Another event's change is not found from this event.
    const other = await insertEvent(database.db, { title: 'Other', startsAt: minutes(3000) });
    expect(
      await undoRegistrationChange(database.db, change.id, staff, {
        eventId: other.id,
        now: minutes(2),
      }),
    ).toEqual({ kind: 'not_found' });

    const promotedChange = await lastChangeOf(waiting.id);
    // The promotion was the system's, not a staff mistake.
    expect(
      await undoRegistrationChange(database.db, promotedChange.id, staff, {
        eventId: event.id,
        now: minutes(2),
      }),
    ).toEqual({ kind: 'too_late' });
  });
});

describe(`undo of a refund recorded by mistake (${DATABASE_UNDER_TEST})`, () => {
  it('marks it undone, counts it nowhere, refuses to send it, and audits it', async () => {
    const type = await addMembershipType(database.db, { priceCents: 3000 });
    const applied = await addApplication(database.db, type, { emailConfirmedAt: now });
    const recorded = await recordPayment(database.db, finance, {
      membershipId: applied.id,
      method: 'etransfer',
      amountCents: 3000,
      receivedOn: '2026-11-23',
      transactionReference: `CAundo${process.pid}`,
      now,
    });
    if (!recorded.ok) throw new Error(recorded.message);
    const confirmed = await confirmPayment(database.db, finance, {
      paymentId: recorded.payment.id,
      now,
    });
    if (!confirmed.ok) throw new Error(confirmed.message);
    const refund = await recordRefund(database.db, finance, {
      paymentId: recorded.payment.id,
      amountCents: 3000,
      reason: 'Wrong member',
      endsMembership: true,
      now: minutes(1),
    });
    if (!refund.ok) throw new Error(refund.message);

    const late = await undoRefund(database.db, finance, {
      refundId: refund.refund.id,
      now: minutes(2 + UNDO_MINUTES),
    });
    expect(late.ok).toBe(false);

    const undone = await undoRefund(database.db, finance, {
      refundId: refund.refund.id,
      now: minutes(3),
    });
    expect(undone).toMatchObject({ ok: true, membership: { status: 'active' } });
    const [row] = await database.db
      .select()
      .from(membershipRefunds)
      .where(eq(membershipRefunds.id, refund.refund.id));
    expect(row!.state).toBe('undone');
    const sent = await completeRefund(database.db, finance, {
      refundId: refund.refund.id,
      refundedOn: '2026-11-24',
      now: minutes(4),
    });
    expect(sent).toMatchObject({ ok: false });
    const money = await moneyAtAGlance(database.db, TEST_YEAR);
    expect(money.waiting.refundsToSend).toBe(0);
    expect(money.totals[0]).toMatchObject({ collectedCents: 3000, refundedCents: 0 });

    // The whole payment can be refunded again: the undone refund took nothing of it.
    const again = await recordRefund(database.db, finance, {
      paymentId: recorded.payment.id,
      amountCents: 3000,
      reason: 'The right refund this time',
      endsMembership: true,
      now: minutes(5),
    });
    expect(again.ok).toBe(true);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'membership.refund.undo'));
    expect(entry).toMatchObject({ actorName: 'Grace Wu', recordId: String(applied.id) });
  });
});
