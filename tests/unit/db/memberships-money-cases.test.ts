import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  emailOutbox,
  membershipPayments,
  membershipRefunds,
  membershipStatusChanges,
  memberships,
} from '@/lib/db/schema';
import { FINANCE_COLUMNS, financeCsv } from '@/lib/memberships/exports';
import { formatAmount } from '@/lib/memberships/format';
import { paymentsToSettle } from '@/lib/memberships/ledger';
import {
  acceptPayment,
  confirmPayment,
  confirmPayments,
} from '@/lib/memberships/payment-confirmation';
import { recordPayment, reversePayment } from '@/lib/memberships/payments';
import { completeRefund, recordRefund, returnPayment } from '@/lib/memberships/refunds';
import { parseDollars } from '@/lib/memberships/price-input';
import { membershipCounts } from '@/lib/memberships/roster';
import { membershipTypeSchema } from '@/lib/memberships/settings';
import { paymentSituation } from '@/lib/memberships/settling';
import { MAX_AMOUNT_CENTS } from '@/lib/memberships/statuses';
import { addApplication, addMembershipType, addStaff } from './support/memberships';
import { parseCsv } from './support/parse-csv';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * Money that goes wrong (issue 42): an underpaid e-Transfer and its top-up confirmed together,
 * a membership paid twice, an overpayment accepted with its difference refunded, a payment the
 * bank took back, partial and ending refunds, and the one ceiling of every amount. Each case is
 * settled by one call that writes the payment, the status history, the audit log and the email
 * together; the audit summaries and history reasons a coordinator reads name no money.
 */

let database: TestDatabase;
const now = new Date('2026-11-25T15:00:00Z');
const finance = { id: 'finance-money', name: 'Grace Wu' };
let type: Awaited<ReturnType<typeof addMembershipType>>;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addStaff(database.db, finance, 'finance');
  type = await addMembershipType(database.db, { priceCents: 3000 });
});
afterAll(async () => {
  await database.dispose();
});

let references = 0;
const reference = () => `CAmoney${process.pid}x${(references += 1)}`;

/** A pending application whose uOttawa address is confirmed (finance sees only those). */
const application = () => addApplication(database.db, type, { emailConfirmedAt: now });

async function record(membershipId: number, amountCents: number) {
  const result = await recordPayment(database.db, finance, {
    membershipId,
    method: 'etransfer',
    amountCents,
    receivedOn: '2026-11-24',
    transactionReference: reference(),
    now,
  });
  if (!result.ok) throw new Error(result.message);
  return result;
}

async function activeMember() {
  const applied = await application();
  const { payment } = await record(applied.id, 3000);
  const confirmed = await confirmPayment(database.db, finance, { paymentId: payment.id, now });
  if (!confirmed.ok) throw new Error(confirmed.message);
  return confirmed;
}

const outboxOf = (membershipId: number, kind: string) =>
  database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.membershipId, membershipId), eq(emailOutbox.kind, kind)))
    .orderBy(asc(emailOutbox.id));

async function membershipRow(id: number) {
  const [row] = await database.db.select().from(memberships).where(eq(memberships.id, id));
  return row!;
}

async function paymentRow(id: number) {
  const [row] = await database.db
    .select()
    .from(membershipPayments)
    .where(eq(membershipPayments.id, id));
  return row!;
}

/** The payments of `membershipId` under 'Payments to confirm', with what each row offers. */
async function listed(membershipId: number) {
  const rows = (await paymentsToSettle(database.db)).filter(
    (row) => row.membershipId === membershipId,
  );
  return rows.map((row) => ({
    id: row.payment.id,
    ...paymentSituation(row.payment, row.status, row.money, (cents) => formatAmount(cents)),
  }));
}

/** What a coordinator reads of the membership: audit summaries and status-history reasons. */
async function coordinatorTexts(membershipId: number) {
  const entries = await database.db
    .select({ summary: auditLog.summary })
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'membership'), eq(auditLog.recordId, String(membershipId))));
  const history = await database.db
    .select({ reason: membershipStatusChanges.reason })
    .from(membershipStatusChanges)
    .where(eq(membershipStatusChanges.membershipId, membershipId));
  return [...entries.map((row) => row.summary), ...history.map((row) => row.reason ?? '')];
}

async function expectNoMoneyForCoordinators(membershipId: number) {
  const payments = await database.db
    .select({ reference: membershipPayments.transactionReference })
    .from(membershipPayments)
    .where(eq(membershipPayments.membershipId, membershipId));
  const membership = await membershipRow(membershipId);
  for (const text of await coordinatorTexts(membershipId)) {
    expect(text).not.toMatch(/\$|\d+\.\d\d/);
    expect(text).not.toContain(membership.paymentReference);
    for (const { reference: used } of payments) expect(text).not.toContain(used);
  }
}

describe(`money that goes wrong (${DATABASE_UNDER_TEST})`, () => {
  it('underpaid: CA$25 flagged on a CA$30 type, the CA$5 top-up recorded unflagged, both confirmed together, once', async () => {
    const applied = await application();
    const short = await record(applied.id, 2500);
    expect(short.flagged).toBe(true);
    const topUp = await record(applied.id, 500);
    expect(topUp.flagged).toBe(false);
    expect(topUp.payment.state).toBe('recorded');
    expect(topUp.message).toContain('Confirm the payments together');
    // One warning email: the top-up sends none.
    expect(await outboxOf(applied.id, 'membership_payment_problem')).toHaveLength(1);

    const ids = [short.payment.id, topUp.payment.id];
    const offered = await listed(applied.id);
    expect(offered.map((row) => row.id)).toEqual(ids);
    for (const row of offered) {
      expect(row.choices[0]).toEqual({
        kind: 'confirmTogether',
        paymentIds: ids,
        totalCents: 3000,
      });
    }

    const alone = await confirmPayment(database.db, finance, { paymentId: topUp.payment.id, now });
    expect(alone.ok).toBe(false);
    if (!alone.ok) expect(alone.message).toContain('CA$25.00 is missing');

    const together = await confirmPayments(database.db, finance, { paymentIds: ids, now });
    expect(together.ok).toBe(true);
    if (!together.ok) return;
    expect(together.memberId).toMatch(/^TCSA-26-\d{4}$/);
    const again = await confirmPayments(database.db, finance, { paymentIds: ids, now });
    expect(again).toMatchObject({ ok: true, alreadyConfirmed: true, memberId: together.memberId });

    const row = await membershipRow(applied.id);
    expect(row.status).toBe('active');
    expect(row.memberId).toBe(together.memberId);
    expect((await paymentRow(ids[0]!)).state).toBe('confirmed');
    expect((await paymentRow(ids[1]!)).state).toBe('confirmed');
    expect(await outboxOf(applied.id, 'membership_activated')).toHaveLength(1);
    expect(await listed(applied.id)).toEqual([]);
    await expectNoMoneyForCoordinators(applied.id);
  });

  it('paid twice: the second payment is shown as such, Confirm says to return it, and the return takes it off the list', async () => {
    const applied = await application();
    const first = await record(applied.id, 3000);
    const second = await record(applied.id, 3000);
    expect(second.flagged).toBe(true);
    expect(second.problems[0]).toContain('nothing more is owed');
    const confirmed = await confirmPayment(database.db, finance, {
      paymentId: first.payment.id,
      now,
    });
    expect(confirmed.ok).toBe(true);

    expect(await listed(applied.id)).toEqual([
      {
        id: second.payment.id,
        note: 'Membership already active: return it.',
        choices: [{ kind: 'return', amountCents: 3000 }],
      },
    ]);
    const refused = await confirmPayment(database.db, finance, {
      paymentId: second.payment.id,
      now,
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/already active.*Return the money/);

    const returned = await returnPayment(database.db, finance, {
      paymentId: second.payment.id,
      refundedOn: '2026-11-25',
      now,
    });
    expect(returned.ok).toBe(true);
    if (!returned.ok) return;
    expect(returned.refund).toMatchObject({
      paymentId: second.payment.id,
      amountCents: 3000,
      endsMembership: false,
      state: 'done',
    });
    expect((await paymentRow(second.payment.id)).state).toBe('returned');
    expect((await membershipRow(applied.id)).status).toBe('active');
    expect(await listed(applied.id)).toEqual([]);
    const [email] = await outboxOf(applied.id, 'membership_refund_done');
    expect(email!.textBody).toContain('did not count towards your membership');
    const twice = await returnPayment(database.db, finance, {
      paymentId: second.payment.id,
      now,
    });
    expect(twice).toEqual({ ok: false, message: 'This payment was returned already.' });
    await expectNoMoneyForCoordinators(applied.id);
  });

  it('a payment that arrives after activation is recorded flagged, changes no status, emails nobody, and is returned', async () => {
    const { membership, memberId } = await activeMember();
    const historyBefore = await database.db
      .select()
      .from(membershipStatusChanges)
      .where(eq(membershipStatusChanges.membershipId, membership.id));
    const late = await record(membership.id, 3000);
    expect(late.flagged).toBe(true);
    expect(late.problems).toEqual(['The membership is already active: return this payment.']);
    expect(late.message).toContain('stays active and was not emailed');
    expect(late.payment).toMatchObject({
      state: 'flagged',
      problem: 'The membership is already active: return this payment.',
    });
    // The membership is fine: same status, same member ID, no new history, no problem email.
    expect(await membershipRow(membership.id)).toMatchObject({ status: 'active', memberId });
    expect(
      await database.db
        .select()
        .from(membershipStatusChanges)
        .where(eq(membershipStatusChanges.membershipId, membership.id)),
    ).toEqual(historyBefore);
    expect(await outboxOf(membership.id, 'membership_payment_problem')).toEqual([]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'membership.payment.flag'),
          eq(auditLog.recordId, String(membership.id)),
        ),
      );
    expect(entry!.summary).toContain('flagged: the membership is already active');

    // 'Payments to confirm' (and the member's page, from the same function) offer the return.
    expect(await listed(membership.id)).toEqual([
      {
        id: late.payment.id,
        note: 'Membership already active: return it.',
        choices: [{ kind: 'return', amountCents: 3000 }],
      },
    ]);
    const returned = await returnPayment(database.db, finance, {
      paymentId: late.payment.id,
      refundedOn: '2026-11-25',
      now,
    });
    expect(returned.ok).toBe(true);
    expect((await paymentRow(late.payment.id)).state).toBe('returned');
    expect((await membershipRow(membership.id)).status).toBe('active');
    expect(await listed(membership.id)).toEqual([]);
    expect(await outboxOf(membership.id, 'membership_refund_done')).toHaveLength(1);
    await expectNoMoneyForCoordinators(membership.id);

    // A cancelled membership still takes no payment.
    const cancelled = await application();
    await database.db
      .update(memberships)
      .set({ status: 'cancelled' })
      .where(eq(memberships.id, cancelled.id));
    const refused = await recordPayment(database.db, finance, {
      membershipId: cancelled.id,
      method: 'etransfer',
      amountCents: 3000,
      receivedOn: '2026-11-24',
      transactionReference: reference(),
      now,
    });
    expect(refused.ok).toBe(false);
  });

  it('underpaid and returned instead: the payment is returned and the application waits for a payment again', async () => {
    const applied = await application();
    const short = await record(applied.id, 2500);
    expect((await membershipRow(applied.id)).status).toBe('payment_review');
    const returned = await returnPayment(database.db, finance, {
      paymentId: short.payment.id,
      now,
    });
    expect(returned).toMatchObject({ ok: true, refund: { state: 'pending', amountCents: 2500 } });
    expect((await paymentRow(short.payment.id)).state).toBe('returned');
    expect((await membershipRow(applied.id)).status).toBe('pending');
    expect(await listed(applied.id)).toEqual([]);
  });

  it('overpaid: CA$40 on a CA$30 type is accepted with a note and CA$10 refunded in one step; the member stays active', async () => {
    const applied = await application();
    const over = await record(applied.id, 4000);
    expect(over.flagged).toBe(true);
    expect(await listed(applied.id)).toEqual([
      {
        id: over.payment.id,
        note: 'CA$10.00 more than is due.',
        choices: [
          { kind: 'acceptAndRefund', differenceCents: 1000 },
          { kind: 'accept' },
          { kind: 'return', amountCents: 4000 },
        ],
      },
    ]);
    const noNote = await acceptPayment(database.db, finance, {
      paymentId: over.payment.id,
      note: '  ',
      refundDifference: { refundedOn: '2026-11-25' },
      now,
    });
    expect(noNote.ok).toBe(false);

    const accepted = await acceptPayment(database.db, finance, {
      paymentId: over.payment.id,
      note: 'Checked the bank statement: sent CA$40 by mistake.',
      refundDifference: { refundedOn: '2026-11-25' },
      now,
    });
    expect(accepted.ok).toBe(true);
    if (!accepted.ok) return;
    expect(accepted.message).toContain('The difference of CA$10.00 is refunded');
    expect(accepted.refund).toMatchObject({
      paymentId: over.payment.id,
      amountCents: 1000,
      endsMembership: false,
      state: 'done',
    });
    const payment = await paymentRow(over.payment.id);
    expect(payment.state).toBe('confirmed');
    expect(payment.note).toBe('Checked the bank statement: sent CA$40 by mistake.');
    const row = await membershipRow(applied.id);
    expect(row.status).toBe('active');
    expect(row.memberId).toBe(accepted.memberId);
    expect(await outboxOf(applied.id, 'membership_activated')).toHaveLength(1);
    const [refundEmail] = await outboxOf(applied.id, 'membership_refund_done');
    expect(refundEmail!.textBody).toContain('CA$10.00');
    expect(refundEmail!.textBody).toContain('does not end your membership');
    // What is left to refund is what the club kept: CA$30.00 of that payment.
    const tooMuch = await recordRefund(database.db, finance, {
      paymentId: over.payment.id,
      amountCents: 3001,
      reason: 'Too much',
      endsMembership: true,
      now,
    });
    expect(tooMuch.ok).toBe(false);
    if (!tooMuch.ok) expect(tooMuch.message).toContain('At most CA$30.00');
    expect(await listed(applied.id)).toEqual([]);
    await expectNoMoneyForCoordinators(applied.id);
  });

  it('an underpayment is not accepted alone: its top-up is recorded or the money returned', async () => {
    const applied = await application();
    const short = await record(applied.id, 2500);
    const accepted = await acceptPayment(database.db, finance, {
      paymentId: short.payment.id,
      note: 'Looks right',
      now,
    });
    expect(accepted.ok).toBe(false);
    if (!accepted.ok) expect(accepted.message).toContain('record the top-up');
    expect((await paymentRow(short.payment.id)).state).toBe('flagged');
  });

  it('a refund still pending when the bank reverses its payment is cancelled, not sent: the club no longer holds that money', async () => {
    const applied = await application();
    const over = await record(applied.id, 4000);
    const accepted = await acceptPayment(database.db, finance, {
      paymentId: over.payment.id,
      note: 'Checked the bank statement: sent CA$40 by mistake.',
      refundDifference: { refundedOn: null },
      now,
    });
    expect(accepted.ok && accepted.refund?.state).toBe('pending');
    if (!accepted.ok || !accepted.refund) return;
    const reversed = await reversePayment(database.db, finance, {
      paymentId: over.payment.id,
      reason: 'The e-Transfer was recalled.',
      now,
    });
    expect(reversed.ok).toBe(true);

    const completed = await completeRefund(database.db, finance, {
      refundId: accepted.refund.id,
      refundedOn: '2026-11-25',
      now,
    });
    expect(completed.ok).toBe(false);
    if (!completed.ok) expect(completed.message).toContain('there is nothing to send');
    const [refund] = await database.db
      .select()
      .from(membershipRefunds)
      .where(eq(membershipRefunds.id, accepted.refund.id));
    // Off 'Refunds to send' for good, with its audit entry.
    expect(refund).toMatchObject({ state: 'cancelled', refundedOn: null });
    const [cancelEntry] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'membership.refund.cancel'),
          eq(auditLog.recordId, String(applied.id)),
        ),
      );
    expect(cancelEntry?.after).toMatchObject({ refundId: accepted.refund.id, state: 'cancelled' });
    const told = await database.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.membershipId, applied.id),
          eq(emailOutbox.kind, 'membership_refund_done'),
        ),
      );
    expect(told).toHaveLength(0);
  });

  it('reversed: payment review, the member emailed, nothing of it refundable; paying again activates the same member ID', async () => {
    const { membership, payment, memberId } = await activeMember();
    const noReason = await reversePayment(database.db, finance, {
      paymentId: payment.id,
      reason: ' ',
      now,
    });
    expect(noReason.ok).toBe(false);
    const reversed = await reversePayment(database.db, finance, {
      paymentId: payment.id,
      reason: 'The sender recalled the e-Transfer.',
      now,
    });
    expect(reversed.ok).toBe(true);
    const stored = await paymentRow(payment.id);
    expect(stored).toMatchObject({
      state: 'reversed',
      reversedAt: now,
      reversalReason: 'The sender recalled the e-Transfer.',
    });
    expect((await membershipRow(membership.id)).status).toBe('payment_review');
    const history = await database.db
      .select()
      .from(membershipStatusChanges)
      .where(eq(membershipStatusChanges.membershipId, membership.id))
      .orderBy(asc(membershipStatusChanges.id));
    expect(history.map((row) => [row.fromStatus, row.toStatus])).toEqual([
      ['pending', 'active'],
      ['active', 'payment_review'],
    ]);
    const emails = await outboxOf(membership.id, 'membership_payment_reversed');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.textBody).toContain(membership.paymentReference);
    const refund = await recordRefund(database.db, finance, {
      paymentId: payment.id,
      amountCents: 100,
      reason: 'Goodwill',
      endsMembership: false,
      now,
    });
    expect(refund.ok).toBe(false);
    if (!refund.ok) expect(refund.message).toContain('nothing of it can be refunded');

    const again = await record(membership.id, 3000);
    expect(again.flagged).toBe(false);
    const confirmed = await confirmPayment(database.db, finance, {
      paymentId: again.payment.id,
      now,
    });
    expect(confirmed).toMatchObject({ ok: true, memberId });
    expect((await membershipRow(membership.id)).status).toBe('active');
    expect(await outboxOf(membership.id, 'membership_activated')).toHaveLength(2);
    await expectNoMoneyForCoordinators(membership.id);
  });

  it('a partial refund keeps the membership active; a refund that ends it says so', async () => {
    const { membership, payment } = await activeMember();
    const partial = await recordRefund(database.db, finance, {
      paymentId: payment.id,
      amountCents: 1000,
      reason: 'Missed the first two events: goodwill.',
      refundedOn: '2026-11-25',
      endsMembership: false,
      now,
    });
    expect(partial.ok).toBe(true);
    if (!partial.ok) return;
    expect(partial.membership.status).toBe('active');
    expect(partial.message).toContain('the membership continues');
    const above = await recordRefund(database.db, finance, {
      paymentId: payment.id,
      amountCents: 2001,
      reason: 'The rest and a cent',
      endsMembership: true,
      now,
    });
    expect(above.ok).toBe(false);
    if (!above.ok) expect(above.message).toContain('At most CA$20.00 can be refunded');

    const ending = await recordRefund(database.db, finance, {
      paymentId: payment.id,
      amountCents: 2000,
      reason: 'Leaving the program.',
      refundedOn: '2026-11-25',
      endsMembership: true,
      now,
    });
    expect(ending.ok).toBe(true);
    if (!ending.ok) return;
    expect(ending.membership.status).toBe('refunded');
    expect(ending.message).toContain('the membership has ended');
    const emails = await outboxOf(membership.id, 'membership_refund_done');
    expect(emails.map((email) => email.textBody.includes('has ended with this refund'))).toEqual([
      false,
      true,
    ]);
    const refunds = await database.db
      .select()
      .from(membershipRefunds)
      .where(eq(membershipRefunds.membershipId, membership.id))
      .orderBy(asc(membershipRefunds.id));
    expect(refunds.map((row) => [row.paymentId, row.endsMembership])).toEqual([
      [payment.id, false],
      [payment.id, true],
    ]);
    await expectNoMoneyForCoordinators(membership.id);
  });

  it('a refund of everything the membership kept ends it even when not ticked', async () => {
    const { membership, payment } = await activeMember();
    const all = await recordRefund(database.db, finance, {
      paymentId: payment.id,
      amountCents: 3000,
      reason: 'Moving away before the first event.',
      refundedOn: '2026-11-25',
      endsMembership: false,
      now,
    });
    expect(all.ok).toBe(true);
    if (!all.ok) return;
    expect(all.membership.status).toBe('refunded');
    expect(all.refund.endsMembership).toBe(true);
    expect(all.message).toContain('the membership has ended');
    await expectNoMoneyForCoordinators(membership.id);
  });

  it('an application whose address is not confirmed takes no payment', async () => {
    const unconfirmed = await addApplication(database.db, type, { emailConfirmedAt: null });
    const result = await recordPayment(database.db, finance, {
      membershipId: unconfirmed.id,
      method: 'etransfer',
      amountCents: 3000,
      receivedOn: '2026-11-24',
      transactionReference: reference(),
      now,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain('has not confirmed the uOttawa address yet');
    const stored = await database.db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.membershipId, unconfirmed.id));
    expect(stored).toEqual([]);
  });

  it('one maximum amount for type prices, payments and refunds', async () => {
    const dollars = (MAX_AMOUNT_CENTS / 100).toFixed(2);
    const over = ((MAX_AMOUNT_CENTS + 1) / 100).toFixed(2);
    expect(parseDollars(dollars, 'Price')).toEqual({ ok: true, cents: MAX_AMOUNT_CENTS });
    expect(parseDollars(over, 'Price').ok).toBe(false);
    const typeWith = (price: string) =>
      membershipTypeSchema.safeParse({
        id: '',
        year: '2026',
        name: 'Patron',
        description: '',
        price,
        saleOpensOn: '2026-09-01',
        saleClosesOn: '2027-01-15',
        validFrom: '2026-09-01',
        validUntil: '2027-08-31',
      }).success;
    expect(typeWith(dollars)).toBe(true);
    expect(typeWith(over)).toBe(false);

    // A type priced at the most can be paid: its payment is recorded, not refused.
    const patron = await addMembershipType(database.db, { priceCents: MAX_AMOUNT_CENTS });
    const applied = await addApplication(database.db, patron, { emailConfirmedAt: now });
    const paid = await record(applied.id, MAX_AMOUNT_CENTS);
    expect(paid.flagged).toBe(false);
    const tooMuch = await recordPayment(database.db, finance, {
      membershipId: applied.id,
      method: 'etransfer',
      amountCents: MAX_AMOUNT_CENTS + 1,
      receivedOn: '2026-11-24',
      transactionReference: reference(),
      now,
    });
    expect(tooMuch.ok).toBe(false);
  });

  it("'Payments to confirm' and the dashboard's figure leave out applications whose address is not confirmed", async () => {
    const before = (await membershipCounts(database.db, now)).paymentsToConfirm;
    const unconfirmed = await addApplication(database.db, type, { emailConfirmedAt: null });
    // recordPayment refuses such an application; a row written any other way stays out of sight.
    const [payment] = await database.db
      .insert(membershipPayments)
      .values({
        membershipId: unconfirmed.id,
        method: 'etransfer',
        amountCents: 3000,
        receivedOn: '2026-11-24',
        transactionReference: reference(),
        recordedByName: finance.name,
      })
      .returning();
    const rows = await paymentsToSettle(database.db);
    expect(rows.some((row) => row.payment.id === payment!.id)).toBe(false);
    // The dashboard's figure counts what the list shows.
    expect((await membershipCounts(database.db, now)).paymentsToConfirm).toBe(before);
    const confirmed = await application();
    await record(confirmed.id, 3000);
    expect((await membershipCounts(database.db, now)).paymentsToConfirm).toBe(before + 1);
  });

  it("the finance file says each payment's state in words, the accept note, the reversal, and what each refund returns", async () => {
    const reversedOne = await activeMember();
    await reversePayment(database.db, finance, {
      paymentId: reversedOne.payment.id,
      reason: 'The cheque bounced.',
      now,
    });
    const overpaid = await application();
    const over = await record(overpaid.id, 4000);
    const accepted = await acceptPayment(database.db, finance, {
      paymentId: over.payment.id,
      note: 'Checked the statement: sent too much.',
      refundDifference: { refundedOn: '2026-11-25' },
      now,
    });
    if (!accepted.ok) throw new Error(accepted.message);
    const twice = await activeMember();
    const late = await record(twice.membership.id, 3000);
    await returnPayment(database.db, finance, { paymentId: late.payment.id, now });
    const ended = await activeMember();
    const ending = await recordRefund(database.db, finance, {
      paymentId: ended.payment.id,
      amountCents: 3000,
      reason: 'Moved away.',
      refundedOn: '2026-11-25',
      endsMembership: true,
      now,
    });
    if (!ending.ok) throw new Error(ending.message);

    const { csv } = await financeCsv(database.db);
    const [header, ...lines] = parseCsv(csv.slice(1));
    expect(header).toEqual([...FINANCE_COLUMNS]);
    const row = (record: string, id: number) => {
      const line = lines.find((one) => one[0] === record && one[1] === String(id))!;
      return Object.fromEntries(header!.map((column, i) => [column, line[i]]));
    };
    expect(row('Payment', reversedOne.payment.id)).toMatchObject({
      State: 'Reversed (taken back by the bank)',
      'Reversed on': '2026-11-25',
      'Reversal reason': 'The cheque bounced.',
    });
    expect(row('Payment', over.payment.id)).toMatchObject({
      State: 'Accepted after checking',
      'Accept note': 'Checked the statement: sent too much.',
      'Reversed on': '',
    });
    expect(row('Refund', accepted.refund!.id)).toMatchObject({
      State: 'Sent',
      Amount: '10.00',
      'Refund of payment': `Payment ${over.payment.id} (${over.payment.transactionReference})`,
      'Ends the membership': 'no',
    });
    expect(row('Payment', late.payment.id)).toMatchObject({
      State: 'Returned (given back without counting)',
      'Problem or reason': 'The membership is already active: return this payment.',
    });
    const lateRefund = lines.find(
      (one) =>
        one[0] === 'Refund' &&
        one[header!.indexOf('Refund of payment')] ===
          `Payment ${late.payment.id} (${late.payment.transactionReference})`,
    )!;
    expect(lateRefund[header!.indexOf('State')]).toBe('Pending, to send');
    expect(lateRefund[header!.indexOf('Ends the membership')]).toBe('no');
    expect(row('Payment', ended.payment.id).State).toBe('Confirmed');
    expect(row('Refund', ending.refund.id)).toMatchObject({
      State: 'Sent',
      'Ends the membership': 'yes',
    });
  });
});
