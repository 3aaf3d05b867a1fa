/**
 * Whether a membership is paid, in words: one function for the roster CSV's 'Payment' column,
 * the members list and the member's page, so they always say the same. Pure, and the words hold
 * no amount: the coordinator reads them too.
 */

export type PaymentWords = 'Paid' | 'Not paid' | 'Refunded' | 'Partly refunded';

type PaymentFacts = { id: number; state: string; amountCents: number };
type RefundFacts = { paymentId: number | null; state: string; amountCents: number };

/**
 * What a membership's money came to: paid is its confirmed payments (a reversed one was taken
 * back by the bank and counts for nothing, an open or returned one never counted); refunded is
 * the refunds sent of that money (a refund of a payment that never counted, or was reversed,
 * gave back nothing that was kept); kept is the difference.
 */
export function paidRefundedKept(
  payments: readonly PaymentFacts[],
  refunds: readonly RefundFacts[],
) {
  const counted = payments.filter((payment) => payment.state === 'confirmed');
  const countedIds = new Set(counted.map((payment) => payment.id));
  const paidCents = counted.reduce((sum, payment) => sum + payment.amountCents, 0);
  const refundedCents = refunds
    .filter(
      (refund) =>
        refund.state === 'done' && (refund.paymentId === null || countedIds.has(refund.paymentId)),
    )
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  return { paidCents, refundedCents, keptCents: paidCents - refundedCents };
}

/** Paid, Not paid, Refunded or Partly refunded, from what was paid and what is kept. */
export function paymentWordsOf({
  paidCents,
  keptCents,
}: ReturnType<typeof paidRefundedKept>): PaymentWords {
  if (paidCents === 0) return 'Not paid';
  if (keptCents === paidCents) return 'Paid';
  return keptCents <= 0 ? 'Refunded' : 'Partly refunded';
}

/** The words for a membership's payments and refunds. */
export function paymentWords(
  payments: readonly PaymentFacts[],
  refunds: readonly RefundFacts[],
): PaymentWords {
  return paymentWordsOf(paidRefundedKept(payments, refunds));
}
