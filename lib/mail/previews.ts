import 'server-only';
import QRCode from 'qrcode';
import type { Event } from '@/lib/db/schema';
import { siteUrl } from '@/lib/env/public';
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
} satisfies Record<string, { title: string; compose: () => Promise<EmailPreview[]> }>;

export type EmailPreviewGroup = keyof typeof EMAIL_PREVIEWS;

export function isEmailPreviewGroup(value: string): value is EmailPreviewGroup {
  return Object.hasOwn(EMAIL_PREVIEWS, value);
}
