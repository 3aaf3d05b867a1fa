import 'server-only';
import QRCode from 'qrcode';
import type { Event } from '@/lib/db/schema';
import { siteUrl } from '@/lib/env/public';
import { clubDate } from '@/lib/db/time';
import { announcementEmail } from '@/lib/memberships/announcements';
import {
  activationEmailCopy,
  expiryReminderEmail,
  type MembershipMailContext,
  membershipActivatedEmail,
  membershipSuspendedEmail,
  membershipWords,
  paymentProblemEmail,
  paymentReversedEmail,
  refundDoneEmail,
  type RefundOutcome,
  suspensionEndedEmail,
  unpaidCancelledEmail,
  unpaidReminderEmail,
} from '@/lib/memberships/emails';
import { etransferInstructionsFor } from '@/lib/memberships/instructions';
import {
  alreadyAppliedEmail,
  applicationReceivedEmail,
  changeRequestConfirmEmail,
  confirmationLinkEmail,
  DEFAULT_NEXT_STEPS,
  memberCheckNoticeEmail,
  type MemberCheckReason,
  memberIdEmail,
} from '@/lib/memberships/public-emails';
import {
  accountLinkEmail,
  cancelledEmail,
  type ComposedEmail,
  confirmedEmail,
  consoleWords,
  declinedEmail,
  manageLinkAgainEmail,
  type RegistrationMailContext,
  reviewReceivedEmail,
  waitlistedEmail,
} from './templates';

/**
 * The emails the server sends, composed from sample data with the editors' texts (their drafts in
 * preview mode): what the Studio shows beside an emails' texts document, so an editor sees each
 * email as a person receives it before publishing a change to its words.
 */

export type EmailPreview = { label: string; email: ComposedEmail };

/** A sample event a week from now: the same for every email of a preview (and their tests). */
export function sampleEvent(): Event {
  const startsAt = new Date(Date.now() + 7 * 86_400_000);
  startsAt.setUTCHours(23, 30, 0, 0);
  return {
    id: 0,
    title: 'Networking Night with Telfer Alumni',
    description: null,
    startsAt,
    duration: '2 hours',
    location: 'Desmarais Hall, room 12',
    organizer: 'TCSA',
    posterImg: null,
    thumbnailLink: null,
    capacity: 60,
    createdAt: new Date(),
    cancelledAt: null,
    registrationOpensAt: null,
    registrationClosesAt: null,
    waitlistEnabled: true,
    autoPromote: true,
    requiresReview: false,
    cancellationCutoffHours: 24,
    memberPlaces: 0,
    staffPlaces: 0,
    membersOnly: false,
    memberRegistrationOpensAt: null,
    requiresDeposit: false,
    category: null,
    publishedAt: new Date(),
    unannouncedChanges: null,
  };
}

function sampleRegistration(): RegistrationMailContext {
  return {
    event: sampleEvent(),
    person: { firstName: 'Mei' },
    manageUrl: new URL('/registrations/sample-link', siteUrl()).toString(),
    checkInUrl: new URL('/admin/check-in/0', siteUrl()).toString(),
    waitlistPosition: 3,
    reason: 'The event is for first-year students.',
    answers: [['Dietary needs', 'Vegetarian']],
  };
}

/**
 * A sample membership of this membership year (September to August): the same for every email
 * of the membership preview and its tests. The e-Transfer instructions stand for the year's, which
 * the club's settings hold.
 */
export function sampleMembership(): MembershipMailContext {
  const [year, month] = clubDate(new Date()).split('-').map(Number) as [number, number];
  const start = month >= 9 ? year : year - 1;
  const context = {
    membershipId: 0,
    to: 'mei.chen@uottawa.ca',
    preferredName: 'Mei',
    memberId: `TCSA-${String(start % 100).padStart(2, '0')}-0042`,
    typeName: 'Regular',
    priceCents: 2500,
    currency: 'CAD',
    validFrom: `${start}-09-01`,
    validUntil: `${start + 1}-08-31`,
    paymentReference: `M${String(start % 100).padStart(2, '0')}-7KQ4XW`,
    etransferAddress: 'payments@tcsa.example',
    contactEmail: 'membership@tcsa.example',
  };
  return {
    ...context,
    etransferInstructions: etransferInstructionsFor(
      {
        etransferAddress: context.etransferAddress,
        etransferInstructions:
          'Send an Interac e-Transfer of exactly {amount} to {address}. Put {reference} in the message, and nothing else.',
      },
      {
        amountCents: context.priceCents,
        currency: context.currency,
        reference: context.paymentReference,
      },
    ),
  };
}

/** What staff or the member wrote, in the membership preview: sample data like the names. */
export const SAMPLE_MEMBERSHIP_WORDS = {
  problem:
    'When we recorded your payment, we received CA$20.00, but your membership costs CA$25.00.',
  suspensionReason: 'Repeated no-shows at events with limited places.',
  changes: 'My preferred name is Mei Lin now.',
  announcementSubject: 'Mid-Autumn Festival dinner',
  announcementBody: 'Join us for mooncakes and lanterns on Friday.\n\nMembers eat for free.',
};

/** Each refund a member can be told of: what it means for the membership, and an amount. */
const REFUND_PREVIEWS = [
  ['ended', 'Refund sent, membership ended', 2500],
  ['continues', 'Refund sent, membership continues', 500],
  ['returned', 'Refund sent, payment never counted', 2500],
] as const satisfies ReadonlyArray<readonly [RefundOutcome, string, number]>;

/** Each reason a member check refuses a member (a suspension with an end, or without). */
const REFUSAL_PREVIEWS = [
  ['suspended', 'Member check refused: suspended', true],
  ['suspended', 'Member check refused: suspended until further notice', false],
  ['not_active', 'Member check refused: not active yet', false],
  ['expired', 'Member check refused: expired', false],
  ['ended', 'Member check refused: ended', false],
  ['not_valid_on_event_date', 'Member check refused: not valid on the event’s day', false],
] as const satisfies ReadonlyArray<readonly [MemberCheckReason, string, boolean]>;

/** The preview's HTML with the QR code drawn in place (an email carries it as an attachment). */
export async function previewHtml(email: ComposedEmail): Promise<string> {
  let html = email.html;
  for (const attachment of email.attachments) {
    if (attachment.cid && attachment.qrCodeOf) {
      const dataUrl = await QRCode.toDataURL(attachment.qrCodeOf, { width: 180, margin: 2 });
      html = html.replaceAll(`cid:${attachment.cid}`, dataUrl);
    }
  }
  return html;
}

/** Each group of emails whose words are one texts document of the Studio. */
export const EMAIL_PREVIEWS = {
  registration: {
    title: 'Emails about event registrations',
    compose: async (): Promise<EmailPreview[]> => {
      const context = sampleRegistration();
      return [
        { label: 'Registered', email: await confirmedEmail(context) },
        {
          label: 'Off the waitlist',
          email: await confirmedEmail(context, { promoted: true }),
        },
        { label: 'On the waitlist', email: await waitlistedEmail(context) },
        { label: 'Awaiting review', email: await reviewReceivedEmail(context) },
        { label: 'Declined', email: await declinedEmail(context) },
        { label: 'Cancelled', email: await cancelledEmail(context) },
        { label: 'Link sent again', email: await manageLinkAgainEmail(context) },
      ];
    },
  },
  console: {
    title: 'Emails to the club’s executives',
    compose: async (): Promise<EmailPreview[]> => {
      const words = await consoleWords();
      // The links' lifetimes are LINK_LIFETIME_MS's (lib/auth/one-time-links.ts, a layer above).
      return [
        {
          label: 'Invitation to the console',
          email: accountLinkEmail(words, {
            kind: 'invite',
            name: 'Mei',
            role: 'coordinator',
            url: new URL('/admin/welcome?token=sample-link', siteUrl()).toString(),
            validForHours: 7 * 24,
          }),
        },
        {
          label: 'Password reset',
          email: accountLinkEmail(words, {
            kind: 'reset',
            name: 'Mei',
            url: new URL('/admin/reset-password?token=sample-link', siteUrl()).toString(),
            validForHours: 24,
          }),
        },
      ];
    },
  },
  membership: {
    title: 'Emails about memberships',
    compose: async (): Promise<EmailPreview[]> => {
      const context = sampleMembership();
      const sample = SAMPLE_MEMBERSHIP_WORDS;
      const link = (path: string) => new URL(path, siteUrl()).toString();
      const { validFrom, validUntil } = context;
      const year = Number(validFrom.slice(0, 4));
      // The 15th, `months` months into the membership year (which starts in September).
      const dayIn = (months: number) => {
        const month = 9 + months;
        return `${year + (month > 12 ? 1 : 0)}-${String(((month - 1) % 12) + 1).padStart(2, '0')}-15`;
      };
      const refusal = {
        suspendedUntil: null,
        validFrom,
        validUntil,
        eventTitle: sampleEvent().title!,
      };
      const cancelAt = new Date(`${dayIn(1)}T17:00:00Z`);
      const refunds = await Promise.all(
        REFUND_PREVIEWS.map(async ([outcome, label, amountCents]) => ({
          label,
          email: await refundDoneEmail(context, { amountCents, refundedOn: dayIn(2), outcome }),
        })),
      );
      const refusals = await Promise.all(
        REFUSAL_PREVIEWS.map(async ([reason, label, suspended]) => ({
          label,
          email: await memberCheckNoticeEmail(context, {
            ...refusal,
            reason,
            suspendedUntil: suspended ? dayIn(6) : null,
          }),
        })),
      );
      return [
        {
          label: 'Confirm your address',
          email: await confirmationLinkEmail(context, link('/membership/confirm/sample-link')),
        },
        {
          label: 'Application received',
          email: await applicationReceivedEmail(context, { nextSteps: DEFAULT_NEXT_STEPS }),
        },
        {
          label: 'Applied again, not paid yet',
          email: await alreadyAppliedEmail({ ...context, memberId: null, status: 'pending', year }),
        },
        {
          label: 'Applied again, a member',
          email: await alreadyAppliedEmail({ ...context, status: 'active', year }),
        },
        {
          label: 'Unpaid application: reminder',
          email: await unpaidReminderEmail(context, { cancelAt }),
        },
        {
          label: 'Unpaid application: cancelled',
          email: await unpaidCancelledEmail(context, { periodDays: 14 }),
        },
        { label: 'Membership active', email: await membershipActivatedEmail(context) },
        {
          label: 'Membership active, sent again by staff',
          email: await activationEmailCopy(context),
        },
        {
          label: 'Payment problem, found by finance',
          email: await paymentProblemEmail(context, { problem: sample.problem }),
        },
        {
          label: 'Payment problem, found on recording it',
          email: await paymentProblemEmail(context, {
            problem: [
              { kind: 'stillOwed', amount: 'CA$20.00', owed: 'CA$5.00', price: 'CA$25.00' },
              { kind: 'referenceUsed' },
            ],
          }),
        },
        {
          label: 'Payment problem, a wrong amount',
          email: await paymentProblemEmail(context, {
            problem: [{ kind: 'costs', amount: 'CA$20.00', price: 'CA$25.00' }],
          }),
        },
        {
          label: 'Payment problem, paid when nothing was owed',
          email: await paymentProblemEmail(context, {
            problem: [{ kind: 'alreadyPaid', amount: 'CA$25.00', price: 'CA$25.00' }],
          }),
        },
        {
          label: 'Payment taken back',
          email: await paymentReversedEmail(context, { amountCents: 2500, receivedOn: dayIn(0) }),
        },
        ...refunds,
        {
          label: 'Your member ID',
          email: await memberIdEmail({ ...context, status: 'active' }),
        },
        {
          label: 'Change request',
          email: await changeRequestConfirmEmail({
            name: context.preferredName,
            changes: sample.changes,
            matched: true,
            confirmUrl: link('/membership/change/sample-link'),
          }),
        },
        {
          label: 'Change request, no membership matched',
          email: await changeRequestConfirmEmail({
            name: context.preferredName,
            changes: sample.changes,
            matched: false,
            confirmUrl: link('/membership/change/sample-link'),
          }),
        },
        ...refusals,
        {
          label: 'Suspended, with an end',
          email: await membershipSuspendedEmail(context, {
            from: dayIn(3),
            until: dayIn(5),
            reason: sample.suspensionReason,
          }),
        },
        {
          label: 'Suspended until the membership ends',
          email: await membershipSuspendedEmail(context, {
            from: dayIn(3),
            until: validUntil,
            reason: sample.suspensionReason,
          }),
        },
        {
          label: 'Suspended until further notice',
          email: await membershipSuspendedEmail(context, {
            from: dayIn(3),
            until: null,
            reason: sample.suspensionReason,
          }),
        },
        {
          label: 'Suspension lifted early',
          email: await suspensionEndedEmail(context, { early: true, on: dayIn(4) }),
        },
        {
          label: 'Suspension ended',
          email: await suspensionEndedEmail(context, { early: false, lastDay: dayIn(5) }),
        },
        { label: 'Membership ends soon', email: await expiryReminderEmail(context) },
        {
          label: 'Announcement',
          email: announcementEmail(
            await membershipWords(),
            {
              preferredName: context.preferredName,
              unsubscribeUrl: link('/membership/unsubscribe?token=sample-link'),
            },
            { subject: sample.announcementSubject, body: sample.announcementBody },
          ),
        },
      ];
    },
  },
} satisfies Record<string, { title: string; compose: () => Promise<EmailPreview[]> }>;

export type EmailPreviewGroup = keyof typeof EMAIL_PREVIEWS;

export function isEmailPreviewGroup(value: string): value is EmailPreviewGroup {
  return Object.hasOwn(EMAIL_PREVIEWS, value);
}
