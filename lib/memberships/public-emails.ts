import 'server-only';
import { type ComposedEmail, render } from '@/lib/mail/templates';
import { formatAmount, formatDay, formatValidity } from './format';
import { MEMBERSHIP_STATUS_NAMES, type MembershipStatus } from './statuses';
import { type MembershipMailContext, membershipLink } from './emails';

/**
 * The emails of the public membership pages: 'Application received' (status, how to pay, what
 * happens next) and 'Your member ID' (the forgotten-ID form). Drawn in the club's layout
 * (lib/mail/templates.ts) from the same context as the console's membership emails.
 */

/** What happens once the e-Transfer arrives: the membership page's words, passed in by the caller. */
export type ReceivedEmailWords = { nextSteps: string };

export const DEFAULT_NEXT_STEPS =
  'The club checks incoming e-Transfers, usually within three school days. Once your payment is confirmed, your membership becomes active and we email you your member ID.';

/** 'We received your application': the status, the reference, the amount, where and how to pay. */
export function applicationReceivedEmail(
  context: MembershipMailContext,
  words: ReceivedEmailWords = { nextSteps: DEFAULT_NEXT_STEPS },
): ComposedEmail {
  const subject = `TCSA membership: application received (${context.paymentReference})`;
  const amount = formatAmount(context.priceCents, context.currency);
  const { text, html } = render(subject, `Hi ${context.preferredName},`, [
    {
      kind: 'paragraph',
      text: 'Thank you for applying to become a TCSA member. Your application is received and pending: it becomes active once the club confirms your payment.',
    },
    {
      kind: 'details',
      rows: [
        ['Status', 'Pending payment'],
        ['Membership', context.typeName],
        ['Valid', formatValidity(context.validFrom, context.validUntil)],
        ['Amount', amount],
        ['Send an Interac e-Transfer to', context.etransferAddress],
        ['Put this reference in the message', context.paymentReference],
      ],
    },
    {
      kind: 'paragraph',
      text: `How to pay: send ${amount} by Interac e-Transfer to ${context.etransferAddress}, with ${context.paymentReference} in the e-Transfer message so we can match it to your application.`,
    },
    { kind: 'paragraph', text: context.etransferInstructions },
    { kind: 'paragraph', text: `What happens next: ${words.nextSteps}` },
    { kind: 'button', label: 'Membership policies', href: membershipLink('/membership/policies') },
    {
      kind: 'paragraph',
      text: `Questions? Write to the club at ${context.contactEmail}. If you did not apply, you can ignore this email: nothing happens without a payment.`,
    },
  ]);
  return { subject, text, html, attachments: [] };
}

/** 'Your member ID', sent to the uOttawa email of an active or expired membership on request. */
export function memberIdEmail(context: MembershipMailContext & { status: string }): ComposedEmail {
  const subject = 'Your TCSA member ID';
  const { text, html } = render(subject, `Hi ${context.preferredName},`, [
    {
      kind: 'paragraph',
      text: 'You asked for your TCSA member ID on our website. Here it is:',
    },
    {
      kind: 'details',
      rows: [
        ['Member ID', context.memberId ?? ''],
        ['Membership', context.typeName],
        ['Valid', formatValidity(context.validFrom, context.validUntil)],
        ['Status', context.status === 'active' ? 'Active' : 'Expired'],
      ],
    },
    {
      kind: 'paragraph',
      text: 'Use it with your uOttawa email to register for events as a member.',
    },
    {
      kind: 'paragraph',
      text: `Did not ask for it? Nothing changes: the ID is only ever sent to this address. Questions? Write to the club at ${context.contactEmail}.`,
    },
  ]);
  return { subject, text, html, attachments: [] };
}

/** How long a link to confirm an application's uOttawa address stays valid. */
export const CONFIRMATION_LINK_HOURS = 48;

/**
 * 'Confirm your uOttawa email': the link that makes the application count. Nothing else about
 * the application (no reference, no amount): the payment instructions come once it is confirmed.
 */
export function confirmationLinkEmail(
  context: MembershipMailContext,
  confirmUrl: string,
): ComposedEmail {
  const subject = 'TCSA membership: confirm your uOttawa email';
  const { text, html } = render(subject, `Hi ${context.preferredName},`, [
    {
      kind: 'paragraph',
      text: `Thank you for applying to become a TCSA member (${context.typeName}). Your application counts once you confirm that this uOttawa email is yours: open the link below within ${CONFIRMATION_LINK_HOURS} hours. It then shows you how to pay, and we email you the same instructions.`,
    },
    { kind: 'button', label: 'Confirm my application', href: confirmUrl },
    {
      kind: 'paragraph',
      text: `The link expired? Apply again on the membership page with the same uOttawa email: we send you a new link. If you did not apply, ignore this email: nothing happens unless the link is opened. Questions? Write to the club at ${context.contactEmail}.`,
    },
  ]);
  return { subject, text, html, attachments: [] };
}

/**
 * To the address of an existing membership when someone applies again with it (or confirms a
 * second application for it): the application there is, its status, and how to find the member
 * ID. Sent only to that address, which is what makes it safe to say.
 */
export function alreadyAppliedEmail(
  context: MembershipMailContext & { status: MembershipStatus; year: number },
): ComposedEmail {
  const subject = 'TCSA membership: you have already applied';
  const years = `${context.year}–${String((context.year + 1) % 100).padStart(2, '0')}`;
  const memberIdWords = context.memberId
    ? `Your member ID is ${context.memberId}. You can also have it emailed to you with ‘I forgot my member ID’ on the membership page.`
    : 'Your member ID is given when the club confirms your payment: we email it to you then. Afterwards, ‘I forgot my member ID’ on the membership page sends it to this address again.';
  const { text, html } = render(subject, `Hi ${context.preferredName},`, [
    {
      kind: 'paragraph',
      text: `Someone, probably you, applied for a TCSA membership with this uOttawa email. This address already has a membership application for the ${years} membership year, so we did not make a second one.`,
    },
    {
      kind: 'details',
      rows: [
        ['Membership', context.typeName],
        ['Status', MEMBERSHIP_STATUS_NAMES[context.status]],
        ['Valid', formatValidity(context.validFrom, context.validUntil)],
      ],
    },
    { kind: 'paragraph', text: memberIdWords },
    {
      kind: 'paragraph',
      text:
        context.status === 'pending'
          ? `Not paid yet? The payment instructions are in the email we sent when you confirmed your application. Lost it, or want to change something? Write to the membership coordinator through ‘Change my details’ on the membership page, or to the club at ${context.contactEmail}.`
          : `Want to change something? Write to the membership coordinator through ‘Change my details’ on the membership page, or to the club at ${context.contactEmail}.`,
    },
    {
      kind: 'paragraph',
      text: 'Did not apply again? You can ignore this email: nothing changes.',
    },
  ]);
  return { subject, text, html, attachments: [] };
}

/** Why a member check at registration refused a right member ID and email. */
export type MemberCheckReason =
  'suspended' | 'not_active' | 'expired' | 'ended' | 'not_valid_on_event_date';

/**
 * To the membership's own address, when its member ID and email were used to register for an
 * event and refused: the reason, which the registration page never says (it answers as for a
 * wrong pair, so a stranger who knows the address learns nothing).
 */
export function memberCheckNoticeEmail(
  context: MembershipMailContext,
  refusal: {
    reason: MemberCheckReason;
    suspendedUntil: string | null;
    validFrom: string;
    validUntil: string;
    eventTitle: string;
  },
): ComposedEmail {
  const subject = 'TCSA membership: your member registration was not accepted';
  const why: Record<MemberCheckReason, string> = {
    suspended: `Your membership is suspended${refusal.suspendedUntil ? ` until ${formatDay(refusal.suspendedUntil)}` : ''}, so you cannot take a member place now.`,
    not_active:
      'Your membership is not active yet: it becomes active once the club has confirmed your payment.',
    expired: `Your membership ended on ${formatDay(refusal.validUntil)}. Renew it on the membership page to register as a member.`,
    ended: 'This membership is no longer active.',
    not_valid_on_event_date: `Your membership is valid from ${formatDay(refusal.validFrom)} to ${formatDay(refusal.validUntil)}, which does not cover the day of this event.`,
  };
  const { text, html } = render(subject, `Hi ${context.preferredName},`, [
    {
      kind: 'paragraph',
      text: `Your member ID and uOttawa email were just used to register as a member for ${refusal.eventTitle}, and the member place was refused. The registration page only says that the ID and email do not match an active membership; here is why.`,
    },
    { kind: 'paragraph', text: why[refusal.reason] },
    {
      kind: 'paragraph',
      text: `If you think this is a mistake, write to the membership coordinator at ${context.contactEmail}. Was it not you? Nothing was registered with your membership. We send this email at most once an hour.`,
    },
  ]);
  return { subject, text, html, attachments: [] };
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
export function changeRequestConfirmEmail(request: {
  name: string;
  changes: string;
  matched: boolean;
  confirmUrl: string;
}): ComposedEmail {
  const subject = 'TCSA membership: confirm your change request';
  const { text, html } = render(subject, `Hi ${request.name},`, [
    {
      kind: 'paragraph',
      text: request.matched
        ? `Someone, probably you, asked the TCSA membership coordinator to change the details of the membership of this uOttawa email. The request reaches the coordinator once you confirm it: open the link below within ${CHANGE_REQUEST_LINK_HOURS} hours.`
        : `Someone, probably you, asked the TCSA membership coordinator to change the details of a membership with this uOttawa email. No membership matched the member ID and email given, so the coordinator will have to look for it. The request reaches the coordinator once you confirm it: open the link below within ${CHANGE_REQUEST_LINK_HOURS} hours.`,
    },
    { kind: 'details', rows: [['What to change', request.changes]] },
    { kind: 'button', label: 'Confirm my request', href: request.confirmUrl },
    {
      kind: 'paragraph',
      text: request.matched
        ? 'Did not ask for this? Do not open the link: nothing changes unless it is confirmed.'
        : 'Did not ask for this? Do not open the link: nothing changes unless it is confirmed. Lost your member ID? Use ‘I forgot my member ID’ on the membership page.',
    },
  ]);
  return { subject, text, html, attachments: [] };
}
