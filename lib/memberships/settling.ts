import type { MembershipStatus } from './statuses';

/**
 * How a membership's money stands, and what finance may do with each of its payments. Pure: the
 * writes in ./payments.ts decide with it under the membership's lock, and the console's pages
 * (the member's page, /admin/payments) offer exactly the actions it allows, so a button is never
 * shown for a move the server refuses.
 *
 * - A payment's *remaining* amount is what was received and not yet given back: its amount
 *   minus the refunds on it; nothing once the bank reversed it.
 * - *Kept* is what confirmed payments still hold: it is what counts towards the price.
 * - *Open* payments (recorded or flagged) wait for a decision: confirm, accept, or return.
 * - *Due* is what confirmation must still bring: the price minus what is kept.
 * - *Owed* is what a newly arrived payment should be: the price minus what is kept or open.
 */

export type PaymentFacts = { id: number; state: string; amountCents: number };
export type RefundFacts = { paymentId: number | null; amountCents: number; state?: string };

/** A refund undone as recorded by mistake returns nothing: no sum of money counts it. */
export const countsAsRefund = (refund: Pick<RefundFacts, 'state'>) => refund.state !== 'undone';

/** Statuses a payment can activate: an application waiting for it, or one in payment review. */
export const AWAITING_PAYMENT: readonly MembershipStatus[] = ['pending', 'payment_review'];

export const isOpenPayment = (payment: Pick<PaymentFacts, 'state'>) =>
  payment.state === 'recorded' || payment.state === 'flagged';

/** What was received on `payment` and not yet returned: the most a refund of it may be. */
export function remainingOf(payment: PaymentFacts, refunds: readonly RefundFacts[]): number {
  if (payment.state === 'reversed') return 0;
  const refunded = refunds
    .filter((refund) => refund.paymentId === payment.id && countsAsRefund(refund))
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  return Math.max(0, payment.amountCents - refunded);
}

export type MembershipMoney = {
  priceCents: number;
  keptCents: number;
  openCents: number;
  dueCents: number;
  owedCents: number;
  /** The refund ceiling of the membership: every payment's remaining amount. */
  refundableCents: number;
  /** Each payment's remaining amount, by id. */
  remaining: Map<number, number>;
  /** The open payments, oldest first. */
  open: PaymentFacts[];
};

export function membershipMoney(
  priceCents: number,
  payments: readonly PaymentFacts[],
  refunds: readonly RefundFacts[],
): MembershipMoney {
  const remaining = new Map(payments.map((payment) => [payment.id, remainingOf(payment, refunds)]));
  const sum = (rows: readonly PaymentFacts[]) =>
    rows.reduce((total, payment) => total + (remaining.get(payment.id) ?? 0), 0);
  const open = payments.filter(isOpenPayment);
  const keptCents = sum(payments.filter((payment) => payment.state === 'confirmed'));
  const openCents = sum(open);
  return {
    priceCents,
    keptCents,
    openCents,
    dueCents: Math.max(0, priceCents - keptCents),
    owedCents: Math.max(0, priceCents - keptCents - openCents),
    refundableCents: sum(payments),
    remaining,
    open,
  };
}

/** One thing finance may do with a payment. */
export type PaymentChoice =
  /** Confirm it alone: it is exactly what is due. */
  | { kind: 'confirm' }
  /** Confirm these open payments together: they add up to what is due. */
  | { kind: 'confirmTogether'; paymentIds: number[]; totalCents: number }
  /** Accept a flagged payment after checking it, with a note. */
  | { kind: 'accept' }
  /** Accept it and refund what is more than due, in one step. */
  | { kind: 'acceptAndRefund'; differenceCents: number }
  /** Give back what remains of a payment that never counted. */
  | { kind: 'return'; amountCents: number }
  /** The bank took back a confirmed payment. */
  | { kind: 'reverse' };

export type PaymentSituation = {
  /** What finance should know first, in a few words ('Membership already active: return it.'). */
  note: string | null;
  choices: PaymentChoice[];
};

/**
 * What finance may do with `payment` of a membership in `status` whose money is `money`;
 * `describe` writes amounts (the caller's currency).
 */
export function paymentSituation(
  payment: PaymentFacts,
  status: MembershipStatus,
  money: MembershipMoney,
  describe: (cents: number) => string,
): PaymentSituation {
  if (payment.state === 'confirmed') return { note: null, choices: [{ kind: 'reverse' }] };
  const remaining = money.remaining.get(payment.id) ?? 0;
  if (!isOpenPayment(payment) || remaining === 0) return { note: null, choices: [] };
  const giveBack: PaymentChoice = { kind: 'return', amountCents: remaining };
  if (!AWAITING_PAYMENT.includes(status) || money.dueCents === 0) {
    return {
      note:
        status === 'active'
          ? 'Membership already active: return it.'
          : `The membership is ${status.replace('_', ' ')}: return it.`,
      choices: [giveBack],
    };
  }
  const due = money.dueCents;
  if (remaining === due) {
    return payment.state === 'flagged'
      ? { note: null, choices: [{ kind: 'accept' }, giveBack] }
      : { note: null, choices: [{ kind: 'confirm' }, giveBack] };
  }
  if (remaining > due) {
    return {
      note: `${describe(remaining - due)} more than is due.`,
      choices: [
        { kind: 'acceptAndRefund', differenceCents: remaining - due },
        { kind: 'accept' },
        giveBack,
      ],
    };
  }
  const together = money.open.map((row) => row.id);
  if (together.length > 1 && money.openCents === due) {
    return {
      note: `With the other open ${together.length === 2 ? 'payment' : 'payments'}, it makes what is due.`,
      choices: [{ kind: 'confirmTogether', paymentIds: together, totalCents: due }, giveBack],
    };
  }
  return {
    note: `${describe(due - remaining)} short: record the top-up when it arrives.`,
    choices: [giveBack],
  };
}
