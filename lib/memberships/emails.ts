import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { clubDate } from '@/lib/db/time';
import { membershipTypes, membershipYears, memberships } from '@/lib/db/schema';
import { siteUrl } from '@/lib/env/public';
import { type Queryable, queueEmail } from '@/lib/mail/outbox';
import { type Block, type ComposedEmail, render } from '@/lib/mail/templates';
import { membershipContactAddress } from './contact-address';
import { addDays, formatAmount, formatDay, formatValidity } from './format';
import { etransferInstructionsFor } from './instructions';

/**
 * The membership emails (club-operations.md, 'Emails'): activated, payment problem, refund done,
 * expiry reminder, the activation email resent by staff, the unpaid application's reminder
 * and cancellation, and a suspension and its end. Composed in the club's layout (lib/mail/templates.ts) from a
 * MembershipMailContext, read with the transaction that queues the email. The application's own emails (received, your member ID) build on the same context.
 */

export { formatAmount, formatDay, formatValidity } from './format';

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
  }: { dedupeKey: string; kind: string; write: (context: MembershipMailContext) => ComposedEmail },
): Promise<void> {
  const context = await membershipMailContext(tx, membershipId);
  if (!context) return;
  await queueEmail(tx, { dedupeKey, kind, to: context.to, email: write(context), membershipId });
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

/** What membership gives, in one line each (the public page has the full wording). */
export const MEMBERSHIP_BENEFITS_SUMMARY = [
  'Early registration for selected club events',
  'Priority for application-based events such as office tours',
  'Member prices and member-only events',
  'Priority on waitlists and for volunteer roles',
] as const;

/** The club's promise, in its own terms: priority is not a guaranteed place. */
export const PRIORITY_DISCLAIMER =
  'Membership gives you priority access, but it does not guarantee a place at events with limited capacity or a selection.';

function greeting(context: MembershipMailContext): string {
  return `Hi ${context.preferredName},`;
}

function contactBlock(context: MembershipMailContext): Block {
  return {
    kind: 'paragraph',
    text: `Questions? Write to the club at ${context.contactEmail}.`,
  };
}

function membershipRows(context: MembershipMailContext): Array<[string, string]> {
  return [
    ['Member ID', context.memberId ?? 'given at activation'],
    ['Membership', `${context.typeName} (${formatAmount(context.priceCents, context.currency)})`],
    ['Valid', formatValidity(context.validFrom, context.validUntil)],
  ];
}

function compose(subject: string, context: MembershipMailContext, blocks: Block[]): ComposedEmail {
  const { text, html } = render(subject, greeting(context), blocks);
  return { subject, text, html, attachments: [] };
}

/**
 * 'Your membership is active': the member ID, the type, the validity, the benefits and the
 * policy links. `copy` marks the one staff resend (same content, said to be a copy).
 */
export function membershipActivatedEmail(
  context: MembershipMailContext,
  { copy = false }: { copy?: boolean } = {},
): ComposedEmail {
  const subject = `${copy ? 'Copy: ' : ''}Your TCSA membership is active${
    context.memberId ? ` (${context.memberId})` : ''
  }`;
  return compose(subject, context, [
    ...(copy
      ? [
          {
            kind: 'paragraph',
            text: 'The club is sending you this copy of your membership activation email again.',
          } as Block,
        ]
      : []),
    {
      kind: 'paragraph',
      text: 'Welcome to the club! We received your payment and your membership is now active.',
    },
    { kind: 'details', rows: membershipRows(context) },
    {
      kind: 'paragraph',
      text: 'Keep your member ID: you will need it, with your uOttawa email, to register for events as a member.',
    },
    {
      kind: 'paragraph',
      text: `What membership gives you: ${MEMBERSHIP_BENEFITS_SUMMARY.join('; ')}.`,
    },
    { kind: 'paragraph', text: PRIORITY_DISCLAIMER },
    { kind: 'button', label: 'Membership policies', href: membershipLink('/membership/policies') },
    { kind: 'button', label: 'Membership FAQ', href: membershipLink('/membership/faq') },
    contactBlock(context),
  ]);
}

/** The activation email again, as staff resend it: the same content, marked as a copy. */
export function activationEmailCopy(context: MembershipMailContext): ComposedEmail {
  return membershipActivatedEmail(context, { copy: true });
}

/**
 * 'We need to check your payment': what is wrong (`problem`, written for the member), what to do
 * next, and whom to contact.
 */
export function paymentProblemEmail(
  context: MembershipMailContext,
  { problem }: { problem: string },
): ComposedEmail {
  const subject = 'Your TCSA membership payment needs attention';
  return compose(subject, context, [
    {
      kind: 'paragraph',
      text: 'Thank you for your payment. Something does not match, so your membership is on hold until our finance team has checked it.',
    },
    { kind: 'paragraph', text: `What we found: ${problem}` },
    {
      kind: 'details',
      rows: [
        ['Membership', context.typeName],
        ['Amount due', formatAmount(context.priceCents, context.currency)],
        ['Your payment reference', context.paymentReference],
        ['e-Transfer to', context.etransferAddress],
      ],
    },
    {
      kind: 'paragraph',
      text: `What to do: write to ${context.contactEmail} with the date, the amount and the reference of your e-Transfer. If you sent less than the amount due, send the difference by e-Transfer with ${context.paymentReference} in the message; if you sent more, or paid twice, we refund the difference.`,
    },
    contactBlock(context),
  ]);
}

/**
 * What a refund means for the membership: it ended with it, it continues (a partial refund, an
 * overpayment's difference), or the money returned never counted for it (paid twice, a payment
 * not kept).
 */
export type RefundOutcome = 'ended' | 'continues' | 'returned';

const REFUND_OUTCOME_TEXT: Record<RefundOutcome, string> = {
  ended:
    'Your membership has ended with this refund. Your member ID stays yours and is never given to anyone else.',
  continues: 'This refund does not end your membership: it stays as it was.',
  returned:
    'This payment did not count towards your membership, so we sent it back. Your membership is not affected by it.',
};

/** 'Your refund was sent': the amount, the day and what happens to the membership. */
export function refundDoneEmail(
  context: MembershipMailContext,
  {
    amountCents,
    refundedOn,
    outcome = 'ended',
  }: { amountCents: number; refundedOn: string; outcome?: RefundOutcome },
): ComposedEmail {
  const amount = formatAmount(amountCents, context.currency);
  const subject = `Your TCSA membership refund of ${amount}`;
  return compose(subject, context, [
    {
      kind: 'paragraph',
      text: `We sent you a refund of ${amount} on ${formatDay(refundedOn)}. Depending on your bank, it may take a few days to appear.`,
    },
    {
      kind: 'details',
      rows: [
        ['Amount', amount],
        ['Refunded on', formatDay(refundedOn)],
        ...(context.memberId ? ([['Member ID', context.memberId]] as Array<[string, string]>) : []),
      ],
    },
    { kind: 'paragraph', text: REFUND_OUTCOME_TEXT[outcome] },
    contactBlock(context),
  ]);
}

/**
 * 'Your payment was taken back': the bank recalled the e-Transfer (or a cheque bounced), so the
 * membership is on hold in payment review until the member pays again, with their reference.
 */
export function paymentReversedEmail(
  context: MembershipMailContext,
  { amountCents, receivedOn }: { amountCents: number; receivedOn: string },
): ComposedEmail {
  const amount = formatAmount(amountCents, context.currency);
  const subject = 'Your TCSA membership payment was taken back';
  return compose(subject, context, [
    {
      kind: 'paragraph',
      text: `Your payment of ${amount} received on ${formatDay(receivedOn)} was taken back by the bank (a recalled e-Transfer or a returned payment), so the club no longer has it. Your membership is on hold until it is paid again.`,
    },
    {
      kind: 'details',
      rows: [
        ['Membership', context.typeName],
        ['Amount due', formatAmount(context.priceCents, context.currency)],
        ['Your payment reference', context.paymentReference],
        ['e-Transfer to', context.etransferAddress],
        ...(context.memberId ? ([['Member ID', context.memberId]] as Array<[string, string]>) : []),
      ],
    },
    {
      kind: 'paragraph',
      text: `What to do: send the amount due by e-Transfer to ${context.etransferAddress} with ${context.paymentReference} in the message. Once it arrives, your membership is active again with the same member ID. If you think this is a mistake, write to us.`,
    },
    contactBlock(context),
  ]);
}

/** 'Your membership ends soon' (14 days before): the last day and how to renew. */
export function expiryReminderEmail(context: MembershipMailContext): ComposedEmail {
  const until = formatDay(context.validUntil);
  const subject = `Your TCSA membership ends on ${until}`;
  return compose(subject, context, [
    {
      kind: 'paragraph',
      text: `Your membership${context.memberId ? ` ${context.memberId}` : ''} is valid until ${until}. After that day, member registration and member prices are no longer available to you.`,
    },
    {
      kind: 'paragraph',
      text: 'To stay a member, apply for the next membership year on the membership page once it opens: the application takes two minutes, then you pay by e-Transfer as before.',
    },
    { kind: 'button', label: 'Membership page', href: membershipLink('/membership') },
    contactBlock(context),
  ]);
}

/**
 * 'Your application is not paid yet', once, before an unpaid application is cancelled
 * (lib/memberships/unpaid.ts): how to pay, the day it is cancelled, and that doing nothing is
 * fine for someone who changed their mind.
 */
export function unpaidReminderEmail(
  context: MembershipMailContext,
  { cancelAt }: { cancelAt: Date },
): ComposedEmail {
  const amount = formatAmount(context.priceCents, context.currency);
  const day = formatDay(clubDate(cancelAt));
  const subject = 'Your TCSA membership application is not paid yet';
  return compose(subject, context, [
    {
      kind: 'paragraph',
      text: `We have not received the payment for your ${context.typeName} membership application yet. If it has not arrived by ${day}, your application is cancelled.`,
    },
    {
      kind: 'details',
      rows: [
        ['Amount', amount],
        ['Send an Interac e-Transfer to', context.etransferAddress],
        ['Put this reference in the message', context.paymentReference],
      ],
    },
    { kind: 'paragraph', text: context.etransferInstructions },
    {
      kind: 'paragraph',
      text: 'Already sent it? Then nothing is needed: our finance team confirms it and emails you. Changed your mind? Nothing is needed either: the application is cancelled on that day and you owe nothing.',
    },
    contactBlock(context),
  ]);
}

/** 'Your application was cancelled': no payment came within the period; applying again is open. */
export function unpaidCancelledEmail(
  context: MembershipMailContext,
  { periodDays }: { periodDays: number },
): ComposedEmail {
  const subject = 'Your TCSA membership application was cancelled';
  return compose(subject, context, [
    {
      kind: 'paragraph',
      text: `We did not receive a payment within ${periodDays} days of your ${context.typeName} membership application, so it is now cancelled. You owe nothing.`,
    },
    {
      kind: 'paragraph',
      text: `Did you send an e-Transfer that we have not matched yet? Write to ${context.contactEmail} with its date and your payment reference ${context.paymentReference}: we will sort it out.`,
    },
    {
      kind: 'paragraph',
      text: 'Still want to become a member? Apply again on the membership page while applications are open, then pay by e-Transfer with the new payment reference.',
    },
    { kind: 'button', label: 'Membership page', href: membershipLink('/membership') },
    contactBlock(context),
  ]);
}

/**
 * 'Your membership is suspended', queued by the coordinator's suspension in its transaction
 * (lib/memberships/status.ts): the dates, the reason the coordinator wrote (the form says the
 * member reads it), what it means at events, when it ends, and whom to write to. Only ever to
 * the membership's own uOttawa address.
 */
export function membershipSuspendedEmail(
  context: MembershipMailContext,
  suspension: { from: string; until: string | null; reason: string },
): ComposedEmail {
  const subject = 'TCSA membership: your membership is suspended';
  const from = formatDay(suspension.from);
  const period = suspension.until
    ? `from ${from} until ${formatDay(suspension.until)} (included)`
    : `from ${from} until further notice`;
  return compose(subject, context, [
    {
      kind: 'paragraph',
      text: `Your TCSA membership${context.memberId ? ` ${context.memberId}` : ''} is suspended ${period}.`,
    },
    {
      kind: 'details',
      rows: [
        ...(context.memberId ? ([['Member ID', context.memberId]] as Array<[string, string]>) : []),
        ['Suspended from', from],
        [
          'Suspended until',
          suspension.until ? formatDay(suspension.until) : 'Until further notice',
        ],
        ['Reason', suspension.reason],
      ],
    },
    {
      kind: 'paragraph',
      text: `What this means: ${
        suspension.until ? 'until the suspension ends' : 'while it lasts'
      }, you cannot take member places or member prices at events, and registering with your member ID is not accepted. You can still register for events open to the public like anyone else.`,
    },
    {
      kind: 'paragraph',
      text: !suspension.until
        ? `Your membership stays valid until ${formatDay(context.validUntil)} and your member ID does not change; we email you when the suspension is lifted.`
        : suspension.until >= context.validUntil
          ? `The suspension lasts until your membership ends on ${formatDay(context.validUntil)}. Your member ID does not change.`
          : `On ${formatDay(addDays(suspension.until, 1))} your membership is active again by itself. It stays valid until ${formatDay(context.validUntil)} as before, and your member ID does not change.`,
    },
    {
      kind: 'paragraph',
      text: `Questions, or think this is a mistake? Write to the membership coordinator at ${context.contactEmail}.`,
    },
  ]);
}

/**
 * 'Your membership is active again': the suspension was lifted early by the coordinator, or
 * ended by itself after its last day (lib/memberships/expiry.ts).
 */
export function suspensionEndedEmail(
  context: MembershipMailContext,
  ending: { early: true; on: string } | { early: false; lastDay: string },
): ComposedEmail {
  const subject = 'TCSA membership: your membership is active again';
  return compose(subject, context, [
    {
      kind: 'paragraph',
      text: ending.early
        ? `The club lifted the suspension of your membership${context.memberId ? ` ${context.memberId}` : ''} on ${formatDay(ending.on)}: it is active again.`
        : `The suspension of your membership${context.memberId ? ` ${context.memberId}` : ''} has ended (its last day was ${formatDay(ending.lastDay)}): it is active again.`,
    },
    {
      kind: 'paragraph',
      text: `You can again register as a member with your member ID and uOttawa email, and take member places and member prices at events, until your membership ends on ${formatDay(context.validUntil)}.`,
    },
    {
      kind: 'paragraph',
      text: `Questions? Write to the membership coordinator at ${context.contactEmail}.`,
    },
  ]);
}
