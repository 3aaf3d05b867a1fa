'use server';

import { z } from 'zod';
import { requiredLine } from '@/lib/api/contract';
import { guardEvent } from '@/lib/auth/guard';
import type { SignedIn } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { deliverSoon } from '@/lib/jobs/tick';
import { publishChange } from '@/lib/publish/publish';
import { addRegistrationByHand } from '@/lib/registrations/intake';
import {
  changeRegistrationStatus,
  isStaffAction,
  markNoShows,
  STAFF_ACTIONS,
  type StaffChangeOutcome,
} from '@/lib/registrations/transitions';
import { BULK_LIMIT, isBulkAction } from '@/lib/registrations/bulk';
import { UNDO_MINUTES, undoRegistrationChange } from '@/lib/registrations/undo';
import { registrationCounts, type RegistrationCounts } from '@/lib/registrations/counts';
import { movedUpSentence, STATUS_LABELS } from '@/lib/registrations/statuses';
import { countOf } from '@/lib/site/plural';
import type { SmallActionState } from './actions';

/**
 * The console's registration actions: change a status (with its email), add someone by hand,
 * mark the no-shows after the event, and the door's check-in. Each passes the guard (session,
 * role, and the event it acts on) first; each change writes its audit entry in its own
 * transaction (lib/registrations/transitions.ts).
 */

const staffOf = (signedIn: SignedIn) => ({
  kind: 'staff' as const,
  userId: signedIn.id,
  name: signedIn.name,
});

/**
 * A change of who holds or waits for a place may change the event's status on its card and page
 * (full, waitlist only, open again): they are published again. Staff changes are few, so every
 * one publishes rather than working out whether the status moved.
 */
function publishPlacesChange(): Promise<void> {
  return publishChange(['db:events']);
}

const optionalReason = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  requiredLine('Reason', 200).nullable(),
);

function refusal(outcome: Exclude<StaffChangeOutcome, { kind: 'changed' }>): string {
  switch (outcome.kind) {
    case 'not_found':
      return 'This registration is not on this event any more.';
    case 'full':
      return `The event is full (${countOf(outcome.capacity, 'place')}): raise the capacity or free a place first.`;
    case 'not_allowed':
      return `Not possible from its current status (${STATUS_LABELS[outcome.from]}). Reload the page to see it.`;
  }
}

/** Confirm, waitlist, decline, cancel, excuse (or check-in from the list), with a reason. */
export async function changeStatus(
  _previous: SmallActionState,
  form: FormData,
): Promise<SmallActionState> {
  const access = await guardEvent('registrations.changeStatus', form.get('eventId'));
  if (!access.ok) return { error: access.message };
  const action = form.get('action');
  if (!isStaffAction(action)) return { error: 'Choose what to do.' };
  const reason = optionalReason.safeParse(form.get('reason') ?? '');
  if (!reason.success) return { error: reason.error.issues[0]?.message ?? 'Check the reason.' };
  const registrationId = Number(form.get('registrationId'));
  if (!Number.isSafeInteger(registrationId)) return { error: 'This registration does not exist.' };
  const outcome = await changeRegistrationStatus(
    await getDb(),
    registrationId,
    action,
    staffOf(access.actor),
    { reason: reason.data, eventId: access.event.id },
  );
  if (outcome.kind !== 'changed') return { error: refusal(outcome) };
  await publishPlacesChange();
  deliverSoon();
  const { registration } = outcome;
  const name = `${registration.firstName} ${registration.lastName}`;
  const to = STATUS_LABELS[STAFF_ACTIONS[action].to];
  return { done: `${name}: ${to}.${movedUpSentence(outcome.promoted)}` };
}

function peopleCount(count: number): string {
  return count === 1 ? '1 registrant' : `${count} registrants`;
}

/**
 * Confirm, waitlist, decline or cancel the ticked registrants, after the console's confirmation.
 * Each goes through the same change as a single one (its own transaction: the capacity, its
 * email, the waitlist's promotions, its audit entry), so a bulk change behaves as that many
 * single changes; those not possible from their status are named, the others are done.
 */
export async function changeStatuses(
  _previous: SmallActionState,
  form: FormData,
): Promise<SmallActionState> {
  const access = await guardEvent('registrations.changeStatus', form.get('eventId'));
  if (!access.ok) return { error: access.message };
  const action = form.get('action');
  if (!isBulkAction(action)) {
    return { error: 'Choose what to do with the ticked registrants.' };
  }
  const ids = [...new Set(form.getAll('registrationIds').map((value) => Number(value)))].filter(
    (id) => Number.isSafeInteger(id) && id > 0,
  );
  if (ids.length === 0) return { error: 'Tick at least one registrant first.' };
  if (ids.length > BULK_LIMIT) {
    return { error: `Change at most ${BULK_LIMIT} registrants at once.` };
  }
  if (form.get('confirm') !== 'yes') {
    return { error: 'Confirm the change, then press the button again.' };
  }
  const reason = optionalReason.safeParse(form.get('reason') ?? '');
  if (!reason.success) return { error: reason.error.issues[0]?.message ?? 'Check the reason.' };
  const db = await getDb();
  const staff = staffOf(access.actor);
  const refused: string[] = [];
  let changed = 0;
  let promoted = 0;
  for (const registrationId of ids.sort((a, b) => a - b)) {
    const outcome = await changeRegistrationStatus(db, registrationId, action, staff, {
      reason: reason.data,
      eventId: access.event.id,
    });
    if (outcome.kind === 'changed') {
      changed += 1;
      promoted += outcome.promoted;
    } else {
      refused.push(refusal(outcome));
    }
  }
  if (changed > 0) {
    await publishPlacesChange();
    deliverSoon();
  }
  const to = STATUS_LABELS[STAFF_ACTIONS[action].to];
  const done = changed > 0 ? `${peopleCount(changed)}: ${to}.${movedUpSentence(promoted)}` : '';
  if (refused.length > 0) {
    const notChanged = `${peopleCount(refused.length)} not changed: ${[...new Set(refused)].join(' ')}`;
    return { error: done ? `${done} ${notChanged}` : notChanged };
  }
  return { done };
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
  const access = await guardEvent('registrations.changeStatus', form.get('eventId'));
  if (!access.ok) return { error: access.message };
  const parsed = handSchema.safeParse({
    firstName: String(form.get('firstName') ?? '').trim(),
    lastName: String(form.get('lastName') ?? '').trim(),
    email: String(form.get('email') ?? '').trim(),
    status: String(form.get('status') ?? ''),
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the fields.' };
  const outcome = await addRegistrationByHand(
    await getDb(),
    access.event.id,
    parsed.data,
    staffOf(access.actor),
  );
  switch (outcome.kind) {
    case 'duplicate':
      return { error: `${parsed.data.email} is already registered for this event.` };
    case 'full':
      return {
        error: `The event is full (${countOf(outcome.capacity, 'place')}): add them to the waitlist, or raise the capacity.`,
      };
    case 'created': {
      await publishPlacesChange();
      deliverSoon();
      const name = `${parsed.data.firstName} ${parsed.data.lastName}`;
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
  const access = await guardEvent('registrations.changeStatus', form.get('eventId'));
  if (!access.ok) return { error: access.message };
  if (form.get('confirm') !== 'yes') {
    return { error: 'Tick the box to confirm, then press the button again.' };
  }
  const outcome = await markNoShows(await getDb(), access.event.id, staffOf(access.actor));
  if (outcome.kind === 'not_started') {
    return { error: 'The event has not started yet: no-shows are marked after it.' };
  }
  if (outcome.kind === 'not_found') return { error: 'This event no longer exists.' };
  return {
    done:
      outcome.count === 0
        ? 'Everyone confirmed was checked in: nobody is marked as a no-show.'
        : outcome.count === 1
          ? '1 person is marked as a no-show.'
          : `${outcome.count} people are marked as no-shows.`,
  };
}

export type CheckInResult =
  | { ok: true; status: string; checkedInAt: string | null; counts: RegistrationCounts }
  | { ok: false; error: string };

/** The door: check a person in, or undo it. */
export async function checkIn(
  eventId: number,
  registrationId: number,
  undo: boolean,
): Promise<CheckInResult> {
  const access = await guardEvent('registrations.checkIn', eventId);
  if (!access.ok) return { ok: false, error: access.message };
  if (!Number.isSafeInteger(registrationId)) return { ok: false, error: 'Unknown registration.' };
  const outcome = await changeRegistrationStatus(
    await getDb(),
    registrationId,
    undo === true ? 'undo_check_in' : 'check_in',
    staffOf(access.actor),
    { eventId: access.event.id },
  );
  if (outcome.kind !== 'changed') return { ok: false, error: refusal(outcome) };
  return {
    ok: true,
    // The board's figures after the change, by the same definition as every other page.
    counts: await registrationCounts(await getDb(), access.event.id),
    status: outcome.registration.status,
    checkedInAt: outcome.registration.checkedInAt?.toISOString() ?? null,
  };
}

/** Undoes a status change made by mistake, in the minutes after it (lib/registrations/undo.ts). */
export async function undoStatusChange(
  _previous: SmallActionState,
  form: FormData,
): Promise<SmallActionState> {
  const access = await guardEvent('registrations.changeStatus', form.get('eventId'));
  if (!access.ok) return { error: access.message };
  const changeId = Number(form.get('changeId'));
  if (!Number.isSafeInteger(changeId)) return { error: 'This change does not exist.' };
  const outcome = await undoRegistrationChange(await getDb(), changeId, staffOf(access.actor), {
    eventId: access.event.id,
  });
  switch (outcome.kind) {
    case 'not_found':
      return { error: 'This change is not on this event any more.' };
    case 'too_late':
      return {
        error: `A change can be undone for ${UNDO_MINUTES} minutes only: choose the status it should have instead.`,
      };
    case 'changed_since':
      return { error: 'The registration changed since: reload the page to see it.' };
    case 'full':
      return {
        error: `The place was given to someone from the waitlist since (${countOf(outcome.capacity, 'place')} taken): add them back by hand if there is room.`,
      };
    case 'undone':
      await publishPlacesChange();
      deliverSoon();
      return {
        done: `${outcome.name} is back to ${STATUS_LABELS[outcome.status]}.${outcome.emailWithdrawn ? ' The email about the change was not sent.' : ''}`,
      };
  }
}
