'use server';

import { redirect } from 'next/navigation';
import {
  createEvent,
  deleteOrCancelEvent,
  eventFormSchema,
  findConsoleEvent,
  removeRegistration,
  restoreEvent,
  updateEvent,
} from '@/lib/admin/events';
import { requiredLine } from '@/lib/api/contract';
import { fieldErrorsOf } from '@/lib/auth/account-schema';
import { can } from '@/lib/auth/permissions';
import { actorFor, getSignedIn, NOT_ALLOWED_MESSAGE } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { deliverSoon } from '@/lib/jobs/tick';
import { parseEventId } from '@/lib/event-id';
import { publishChange } from '@/lib/publish/publish';
import { movedUpSentence } from '@/lib/registrations/statuses';
import type { FormState } from '../_forms/Field';

const FORM_FIELDS = [
  'title',
  'description',
  'date',
  'startTime',
  'duration',
  'location',
  'organizer',
  'posterImg',
  'thumbnailLink',
  'capacity',
  'registrationOpensAt',
  'registrationClosesAt',
  'waitlistEnabled',
  'autoPromote',
  'requiresReview',
  'cancellationCutoffHours',
] as const;

function valuesOf(form: FormData): Record<string, string> {
  return Object.fromEntries(FORM_FIELDS.map((field) => [field, String(form.get(field) ?? '')]));
}

/** Creates an event (no `eventId` in the form) or saves one; publishes it on the site at once. */
export async function saveEvent(_previous: FormState, form: FormData): Promise<FormState> {
  const values = valuesOf(form);
  const rawId = form.get('eventId');
  const db = await getDb();
  const signedIn = await getSignedIn();
  if (!signedIn) return { errors: { form: NOT_ALLOWED_MESSAGE }, values };

  const id = rawId ? parseEventId(String(rawId)) : null;
  const current = id === null ? null : await findConsoleEvent(db, id);
  if (rawId && !current) return { errors: { form: 'This event no longer exists.' }, values };
  const allowed = current ? can(signedIn, 'events.edit', current) : can(signedIn, 'events.create');
  if (!allowed) return { errors: { form: NOT_ALLOWED_MESSAGE }, values };

  const parsed = eventFormSchema(current).safeParse(values);
  if (!parsed.success) return { errors: fieldErrorsOf(parsed.error), values };
  const leadIds = can(signedIn, 'events.assignLeads')
    ? form.getAll('leads').map(String)
    : undefined;

  const outcome = current
    ? await updateEvent(db, signedIn, current.id, parsed.data, leadIds)
    : await createEvent(db, signedIn, parsed.data, leadIds ?? []);
  if (!outcome.ok) return { errors: { [outcome.field ?? 'form']: outcome.message }, values };
  await publishChange(['db:events']);
  // A raised capacity may have promoted people from the waitlist: their emails go now.
  deliverSoon();
  if (!current) redirect(`/admin/events/${outcome.id}?created=1`);
  return { errors: {}, values, done: 'Saved. The site shows the change now.' };
}

export type SmallActionState = { error?: string; done?: string };

/** Deletes an event, or cancels it when people registered. */
export async function removeEvent(
  _previous: SmallActionState,
  form: FormData,
): Promise<SmallActionState> {
  const actor = await actorFor('events.delete');
  if (!actor) return { error: NOT_ALLOWED_MESSAGE };
  const id = parseEventId(String(form.get('eventId') ?? ''));
  if (id === null) return { error: 'This event no longer exists.' };
  if (form.get('confirm') !== 'yes') {
    return { error: 'Tick the box to confirm, then press the button again.' };
  }
  const outcome = await deleteOrCancelEvent(await getDb(), actor, id);
  if (!outcome.ok) return { error: outcome.message };
  await publishChange(['db:events']);
  if (outcome.outcome === 'deleted') redirect('/admin/events?deleted=1');
  return { done: 'The event is cancelled: visitors no longer see it. Its registrants are kept.' };
}

export async function restoreCancelledEvent(
  _previous: SmallActionState,
  form: FormData,
): Promise<SmallActionState> {
  const actor = await actorFor('events.delete');
  if (!actor) return { error: NOT_ALLOWED_MESSAGE };
  const id = parseEventId(String(form.get('eventId') ?? ''));
  if (id === null) return { error: 'This event no longer exists.' };
  const outcome = await restoreEvent(await getDb(), actor, id);
  if (!outcome.ok) return { error: outcome.message };
  await publishChange(['db:events']);
  return { done: 'The event is back on the site.' };
}

const reasonSchema = requiredLine('Reason', 200);

/** Removes one registrant, with the reason in the audit log. */
export async function removeRegistrant(
  _previous: SmallActionState,
  form: FormData,
): Promise<SmallActionState> {
  const signedIn = await getSignedIn();
  if (!signedIn) return { error: NOT_ALLOWED_MESSAGE };
  const db = await getDb();
  const eventId = parseEventId(String(form.get('eventId') ?? ''));
  const event = eventId === null ? null : await findConsoleEvent(db, eventId);
  if (!event) return { error: 'This event no longer exists.' };
  if (!can(signedIn, 'registrations.remove', event)) return { error: NOT_ALLOWED_MESSAGE };
  const reason = reasonSchema.safeParse(form.get('reason'));
  if (!reason.success) return { error: reason.error.issues[0]?.message ?? 'Give a reason.' };
  const registrationId = Number(form.get('registrationId'));
  if (!Number.isSafeInteger(registrationId))
    return { error: 'This registration was already removed.' };
  const outcome = await removeRegistration(db, signedIn, event.id, registrationId, reason.data);
  if (!outcome.ok) return { error: outcome.message };
  // The event page shows the places left.
  await publishChange(['db:events']);
  if (outcome.promoted > 0) deliverSoon();
  return { done: `${outcome.name} is no longer registered.${movedUpSentence(outcome.promoted)}` };
}
