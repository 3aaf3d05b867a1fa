import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { clubDate } from '@/lib/db/time';
import { membershipTypes, membershipYears, memberships } from '@/lib/db/schema';
import { siteUrl } from '@/lib/env/public';
import { type Queryable, queueEmail } from '@/lib/mail/outbox';
import { type Block, type ComposedEmail, render } from '@/lib/mail/templates';
import type { Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { emailCopy } from '@/lib/mail/email-copy';
import { membershipContactAddress } from './contact-address';
import { addDays, formatAmount, formatDay } from './format';
import { etransferInstructionsFor } from './instructions';
import type { MembershipStatus } from './statuses';

/**
 * The membership emails (club-operations.md, 'Emails'): activated, payment problem, refund done,
 * expiry reminder, the activation email resent by staff, the unpaid application's reminder
 * and cancellation, and a suspension and its end. Composed in the club's layout (lib/mail/templates.ts) from a
 * MembershipMailContext, read with the transaction that queues the email. The application's own emails (received, your member ID) build on the same context.
 * Every word is the editors' ('Emails about memberships' in the Studio, as published), the
 * amounts, days, member ID and addresses filled into their places.
 */

export { formatAmount, formatDay, formatValidity } from './format';

/** The words of the membership emails: the editors' (Studio), else the spec's. */
export type MembershipWords = Copy<'membershipEmails'>;
export const membershipWords = (): Promise<MembershipWords> => emailCopy('membershipEmails');

/** Everything a membership email says about the person, their membership and how to pay. */
export type MembershipMailContext = {
  membershipId: number;
  /** The uOttawa email, where every membership email goes. */
  to: string;
  preferredName: string;
  memberId: string | null;
  typeName: string;
  priceCents: number;
  currency: string;
  /** `YYYY-MM-DD`, inclusive. */
  validFrom: string;
  validUntil: string;
  /** What the applicant puts in the e-Transfer message. */
  paymentReference: string;
  etransferAddress: string;
  /**
   * The year's e-Transfer instructions, filled for this membership (lib/memberships/
   * instructions.ts): the address, amount and reference in their places.
   */
  etransferInstructions: string;
  /**
   * Where members write about their membership: the club settings' membership contact address,
   * else the club's general one (lib/memberships/contact-address.ts). Never the e-Transfer
   * address.
   */
  contactEmail: string;
};

/**
 * Queues an email to the membership's own address, written from its context as `tx` stores it
 * (nothing when the membership is gone): how the membership's operations write to the member.
 */
export async function emailMembership(
  tx: Queryable,
  membershipId: number,
  {
    dedupeKey,
    kind,
    write,
  }: {
    dedupeKey: string;
    kind: string;
    write: (context: MembershipMailContext) => Promise<ComposedEmail>;
  },
): Promise<void> {
  const context = await membershipMailContext(tx, membershipId);
  if (!context) return;
  const email = await write(context);
  await queueEmail(tx, { dedupeKey, kind, to: context.to, email, membershipId });
}

/**
 * The context of membership `membershipId`, or null when there is none. Pass the transaction
 * that queues the email, so that the email says what that transaction stores.
 */
export async function membershipMailContext(
  db: Pick<Database, 'select'>,
  membershipId: number,
): Promise<MembershipMailContext | null> {
  const [row] = await db
    .select({
      membership: memberships,
      typeName: membershipTypes.name,
      etransferAddress: membershipYears.etransferAddress,
      etransferInstructions: membershipYears.etransferInstructions,
    })
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.typeId))
    .innerJoin(membershipYears, eq(membershipYears.year, memberships.year))
    .where(eq(memberships.id, membershipId));
  if (!row) return null;
  const { membership } = row;
  return {
    membershipId: membership.id,
    to: membership.uottawaEmail,
    preferredName: membership.preferredName,
    memberId: membership.memberId,
    typeName: row.typeName,
    priceCents: membership.priceCents,
    currency: membership.currency,
    validFrom: membership.validFrom,
    validUntil: membership.validUntil,
    paymentReference: membership.paymentReference,
    etransferAddress: row.etransferAddress,
    etransferInstructions: etransferInstructionsFor(row, {
      amountCents: membership.priceCents,
      currency: membership.currency,
      reference: membership.paymentReference,
    }),
    contactEmail: await membershipContactAddress(db),
  };
}

/** An absolute link to a page of the site. */
export function membershipLink(path: string): string {
  return new URL(path, siteUrl()).toString();
}

/** A status as the emails name it (lib/memberships/statuses.ts's names, in the editors' words). */
const STATUS_WORDS: Record<MembershipStatus, keyof MembershipWords> = {
  pending: 'statusPending',
  active: 'statusActive',
  payment_review: 'statusPaymentReview',
  suspended: 'statusSuspended',
  expired: 'statusExpired',
  refunded: 'statusRefunded',
  cancelled: 'statusCancelled',
};

export function statusWord(words: MembershipWords, status: MembershipStatus): string {
  return words[STATUS_WORDS[status]];
}

/** 'September 1, 2026 to August 31, 2027', in the editors' words. */
export function validityWords(
  words: MembershipWords,
  validFrom: string,
  validUntil: string,
): string {
  return fillCopy(words.validity, { from: formatDay(validFrom), until: formatDay(validUntil) });
}

export function greetingWords(words: MembershipWords, name: string): string {
  return fillCopy(words.greeting, { name });
}

function contactBlock(words: MembershipWords, context: MembershipMailContext): Block {
  return { kind: 'paragraph', text: fillCopy(words.contactClub, { email: context.contactEmail }) };
}

/** A paragraph of the editors' `text` with its places filled. */
function said(text: string, values: Record<string, string | number> = {}): Block {
  return { kind: 'paragraph', text: fillCopy(text, values) };
}

/** The member ID's detail row, when there is an ID. */
function memberIdRow(
  words: MembershipWords,
  context: MembershipMailContext,
): Array<[string, string]> {
  return context.memberId ? [[words.detailMemberId, context.memberId]] : [];
}

function membershipRows(
  words: MembershipWords,
  context: MembershipMailContext,
): Array<[string, string]> {
  return [
    [words.detailMemberId, context.memberId ?? words.detailMemberIdLater],
    [
      words.detailMembership,
      fillCopy(words.detailMembershipPrice, {
        type: context.typeName,
        amount: formatAmount(context.priceCents, context.currency),
      }),
    ],
    [words.detailValid, validityWords(words, context.validFrom, context.validUntil)],
  ];
}

/** Draws an email to `name` in the club's layout, greeted in the editors' words. */
export function composeMembershipEmail(
  words: MembershipWords,
  name: string,
  subject: string,
  blocks: Block[],
): ComposedEmail {
  const { text, html } = render(subject, greetingWords(words, name), blocks);
  return { subject, text, html, attachments: [] };
}

function compose(
  words: MembershipWords,
  subject: string,
  context: MembershipMailContext,
  blocks: Block[],
): ComposedEmail {
  return composeMembershipEmail(words, context.preferredName, subject, blocks);
}

/**
 * 'Your membership is active': the member ID, the type, the validity, the benefits and the
 * policy links. `copy` marks the one staff resend (same content, said to be a copy).
 */
export async function membershipActivatedEmail(
  context: MembershipMailContext,
  { copy = false }: { copy?: boolean } = {},
): Promise<ComposedEmail> {
  const words = await membershipWords();
  const active = context.memberId
    ? fillCopy(words.activatedSubject, { memberId: context.memberId })
    : words.activatedSubjectNoId;
  const subject = copy ? fillCopy(words.activatedCopySubject, { subject: active }) : active;
  return compose(words, subject, context, [
    ...(copy ? [said(words.activatedCopyLead)] : []),
    said(words.activatedLead),
    { kind: 'details', rows: membershipRows(words, context) },
    said(words.activatedKeepId),
    said(words.activatedBenefits),
    said(words.activatedPriority),
    { kind: 'button', label: words.policiesButton, href: membershipLink('/membership/policies') },
    { kind: 'button', label: words.faqButton, href: membershipLink('/membership/faq') },
    contactBlock(words, context),
  ]);
}

/** The activation email again, as staff resend it: the same content, marked as a copy. */
export function activationEmailCopy(context: MembershipMailContext): Promise<ComposedEmail> {
  return membershipActivatedEmail(context, { copy: true });
}

/** The rows that say what is due and how to pay it (a payment problem, a payment taken back). */
function dueRows(words: MembershipWords, context: MembershipMailContext): Array<[string, string]> {
  return [
    [words.detailMembership, context.typeName],
    [words.detailAmountDue, formatAmount(context.priceCents, context.currency)],
    [words.detailReference, context.paymentReference],
    [words.detailEtransferTo, context.etransferAddress],
  ];
}

/**
 * 'We need to check your payment': what is wrong (`problem`, written for the member), what to do
 * next, and whom to contact.
 */
/**
 * What recording a payment found, for the member: each a whole sentence of the emails' texts,
 * with the amounts filled in (finance's own words, when they flag a payment by hand, are a string).
 */
export type MemberPaymentProblem =
  | { kind: 'costs'; amount: string; price: string }
  | { kind: 'alreadyPaid'; amount: string; price: string }
  | { kind: 'stillOwed'; amount: string; owed: string; price: string }
  | { kind: 'referenceUsed' };

const PROBLEM_WORDS = {
  costs: 'problemCosts',
  alreadyPaid: 'problemAlreadyPaid',
  stillOwed: 'problemStillOwed',
  referenceUsed: 'problemReferenceUsed',
} as const satisfies Record<MemberPaymentProblem['kind'], keyof MembershipWords>;

function problemBlocks(words: MembershipWords, problem: string | MemberPaymentProblem[]): Block[] {
  if (typeof problem === 'string') return [said(words.problemFound, { problem })];
  return [
    said(words.problemFoundOnRecording),
    ...problem.map(({ kind, ...values }) => said(words[PROBLEM_WORDS[kind]], values)),
  ];
}

export async function paymentProblemEmail(
  context: MembershipMailContext,
  { problem }: { problem: string | MemberPaymentProblem[] },
): Promise<ComposedEmail> {
  const words = await membershipWords();
  return compose(words, words.problemSubject, context, [
    said(words.problemLead),
    ...problemBlocks(words, problem),
    { kind: 'details', rows: dueRows(words, context) },
    said(words.problemWhatToDo, {
      email: context.contactEmail,
      reference: context.paymentReference,
    }),
    contactBlock(words, context),
  ]);
}

/**
 * What a refund means for the membership: it ended with it, it continues (a partial refund, an
 * overpayment's difference), or the money returned never counted for it (paid twice, a payment
 * not kept).
 */
export type RefundOutcome = 'ended' | 'continues' | 'returned';

const REFUND_OUTCOME_WORDS: Record<RefundOutcome, keyof MembershipWords> = {
  ended: 'refundEnded',
  continues: 'refundContinues',
  returned: 'refundReturned',
};

/** 'Your refund was sent': the amount, the day and what happens to the membership. */
export async function refundDoneEmail(
  context: MembershipMailContext,
  {
    amountCents,
    refundedOn,
    outcome = 'ended',
  }: { amountCents: number; refundedOn: string; outcome?: RefundOutcome },
): Promise<ComposedEmail> {
  const words = await membershipWords();
  const amount = formatAmount(amountCents, context.currency);
  const date = formatDay(refundedOn);
  return compose(words, fillCopy(words.refundSubject, { amount }), context, [
    said(words.refundLead, { amount, date }),
    {
      kind: 'details',
      rows: [
        [words.detailAmount, amount],
        [words.refundDetailDate, date],
        ...memberIdRow(words, context),
      ],
    },
    said(words[REFUND_OUTCOME_WORDS[outcome]]),
    contactBlock(words, context),
  ]);
}

/**
 * 'Your payment was taken back': the bank recalled the e-Transfer (or a cheque bounced), so the
 * membership is on hold in payment review until the member pays again, with their reference.
 */
export async function paymentReversedEmail(
  context: MembershipMailContext,
  { amountCents, receivedOn }: { amountCents: number; receivedOn: string },
): Promise<ComposedEmail> {
  const words = await membershipWords();
  return compose(words, words.reversedSubject, context, [
    said(words.reversedLead, {
      amount: formatAmount(amountCents, context.currency),
      date: formatDay(receivedOn),
    }),
    { kind: 'details', rows: [...dueRows(words, context), ...memberIdRow(words, context)] },
    said(words.reversedWhatToDo, {
      etransferAddress: context.etransferAddress,
      reference: context.paymentReference,
    }),
    contactBlock(words, context),
  ]);
}

/** 'Your membership ends soon' (14 days before): the last day and how to renew. */
export async function expiryReminderEmail(context: MembershipMailContext): Promise<ComposedEmail> {
  const words = await membershipWords();
  const date = formatDay(context.validUntil);
  return compose(words, fillCopy(words.expirySubject, { date }), context, [
    context.memberId
      ? said(words.expiryLead, { memberId: context.memberId, date })
      : said(words.expiryLeadNoId, { date }),
    said(words.expiryRenew),
    { kind: 'button', label: words.membershipPageButton, href: membershipLink('/membership') },
    contactBlock(words, context),
  ]);
}

/**
 * 'Your application is not paid yet', once, before an unpaid application is cancelled
 * (lib/memberships/unpaid.ts): how to pay, the day it is cancelled, and that doing nothing is
 * fine for someone who changed their mind.
 */
export async function unpaidReminderEmail(
  context: MembershipMailContext,
  { cancelAt }: { cancelAt: Date },
): Promise<ComposedEmail> {
  const words = await membershipWords();
  return compose(words, words.unpaidSubject, context, [
    said(words.unpaidLead, { type: context.typeName, date: formatDay(clubDate(cancelAt)) }),
    {
      kind: 'details',
      rows: [
        [words.detailAmount, formatAmount(context.priceCents, context.currency)],
        [words.detailSendTo, context.etransferAddress],
        [words.detailPutReference, context.paymentReference],
      ],
    },
    // The year's instructions are the club settings' (data), not the emails' texts.
    { kind: 'paragraph', text: context.etransferInstructions },
    said(words.unpaidNothingNeeded),
    contactBlock(words, context),
  ]);
}

/** 'Your application was cancelled': no payment came within the period; applying again is open. */
export async function unpaidCancelledEmail(
  context: MembershipMailContext,
  { periodDays }: { periodDays: number },
): Promise<ComposedEmail> {
  const words = await membershipWords();
  return compose(words, words.unpaidCancelledSubject, context, [
    said(words.unpaidCancelledLead, { days: periodDays, type: context.typeName }),
    said(words.unpaidCancelledSent, {
      email: context.contactEmail,
      reference: context.paymentReference,
    }),
    said(words.unpaidCancelledApplyAgain),
    { kind: 'button', label: words.membershipPageButton, href: membershipLink('/membership') },
    contactBlock(words, context),
  ]);
}

/**
 * 'Your membership is suspended', queued by the coordinator's suspension in its transaction
 * (lib/memberships/status.ts): the dates, the reason the coordinator wrote (the form says the
 * member reads it), what it means at events, when it ends, and whom to write to. Only ever to
 * the membership's own uOttawa address.
 */
export async function membershipSuspendedEmail(
  context: MembershipMailContext,
  suspension: { from: string; until: string | null; reason: string },
): Promise<ComposedEmail> {
  const words = await membershipWords();
  const from = formatDay(suspension.from);
  const until = suspension.until ? formatDay(suspension.until) : null;
  const validUntil = formatDay(context.validUntil);
  const { memberId } = context;
  const lead = until
    ? memberId
      ? said(words.suspendedLeadUntil, { memberId, from, until })
      : said(words.suspendedLeadUntilNoId, { from, until })
    : memberId
      ? said(words.suspendedLeadOpen, { memberId, from })
      : said(words.suspendedLeadOpenNoId, { from });
  return compose(words, words.suspendedSubject, context, [
    lead,
    {
      kind: 'details',
      rows: [
        ...memberIdRow(words, context),
        [words.suspendedFrom, from],
        [words.suspendedUntil, until ?? words.suspendedUntilOpen],
        [words.suspendedReason, suspension.reason],
      ],
    },
    said(until ? words.suspendedMeaningUntil : words.suspendedMeaningOpen),
    !suspension.until
      ? said(words.suspendedAfterOpen, { validUntil })
      : suspension.until >= context.validUntil
        ? said(words.suspendedAfterToEnd, { validUntil })
        : said(words.suspendedAfterUntil, {
            activeAgainOn: formatDay(addDays(suspension.until, 1)),
            validUntil,
          }),
    said(words.suspendedQuestions, { email: context.contactEmail }),
  ]);
}

/**
 * 'Your membership is active again': the suspension was lifted early by the coordinator, or
 * ended by itself after its last day (lib/memberships/expiry.ts).
 */
export async function suspensionEndedEmail(
  context: MembershipMailContext,
  ending: { early: true; on: string } | { early: false; lastDay: string },
): Promise<ComposedEmail> {
  const words = await membershipWords();
  const { memberId } = context;
  const date = formatDay(ending.early ? ending.on : ending.lastDay);
  const lead = ending.early
    ? memberId
      ? said(words.liftedLead, { memberId, date })
      : said(words.liftedLeadNoId, { date })
    : memberId
      ? said(words.endedLead, { memberId, date })
      : said(words.endedLeadNoId, { date });
  return compose(words, words.activeAgainSubject, context, [
    lead,
    said(words.activeAgainRights, { validUntil: formatDay(context.validUntil) }),
    said(words.activeAgainQuestions, { email: context.contactEmail }),
  ]);
}
