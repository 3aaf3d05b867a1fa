import 'server-only';
import type { ComposedEmail } from '@/lib/mail/templates';
import { fillCopy } from '@/lib/copy/fill';
import { formatAmount, formatDay } from './format';
import type { MembershipStatus } from './statuses';
import {
  composeMembershipEmail,
  type MembershipMailContext,
  membershipLink,
  membershipWords,
  statusWord,
  validityWords,
} from './emails';

/**
 * The emails of the public membership pages: 'Application received' (status, how to pay, what
 * happens next) and 'Your member ID' (the forgotten-ID form). Drawn in the club's layout
 * (lib/mail/templates.ts) from the same context as the console's membership emails, in the
 * editors' words ('Emails about memberships').
 */

/** What happens once the e-Transfer arrives: the membership page's words, passed in by the caller. */
export type ReceivedEmailWords = { nextSteps: string };

export const DEFAULT_NEXT_STEPS =
  'The club checks incoming e-Transfers, usually within three school days. Once your payment is confirmed, your membership becomes active and we email you your member ID.';

/** 'We received your application': the status, the reference, the amount, where and how to pay. */
export async function applicationReceivedEmail(
  context: MembershipMailContext,
  received: ReceivedEmailWords = { nextSteps: DEFAULT_NEXT_STEPS },
): Promise<ComposedEmail> {
  const words = await membershipWords();
  const subject = fillCopy(words.receivedSubject, { reference: context.paymentReference });
  const amount = formatAmount(context.priceCents, context.currency);
  return composeMembershipEmail(words, context.preferredName, subject, [
    { kind: 'paragraph', text: words.receivedLead },
    {
      kind: 'details',
      rows: [
        [words.detailStatus, words.receivedStatus],
        [words.detailMembership, context.typeName],
        [words.detailValid, validityWords(words, context.validFrom, context.validUntil)],
        [words.detailAmount, amount],
        [words.detailSendTo, context.etransferAddress],
        [words.detailPutReference, context.paymentReference],
      ],
    },
    {
      kind: 'paragraph',
      text: fillCopy(words.receivedHowToPay, {
        amount,
        etransferAddress: context.etransferAddress,
        reference: context.paymentReference,
      }),
    },
    // The year's instructions are the club settings' (data), not the emails' texts.
    { kind: 'paragraph', text: context.etransferInstructions },
    { kind: 'paragraph', text: fillCopy(words.receivedNext, { nextSteps: received.nextSteps }) },
    {
      kind: 'button',
      label: words.policiesButton,
      href: membershipLink('/membership/policies'),
    },
    {
      kind: 'paragraph',
      text: fillCopy(words.receivedQuestions, { email: context.contactEmail }),
    },
  ]);
}

/** 'Your member ID', sent to the uOttawa email of an active or expired membership on request. */
export async function memberIdEmail(
  context: MembershipMailContext & { status: string },
): Promise<ComposedEmail> {
  const words = await membershipWords();
  return composeMembershipEmail(words, context.preferredName, words.memberIdSubject, [
    { kind: 'paragraph', text: words.memberIdLead },
    {
      kind: 'details',
      rows: [
        [words.detailMemberId, context.memberId ?? ''],
        [words.detailMembership, context.typeName],
        [words.detailValid, validityWords(words, context.validFrom, context.validUntil)],
        [words.detailStatus, statusWord(words, context.status === 'active' ? 'active' : 'expired')],
      ],
    },
    { kind: 'paragraph', text: words.memberIdUse },
    {
      kind: 'paragraph',
      text: fillCopy(words.memberIdNotAsked, { email: context.contactEmail }),
    },
  ]);
}

/** How long a link to confirm an application's uOttawa address stays valid. */
export const CONFIRMATION_LINK_HOURS = 48;

/**
 * 'Confirm your uOttawa email': the link that makes the application count. Nothing else about
 * the application (no reference, no amount): the payment instructions come once it is confirmed.
 */
export async function confirmationLinkEmail(
  context: MembershipMailContext,
  confirmUrl: string,
): Promise<ComposedEmail> {
  const words = await membershipWords();
  return composeMembershipEmail(words, context.preferredName, words.confirmSubject, [
    {
      kind: 'paragraph',
      text: fillCopy(words.confirmLead, {
        type: context.typeName,
        hours: CONFIRMATION_LINK_HOURS,
      }),
    },
    { kind: 'button', label: words.confirmButton, href: confirmUrl },
    {
      kind: 'paragraph',
      text: fillCopy(words.confirmExpired, { email: context.contactEmail }),
    },
  ]);
}

/**
 * To the address of an existing membership when someone applies again with it (or confirms a
 * second application for it): the application there is, its status, and how to find the member
 * ID. Sent only to that address, which is what makes it safe to say.
 */
export async function alreadyAppliedEmail(
  context: MembershipMailContext & { status: MembershipStatus; year: number },
): Promise<ComposedEmail> {
  const words = await membershipWords();
  const years = `${context.year}–${String((context.year + 1) % 100).padStart(2, '0')}`;
  const email = context.contactEmail;
  return composeMembershipEmail(words, context.preferredName, words.alreadySubject, [
    { kind: 'paragraph', text: fillCopy(words.alreadyLead, { years }) },
    {
      kind: 'details',
      rows: [
        [words.detailMembership, context.typeName],
        [words.detailStatus, statusWord(words, context.status)],
        [words.detailValid, validityWords(words, context.validFrom, context.validUntil)],
      ],
    },
    {
      kind: 'paragraph',
      text: context.memberId
        ? fillCopy(words.alreadyMemberId, { memberId: context.memberId })
        : words.alreadyNoMemberId,
    },
    {
      kind: 'paragraph',
      text: fillCopy(context.status === 'pending' ? words.alreadyPending : words.alreadyChange, {
        email,
      }),
    },
    { kind: 'paragraph', text: words.alreadyNotYou },
  ]);
}

/** Why a member check at registration refused a right member ID and email. */
export type MemberCheckReason =
  'suspended' | 'not_active' | 'expired' | 'ended' | 'not_valid_on_event_date';

/**
 * To the membership's own address, when its member ID and email were used to register for an
 * event and refused: the reason, which the registration page never says (it answers as for a
 * wrong pair, so a stranger who knows the address learns nothing).
 */
export async function memberCheckNoticeEmail(
  context: MembershipMailContext,
  refusal: {
    reason: MemberCheckReason;
    suspendedUntil: string | null;
    validFrom: string;
    validUntil: string;
    eventTitle: string;
  },
): Promise<ComposedEmail> {
  const words = await membershipWords();
  const why = (): string => {
    switch (refusal.reason) {
      case 'suspended':
        return refusal.suspendedUntil
          ? fillCopy(words.checkSuspendedUntil, { until: formatDay(refusal.suspendedUntil) })
          : words.checkSuspended;
      case 'not_active':
        return words.checkNotActive;
      case 'expired':
        return fillCopy(words.checkExpired, { until: formatDay(refusal.validUntil) });
      case 'ended':
        return words.checkEnded;
      case 'not_valid_on_event_date':
        return fillCopy(words.checkNotOnEventDay, {
          from: formatDay(refusal.validFrom),
          until: formatDay(refusal.validUntil),
        });
    }
  };
  return composeMembershipEmail(words, context.preferredName, words.checkSubject, [
    { kind: 'paragraph', text: fillCopy(words.checkLead, { title: refusal.eventTitle }) },
    { kind: 'paragraph', text: why() },
    { kind: 'paragraph', text: fillCopy(words.checkMistake, { email: context.contactEmail }) },
  ]);
}

/** How long a link to confirm a change request stays valid, from the request's arrival. */
export const CHANGE_REQUEST_LINK_HOURS = 48;

/**
 * 'Confirm your change request': to the uOttawa address of the membership the request names (or
 * to the address typed, when no membership matched, which it says). The request reaches the
 * membership coordinator as the member's once the link is opened and confirmed, so a stranger
 * who knows a member's ID and address cannot speak for them. The email repeats what was asked:
 * the member confirms what they read, not a request someone else wrote.
 */
export async function changeRequestConfirmEmail(request: {
  name: string;
  changes: string;
  matched: boolean;
  confirmUrl: string;
}): Promise<ComposedEmail> {
  const words = await membershipWords();
  const hours = CHANGE_REQUEST_LINK_HOURS;
  return composeMembershipEmail(words, request.name, words.changeSubject, [
    {
      kind: 'paragraph',
      text: fillCopy(request.matched ? words.changeLead : words.changeLeadUnmatched, { hours }),
    },
    { kind: 'details', rows: [[words.changeWhat, request.changes]] },
    { kind: 'button', label: words.changeButton, href: request.confirmUrl },
    {
      kind: 'paragraph',
      text: request.matched ? words.changeNotYou : words.changeNotYouUnmatched,
    },
  ]);
}
