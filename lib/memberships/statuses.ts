/**
 * What a membership can be (club-operations.md, 'Member statuses'). Kept free of imports: the
 * database schema (loaded by drizzle-kit without path aliases) reads it too.
 *
 * - pending: applied, payment not confirmed
 * - active: paid, benefits valid
 * - payment_review: something is wrong with the payment
 * - suspended: benefits paused for a period (start and end dates on the membership)
 * - expired: the validity ended
 * - refunded, cancelled: ended by the club; the member ID stays theirs
 */
export const MEMBERSHIP_STATUSES = [
  'pending',
  'active',
  'payment_review',
  'suspended',
  'expired',
  'refunded',
  'cancelled',
] as const;

export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const MEMBERSHIP_STATUS_NAMES: Record<MembershipStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  payment_review: 'Payment review',
  suspended: 'Suspended',
  expired: 'Expired',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/** Who changed a membership's status: the applicant, staff, or the system (expiry). */
export const MEMBERSHIP_ACTORS = ['applicant', 'staff', 'system'] as const;
export type MembershipActor = (typeof MEMBERSHIP_ACTORS)[number];

/** How a payment reached the club. Card data never enters the database (club-operations.md). */
export const PAYMENT_METHODS = ['etransfer', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  etransfer: 'Interac e-Transfer',
  cash: 'Cash',
  other: 'Other',
};

/**
 * A payment record's state: recorded by finance, then confirmed (it counts for the membership,
 * alone or with a top-up) or flagged (a wrong amount, a reference used before, or another
 * problem, until finance accepts it with a note or returns it). Returned: given back in full
 * without ever counting. Reversed: confirmed, then taken back by the bank (a recalled
 * e-Transfer, a bounced cheque). Never deleted.
 */
export const PAYMENT_STATES = ['recorded', 'confirmed', 'flagged', 'returned', 'reversed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * A refund is pending until finance records the date the money went back (done). Cancelled: it
 * was still to send when the bank took its payment back, so there was nothing left to return.
 * Undone: finance took back, soon after, a refund recorded by mistake; nothing was sent.
 */
export const REFUND_STATES = ['pending', 'done', 'cancelled', 'undone'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** The only currency the club takes today; every amount is stored in its cents. */
export const CLUB_CURRENCY = 'CAD';

/**
 * The most any one amount may be, in cents: a type's price, a payment, a refund. One limit for
 * all three, so no type can be priced at what no payment may record. Far above any membership
 * (CA$1,000.00), low enough to catch a price typed 100 times too large.
 */
export const MAX_AMOUNT_CENTS = 100_000;
