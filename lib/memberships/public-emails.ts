import 'server-only';
import { type ComposedEmail, render } from '@/lib/mail/templates';
import { formatAmount, formatValidity } from './format';
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
