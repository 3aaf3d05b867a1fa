'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import {
  createEvent,
  deleteOrCancelEvent,
  eventFormSchema,
  restoreEvent,
  updateEvent,
} from '@/lib/admin/events';
import { removeRegistration } from '@/lib/admin/registrants';
import {
  decidePublication,
  duplicateEvent,
  publicationWords,
  publishChoiceOf,
  setPublication,
} from '@/lib/admin/event-authoring';
import { requiredLine } from '@/lib/api/contract';
import { fieldErrorsOf } from '@/lib/auth/account-schema';
import { can } from '@/lib/auth/permissions';
import { type AllowedOnEvent, guard, guardEvent } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { deliverSoon } from '@/lib/jobs/tick';
import { parseEventId } from '@/lib/events/id';
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
  'memberPlaces',
  'staffPlaces',
  'membersOnly',
  'memberRegistrationOpensAt',
  'requiresDeposit',
  'category',
  'registrationOpensAt',
  'registrationClosesAt',
  'waitlistEnabled',
  'autoPromote',
  'requiresReview',
  'cancellationCutoffHours',
  'publishAt',
  'publishedAt',
] as const;

export type EventFormState = FormState;

function valuesOf(form: FormData): Record<string, string> {
  return Object.fromEntries(FORM_FIELDS.map((field) => [field, String(form.get(field) ?? '')]));
}

/**
 * Creates an event (no `eventId` in the form) or saves one. The button pressed says when it
 * reaches the site (`publish`: now, at `publishAt`, or a draft); a new event without one is
 * published at once, a saved one keeps its publication.
 */
export async function saveEvent(
  _previous: EventFormState,
  form: FormData,
): Promise<EventFormState> {
  const values = valuesOf(form);
  const rawId = form.get('eventId');
  const access = rawId ? await guardEvent('events.edit', rawId) : await guard('events.create');
  if (!access.ok) return { errors: { form: access.message }, values };
  const { actor } = access;
  const current = 'event' in access ? (access as AllowedOnEvent).event : null;
  const db = await getDb();

  const choice = publishChoiceOf(form.get('publish'), !current);
  if (!choice) return { errors: { form: 'Choose how the event reaches the site.' }, values };
  const parsed = eventFormSchema(current).safeParse(values);
  const publication = decidePublication(choice, values.publishAt ?? '');
  if (!parsed.success || !publication.ok) {
    return {
      errors: {
        ...(parsed.success ? {} : fieldErrorsOf(parsed.error)),
        ...(publication.ok ? {} : { [publication.field]: publication.message }),
      },
      values,
    };
  }
  const leadIds = can(actor, 'events.assignLeads') ? form.getAll('leads').map(String) : undefined;
  const { publishedAt } = publication;

  const outcome = current
    ? await updateEvent(db, actor, current.id, parsed.data, leadIds)
    : await createEvent(db, actor, parsed.data, leadIds ?? [], publishedAt);
  if (!outcome.ok) return { errors: { [outcome.field ?? 'form']: outcome.message }, values };
  // A new event without a time said is published at once (the column's default).
  let shownFrom = current
    ? current.publishedAt
    : publishedAt === undefined
      ? new Date()
      : publishedAt;
  if (current && publishedAt !== undefined) {
    const published = await setPublication(db, actor, current.id, publishedAt);
    if (!published.ok) return { errors: { form: published.message }, values };
    shownFrom = published.publishedAt;
  }
  await publishChange(['db:events']);
  // A raised capacity may have promoted people from the waitlist: their emails go now.
  deliverSoon();
  // A new date, time or place while people are registered is kept on the event's row until
  // someone answers; its pages, rendered again, offer to tell them.
  if (current) revalidatePath(`/admin/events/${current.id}`, 'layout');
  const onSite = shownFrom !== null && shownFrom.getTime() <= Date.now();
  // A draft or a scheduled event opens its settings, where it is previewed and published.
  if (!current) {
    redirect(`/admin/events/${outcome.id}${onSite ? '' : '/edit'}?created=1`);
  }
  return {
    errors: {},
    values: { ...values, publishedAt: shownFrom?.toISOString() ?? '' },
    done: onSite
      ? 'Saved. The site shows the change now.'
      : shownFrom === null
        ? 'Saved. It is a draft: visitors do not see it.'
        : `Saved. ${publicationWords(shownFrom)}.`,
  };
}

/**
 * Makes a new draft from an event (every field, picture, setting and question; no dates, no
 * registrations) and opens its settings.
 */
export async function duplicateEventAction(
  _previous: SmallActionState,
  form: FormData,
): Promise<SmallActionState> {
  const access = await guard('events.create');
  if (!access.ok) return { error: access.message };
  const id = parseEventId(String(form.get('eventId') ?? ''));
  if (id === null) return { error: 'This event no longer exists.' };
  const outcome = await duplicateEvent(await getDb(), access.actor, id);
  if (!outcome.ok) return { error: outcome.message };
  // A draft is not on the site; the console's lists show it.
  await publishChange(['db:events']);
  redirect(`/admin/events/${outcome.id}/edit?copied=1`);
}

export type SmallActionState = { error?: string; done?: string };

/** Deletes an event, or cancels it when people registered. */
export async function removeEvent(
  _previous: SmallActionState,
  form: FormData,
): Promise<SmallActionState> {
  const access = await guard('events.delete');
  if (!access.ok) return { error: access.message };
  const id = parseEventId(String(form.get('eventId') ?? ''));
  if (id === null) return { error: 'This event no longer exists.' };
  if (form.get('confirm') !== 'yes') {
    return { error: 'Tick the box to confirm, then press the button again.' };
  }
  const outcome = await deleteOrCancelEvent(await getDb(), access.actor, id);
  if (!outcome.ok) return { error: outcome.message };
  await publishChange(['db:events']);
  if (outcome.outcome === 'deleted') redirect('/admin/events?deleted=1');
  return { done: 'The event is cancelled: visitors no longer see it. Its registrants are kept.' };
}

export async function restoreCancelledEvent(
  _previous: SmallActionState,
  form: FormData,
): Promise<SmallActionState> {
  const access = await guard('events.delete');
  if (!access.ok) return { error: access.message };
  const id = parseEventId(String(form.get('eventId') ?? ''));
  if (id === null) return { error: 'This event no longer exists.' };
  const outcome = await restoreEvent(await getDb(), access.actor, id);
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
  const access = await guardEvent('registrations.remove', form.get('eventId'));
  if (!access.ok) return { error: access.message };
  const reason = reasonSchema.safeParse(form.get('reason'));
  if (!reason.success) return { error: reason.error.issues[0]?.message ?? 'Give a reason.' };
  const registrationId = Number(form.get('registrationId'));
  if (!Number.isSafeInteger(registrationId))
    return { error: 'This registration was already removed.' };
  const outcome = await removeRegistration(
    await getDb(),
    access.actor,
    access.event.id,
    registrationId,
    reason.data,
  );
  if (!outcome.ok) return { error: outcome.message };
  // The event page shows the places left.
  await publishChange(['db:events']);
  if (outcome.promoted > 0) deliverSoon();
  return { done: `${outcome.name} is no longer registered.${movedUpSentence(outcome.promoted)}` };
}
