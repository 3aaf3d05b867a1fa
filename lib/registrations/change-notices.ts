import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { toEventDto } from '@/lib/api/serialize';
import { recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { type Event, events } from '@/lib/db/schema';
import { clubDate, clubTime } from '@/lib/db/time';
import { eventScheduleText } from '@/lib/events/details';
import { audiencePhrase, changeWords, type EventChange, isEventChange } from '@/lib/mail/audiences';
import type { Queryable } from '@/lib/mail/outbox';
import { eventChangeEmail, registrationWords } from '@/lib/mail/templates';
import { manageLinkKey } from '@/lib/registrations/manage-token';
import {
  audienceCounts,
  eventCalendarSequence,
  linkOf,
  lockEvent,
  recipientsOf,
  type Sender,
  sentBefore,
  writeMessage,
} from './event-messages';

/**
 * The notice that an event's date, time or place changed. The save that changes them while
 * people are registered adds what changed to the event's `unannounced_changes`, in its own
 * transaction; the console offers to tell them on the event's pages until someone answers:
 * 'Email the N registrants' sends the notice (with a calendar file whose SEQUENCE is higher than
 * any sent before) and clears it, 'Don't notify them' clears it. Each answer writes its audit
 * entry in its transaction, under the event's row lock, so a save and an answer never cross.
 */

const CHANGE_ORDER: readonly EventChange[] = ['date', 'time', 'place'];

/** What of the event's date, time and place differs between two versions of it. */
export function eventChanges(
  before: Pick<Event, 'startsAt' | 'duration' | 'location'>,
  after: Pick<Event, 'startsAt' | 'duration' | 'location'>,
): EventChange[] {
  const changed: EventChange[] = [];
  const dateOf = (event: typeof before) => (event.startsAt ? clubDate(event.startsAt) : null);
  const timeOf = (event: typeof before) =>
    `${event.startsAt ? clubTime(event.startsAt) : ''}|${event.duration?.trim() ?? ''}`;
  if (dateOf(before) !== dateOf(after)) changed.push('date');
  if (timeOf(before) !== timeOf(after)) changed.push('time');
  if ((before.location?.trim() ?? '') !== (after.location?.trim() ?? '')) changed.push('place');
  return changed;
}

/** The changes nobody has answered yet, in the order the emails name them. */
export function unannouncedChangesOf(event: Pick<Event, 'unannouncedChanges'>): EventChange[] {
  const pending = new Set((event.unannouncedChanges ?? []).filter(isEventChange));
  return CHANGE_ORDER.filter((part) => pending.has(part));
}

/**
 * Part of a save, in its transaction and under the event's row lock: when the date, time or
 * place changed while people are registered (confirmed, waitlisted or awaiting review), adds
 * them to what is waiting for an answer. Answers what this save changed.
 */
export async function noteUnannouncedChanges(
  tx: Queryable,
  before: Event,
  after: Event,
): Promise<EventChange[]> {
  const changed = eventChanges(before, after);
  if (changed.length === 0 || after.cancelledAt) return [];
  if ((await audienceCounts(tx, after.id)).active === 0) return [];
  const pending = unannouncedChangesOf({
    unannouncedChanges: [...(before.unannouncedChanges ?? []), ...changed],
  });
  await tx.update(events).set({ unannouncedChanges: pending }).where(eq(events.id, after.id));
  return changed;
}

/** What the console offers while a change of date, time or place is unanswered. */
export type ChangeNoticeOffer = {
  eventId: number;
  changed: EventChange[];
  registrants: number;
  /** The offer's one-time key: pressing its button twice notifies once. */
  sendKey: string;
};

/**
 * The offer to tell the registrants of the event's unanswered changes; null when there is none,
 * the event is cancelled, or nobody is registered any more.
 */
export async function changeNoticeOffer(
  db: Pick<Database, 'select'>,
  event: Pick<Event, 'id' | 'unannouncedChanges' | 'cancelledAt'>,
): Promise<ChangeNoticeOffer | null> {
  const changed = unannouncedChangesOf(event);
  if (changed.length === 0 || event.cancelledAt) return null;
  const registrants = (await audienceCounts(db, event.id)).active;
  if (registrants === 0) return null;
  return { eventId: event.id, changed, registrants, sendKey: randomUUID() };
}

export type ChangeNoticeOutcome =
  | { kind: 'sent'; messageId: number; recipients: number; changed: EventChange[] }
  /** The same offer was answered before (a double press): nothing more went out. */
  | { kind: 'already_sent'; recipients: number }
  /** Nothing waits for an answer: someone sent the notice or declined it meanwhile. */
  | { kind: 'answered' }
  | { kind: 'nobody' }
  | { kind: 'not_found' };

/**
 * Tells everyone still coming or waiting that the date, time or place changed (all that is
 * unanswered), with the new details and a calendar file whose SEQUENCE is higher than any sent
 * for the event before; clears what was unanswered. Never refused by the daily limit of
 * messages: people must learn of a new time or place (it counts towards it, though).
 */
export async function sendChangeNotice(
  db: Database,
  sender: Sender,
  eventId: number,
  { sendKey }: { sendKey: string },
  now: Date = new Date(),
): Promise<ChangeNoticeOutcome> {
  const key = await manageLinkKey(db);
  return db.transaction(async (tx): Promise<ChangeNoticeOutcome> => {
    const event = await lockEvent(tx, eventId);
    if (!event || event.cancelledAt) return { kind: 'not_found' };
    const earlier = await sentBefore(tx, sendKey);
    if (earlier) return { kind: 'already_sent', recipients: earlier.recipients };
    const changed = unannouncedChangesOf(event);
    if (changed.length === 0) return { kind: 'answered' };
    const recipients = await recipientsOf(tx, eventId, 'active');
    if (recipients.length === 0) return { kind: 'nobody' };
    const sequence = (await eventCalendarSequence(tx, eventId)) + 1;
    const what = changeWords(changed);
    const dto = toEventDto(event);
    const body = [
      `The ${what} changed. The new details, with a calendar file that updates the event:`,
      `When: ${eventScheduleText(dto)}`,
      ...(dto.location ? [`Where: ${dto.location}`] : []),
    ].join('\n');
    const words = await registrationWords();
    const first = eventChangeEmail(
      words,
      { event, person: { firstName: '' }, manageUrl: null },
      { changed, sequence },
    );
    const messageId = await writeMessage(
      tx,
      sender,
      {
        eventId,
        kind: 'change',
        audience: 'active',
        subject: first.subject,
        body,
        sendKey,
        calendarSequence: sequence,
        createdAt: now,
      },
      recipients,
      (recipient) =>
        eventChangeEmail(
          words,
          { event, person: { firstName: recipient.firstName }, manageUrl: linkOf(key, recipient) },
          { changed, sequence },
        ),
    );
    if (messageId === null) return { kind: 'already_sent', recipients: recipients.length };
    await tx.update(events).set({ unannouncedChanges: null }).where(eq(events.id, eventId));
    await recordChange(
      tx,
      sender,
      {
        action: 'event.notifyChange',
        recordType: 'event',
        recordId: eventId,
        summary: `Emailed the new ${what} of "${event.title}" to ${audiencePhrase('active', recipients.length)}`,
        after: { changed: what, recipients: recipients.length, calendarSequence: sequence },
      },
      now,
    );
    return { kind: 'sent', messageId, recipients: recipients.length, changed };
  });
}

export type DeclineOutcome =
  { kind: 'declined'; changed: EventChange[] } | { kind: 'answered' } | { kind: 'not_found' };

/** 'Don't notify them': clears the unanswered changes, and says so in the audit log. */
export async function declineChangeNotice(
  db: Database,
  actor: Sender,
  eventId: number,
  now: Date = new Date(),
): Promise<DeclineOutcome> {
  return db.transaction(async (tx): Promise<DeclineOutcome> => {
    const event = await lockEvent(tx, eventId);
    if (!event) return { kind: 'not_found' };
    const changed = unannouncedChangesOf(event);
    if (changed.length === 0) return { kind: 'answered' };
    await tx.update(events).set({ unannouncedChanges: null }).where(eq(events.id, eventId));
    const what = changeWords(changed);
    await recordChange(
      tx,
      actor,
      {
        action: 'event.declineChangeNotice',
        recordType: 'event',
        recordId: eventId,
        summary: `Chose not to email the registrants of "${event.title}" about its new ${what}`,
        before: { unannouncedChanges: what },
        after: { unannouncedChanges: null },
      },
      now,
    );
    return { kind: 'declined', changed };
  });
}
