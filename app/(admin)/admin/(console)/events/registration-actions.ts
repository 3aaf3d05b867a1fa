'use server';

import { z } from 'zod';
import { findConsoleEvent } from '@/lib/admin/events';
import { requiredLine } from '@/lib/api/contract';
import { recordChange } from '@/lib/audit';
import { can, type Action } from '@/lib/auth/permissions';
import { getSignedIn, NOT_ALLOWED_MESSAGE, type SignedIn } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { deliverSoon } from '@/lib/jobs/tick';
import { parseEventId } from '@/lib/event-id';
import {
  addRegistrationByHand,
  changeRegistrationStatus,
  isStaffAction,
  markNoShows,
  STAFF_ACTIONS,
  type StaffChangeOutcome,
} from '@/lib/registrations/operations';
import { movedUpSentence, STATUS_LABELS } from '@/lib/registrations/statuses';
import type { SmallActionState } from './actions';

/**
 * The console's registration actions: change a status (with its email), add someone by hand,
 * mark the no-shows after the event, and the door's check-in. Each asks for the session and the
 * role on the event here, on the server.
 */

type Scoped = { signedIn: SignedIn; eventId: number };

async function scopedTo(form: FormData, action: Action): Promise<Scoped | null> {
  const signedIn = await getSignedIn();
  if (!signedIn) return null;
  const eventId = parseEventId(String(form.get('eventId') ?? ''));
  const event = eventId === null ? null : await findConsoleEvent(await getDb(), eventId);
  if (!event || !can(signedIn, action, event)) return null;
  return { signedIn, eventId: event.id };
}

const staffOf = (signedIn: SignedIn) => ({
  kind: 'staff' as const,
  userId: signedIn.id,
  name: signedIn.name,
});

const optionalReason = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  requiredLine('Reason', 200).nullable(),
);

function refusal(outcome: Exclude<StaffChangeOutcome, { kind: 'changed' }>): string {
  switch (outcome.kind) {
    case 'not_found':
      return 'This registration is not on this event any more.';
    case 'full':
      return `The event is full (${outcome.capacity} places): raise the capacity or free a place first.`;
    case 'not_allowed':
      return `Not possible from its current status (${STATUS_LABELS[outcome.from]}). Reload the page to see it.`;
  }
}

/** Confirm, waitlist, decline, cancel, excuse (or check-in from the list), with a reason. */
export async function changeStatus(
  _previous: SmallActionState,
  form: FormData,
): Promise<SmallActionState> {
  const scoped = await scopedTo(form, 'registrations.changeStatus');
  if (!scoped) return { error: NOT_ALLOWED_MESSAGE };
  const action = form.get('action');
  if (!isStaffAction(action)) return { error: 'Choose what to do.' };
  const reason = optionalReason.safeParse(form.get('reason') ?? '');
  if (!reason.success) return { error: reason.error.issues[0]?.message ?? 'Check the reason.' };
  const registrationId = Number(form.get('registrationId'));
  if (!Number.isSafeInteger(registrationId)) return { error: 'This registration does not exist.' };
  const db = await getDb();
  const outcome = await changeRegistrationStatus(
    db,
    registrationId,
    action,
    staffOf(scoped.signedIn),
    { reason: reason.data, eventId: scoped.eventId },
  );
  if (outcome.kind !== 'changed') return { error: refusal(outcome) };
  deliverSoon();
  const { registration } = outcome;
  const name = `${registration.firstName} ${registration.lastName}`;
  const to = STATUS_LABELS[STAFF_ACTIONS[action].to];
  await recordChange(db, scoped.signedIn, {
    action: 'registration.status',
    recordType: 'event',
    recordId: scoped.eventId,
    summary: `${name}: ${to}${reason.data ? ` (${reason.data})` : ''}`,
    after: { registrationId, status: registration.status, reason: reason.data },
  });
  return { done: `${name}: ${to}.${movedUpSentence(outcome.promoted)}` };
}

const handSchema = z.object({
  firstName: requiredLine('First name', 60),
  lastName: requiredLine('Last name', 60),
  email: z.email('Email must be an email address such as name@example.org.').max(254),
  status: z.enum(['confirmed', 'waitlisted', 'submitted'], { error: 'Choose a status.' }),
});

/** Adds someone by hand (a guest, a walk-in), with the status staff choose. */
export async function addRegistrant(
  _previous: SmallActionState,
  form: FormData,
): Promise<SmallActionState> {
  const scoped = await scopedTo(form, 'registrations.changeStatus');
  if (!scoped) return { error: NOT_ALLOWED_MESSAGE };
  const parsed = handSchema.safeParse({
    firstName: String(form.get('firstName') ?? '').trim(),
    lastName: String(form.get('lastName') ?? '').trim(),
    email: String(form.get('email') ?? '').trim(),
    status: String(form.get('status') ?? ''),
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the fields.' };
  const db = await getDb();
  const outcome = await addRegistrationByHand(
    db,
    scoped.eventId,
    parsed.data,
    staffOf(scoped.signedIn),
  );
  switch (outcome.kind) {
    case 'duplicate':
      return { error: `${parsed.data.email} is already registered for this event.` };
    case 'full':
      return {
        error: `The event is full (${outcome.capacity} places): add them to the waitlist, or raise the capacity.`,
      };
    case 'created': {
      deliverSoon();
      const name = `${parsed.data.firstName} ${parsed.data.lastName}`;
      await recordChange(db, scoped.signedIn, {
        action: 'registration.add',
        recordType: 'event',
        recordId: scoped.eventId,
        summary: `Added ${name} by hand (${STATUS_LABELS[parsed.data.status]})`,
        after: { registrationId: outcome.registration.id, status: parsed.data.status },
      });
      return { done: `${name} is added: ${STATUS_LABELS[parsed.data.status]}.` };
    }
    default:
      return { error: 'This event no longer takes registrations.' };
  }
}

/** After the event: every confirmed person not checked in becomes a no-show. */
export async function markEventNoShows(
  _previous: SmallActionState,
  form: FormData,
): Promise<SmallActionState> {
  const scoped = await scopedTo(form, 'registrations.changeStatus');
  if (!scoped) return { error: NOT_ALLOWED_MESSAGE };
  if (form.get('confirm') !== 'yes') {
    return { error: 'Tick the box to confirm, then press the button again.' };
  }
  const db = await getDb();
  const outcome = await markNoShows(db, scoped.eventId, staffOf(scoped.signedIn));
  if (outcome.kind === 'not_started') {
    return { error: 'The event has not started yet: no-shows are marked after it.' };
  }
  if (outcome.kind === 'not_found') return { error: 'This event no longer exists.' };
  await recordChange(db, scoped.signedIn, {
    action: 'registration.noShows',
    recordType: 'event',
    recordId: scoped.eventId,
    summary: `Marked ${outcome.count} confirmed ${outcome.count === 1 ? 'person' : 'people'} not checked in as no-shows`,
    after: { count: outcome.count },
  });
  return {
    done:
      outcome.count === 0
        ? 'Everyone confirmed was checked in: nobody is marked as a no-show.'
        : `${outcome.count} ${outcome.count === 1 ? 'person is' : 'people are'} marked as no-shows.`,
  };
}

export type CheckInResult =
  { ok: true; status: string; checkedInAt: string | null } | { ok: false; error: string };

/** The door: check a person in, or undo it. */
export async function checkIn(
  eventId: number,
  registrationId: number,
  undo: boolean,
): Promise<CheckInResult> {
  const form = new FormData();
  form.set('eventId', String(eventId));
  const scoped = await scopedTo(form, 'registrations.checkIn');
  if (!scoped) return { ok: false, error: NOT_ALLOWED_MESSAGE };
  if (!Number.isSafeInteger(registrationId)) return { ok: false, error: 'Unknown registration.' };
  const outcome = await changeRegistrationStatus(
    await getDb(),
    registrationId,
    undo ? 'undo_check_in' : 'check_in',
    staffOf(scoped.signedIn),
    { eventId: scoped.eventId },
  );
  if (outcome.kind !== 'changed') return { ok: false, error: refusal(outcome) };
  return {
    ok: true,
    status: outcome.registration.status,
    checkedInAt: outcome.registration.checkedInAt?.toISOString() ?? null,
  };
}
