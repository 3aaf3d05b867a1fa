import 'server-only';
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import {
  type Event,
  type EventRegistration,
  eventRegistrations,
  events,
  memberships,
} from '@/lib/db/schema';
import { siteUrl } from '@/lib/env/public';
import { queueEmail, type Queryable } from '@/lib/mail/outbox';
import {
  type ComposedEmail,
  type RegistrationMailContext,
  cancelledEmail,
  confirmedEmail,
  declinedEmail,
  reminderEmail,
  reviewReceivedEmail,
  waitlistedEmail,
} from '@/lib/mail/templates';
import { manageLinkKey, manageUrl, unsealManageToken } from './manage-token';
import { waitlistPosition } from './reads';
import type { Step } from './transitions';

/** The staff link the door QR code encodes: it opens the person's card for signed-in staff. */
export function checkInUrl(registrationId: number): string {
  return new URL(`/admin/check-in/${registrationId}`, siteUrl()).toString();
}

/** What the caller knows already (a new registration's link and place in line) is not read again. */
type KnownMailContext = Partial<RegistrationMailContext>;

export async function mailContext(
  step: { tx: Queryable; key: Buffer },
  event: Event,
  registration: EventRegistration,
  extra: KnownMailContext = {},
): Promise<RegistrationMailContext> {
  let url = extra.manageUrl;
  if (url === undefined) {
    const token = registration.manageTokenSealed
      ? unsealManageToken(step.key, registration.manageTokenSealed)
      : null;
    url = token ? manageUrl(token) : null;
  }
  let memberId = extra.memberId;
  if (memberId === undefined && registration.membershipId !== null) {
    const [membership] = await step.tx
      .select({ memberId: memberships.memberId })
      .from(memberships)
      .where(eq(memberships.id, registration.membershipId));
    memberId = membership?.memberId ?? null;
  }
  return {
    event,
    person: { firstName: registration.firstName },
    checkInUrl: checkInUrl(registration.id),
    ...extra,
    memberId: memberId ?? null,
    manageUrl: url,
    waitlistPosition:
      extra.waitlistPosition !== undefined
        ? extra.waitlistPosition
        : await waitlistPosition(step.tx, registration),
  };
}

/** The email a change of status sends, if any. */
export async function emailFor(
  step: Step,
  event: Event,
  registration: EventRegistration,
  from: string | null,
  reason: string | null,
  known: KnownMailContext = {},
): Promise<{ kind: string; email: ComposedEmail } | null> {
  const to = registration.status;
  if (to === 'confirmed') {
    // Undoing a check-in or an excuse changes nothing for the person.
    if (from === 'attended' || from === 'no_show' || from === 'excused') return null;
    const context = await mailContext(step, event, registration, known);
    const promoted = from === 'waitlisted';
    return {
      kind: promoted ? 'promoted' : from === 'submitted' ? 'review_confirmed' : 'confirmed',
      email: await confirmedEmail(context, { promoted }),
    };
  }
  if (to === 'waitlisted') {
    return {
      kind: 'waitlisted',
      email: await waitlistedEmail(await mailContext(step, event, registration, known)),
    };
  }
  if (to === 'submitted') {
    return {
      kind: 'review_received',
      email: await reviewReceivedEmail(await mailContext(step, event, registration, known)),
    };
  }
  if (to === 'declined') {
    return {
      kind: 'review_declined',
      email: await declinedEmail(
        await mailContext(step, event, registration, { ...known, reason }),
      ),
    };
  }
  if (to === 'cancelled') {
    return {
      kind: 'cancelled',
      email: await cancelledEmail(
        await mailContext(step, event, registration, { ...known, reason }),
      ),
    };
  }
  return null;
}

/**
 * Queues the reminder of every confirmed registration whose event starts within 24 hours.
 * The dedupe key names the registration and the start time, so each is reminded once (and once
 * more only if the event moves).
 */
export async function queueReminders(db: Database, now: Date = new Date()): Promise<number> {
  const soon = new Date(now.getTime() + 24 * 3_600_000);
  const due = await db
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        eq(eventRegistrations.status, 'confirmed'),
        isNull(events.cancelledAt),
        gt(events.startsAt, now),
        lte(events.startsAt, soon),
      ),
    )
    .orderBy(asc(eventRegistrations.id));
  if (due.length === 0) return 0;
  const key = await manageLinkKey(db);
  let queued = 0;
  for (const { registration, event } of due) {
    const dedupeKey = `reminder:${registration.id}:${event.startsAt!.toISOString()}`;
    const context = await mailContext({ tx: db, key }, event, registration);
    const added = await queueEmail(db, {
      dedupeKey,
      kind: 'reminder',
      to: registration.email,
      email: await reminderEmail(context),
      registrationId: registration.id,
    });
    if (added) queued += 1;
  }
  return queued;
}
