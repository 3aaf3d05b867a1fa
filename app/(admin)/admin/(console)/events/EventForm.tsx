'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useActionState } from 'react';
import styles from '../../console.module.css';
import { ActionOutcome } from '../_forms/ActionOutcome';
import { Field, FormMessage } from '../_forms/Field';
import { MediaField } from '../_forms/MediaField';
import { EVENT_CATEGORIES } from '@/lib/events/categories';
import { publicationState } from '@/lib/events/visibility';
import { clubDateTimeWords } from '@/lib/audit/changes';
import {
  duplicateEventAction,
  type EventFormState,
  saveEvent,
  type SmallActionState,
} from './actions';
import { type ChangeOffer, NotifyChangeOffer } from './[id]/messages/NotifyChangeOffer';

export type LeadChoice = { id: string; name: string; email: string };

/** Where the event stands on the site, in words: 'Scheduled: appears Sat 12 Dec, 6:30 PM'. */
function publicationText(publishedAt: string): string {
  const state = publicationState(publishedAt ? new Date(publishedAt) : null);
  if (state.kind === 'draft') return 'Draft: not on the site';
  if (state.kind === 'scheduled') return `Scheduled: appears ${clubDateTimeWords(state.at)}`;
  return 'Published';
}

/** Every field of an event, with its leads when the account may assign them. */
export function EventForm({
  eventId,
  initialValues,
  leadChoices,
  leadIds,
  canDuplicate = false,
  changeOffer,
}: {
  eventId?: number;
  initialValues: Record<string, string>;
  /** Null when the account may not assign leads. */
  leadChoices: LeadChoice[] | null;
  leadIds: string[];
  /** Whether the account may make a draft copy of the event (it creates events). */
  canDuplicate?: boolean;
  /**
   * The offer to tell the registrants of an unanswered change of date, time or place, read from
   * the event's row (null when none waits); undefined where the account may not message them.
   */
  changeOffer?: ChangeOffer | null;
}) {
  const [state, submit, pending] = useActionState<EventFormState, FormData>(saveEvent, {
    errors: {},
    values: initialValues,
  });
  const search = useSearchParams();
  const form = eventId ? `event-${eventId}` : 'new-event';
  const field = { form, state };
  const publishedAt = state.values.publishedAt ?? '';
  const published =
    eventId !== undefined &&
    publicationState(publishedAt ? new Date(publishedAt) : null).kind === 'published';
  const secondary = `${styles.button} ${styles.quietButton}`;
  return (
    <div className={styles.stack}>
      {eventId && search.get('copied') ? (
        <p className={styles.notice}>
          This is a copy, saved as a draft: set its date, its registration dates and when it appears
          on the site. Nobody is registered.
        </p>
      ) : null}
      <form action={submit} className={styles.form} noValidate>
        {eventId ? <input type="hidden" name="eventId" value={eventId} /> : null}
        <input type="hidden" name="publishedAt" value={publishedAt} />
        <Field {...field} name="title" label="Title" required maxLength={200} />
        <Field {...field} name="description" label="Description" multiline maxLength={5000} />
        <div className={styles.twoColumns}>
          <Field
            {...field}
            name="date"
            label="Date"
            type="date"
            hint="Leave the date and the time empty while they are to be announced."
          />
          <Field {...field} name="startTime" label="Start time" type="time" hint="Ottawa time." />
        </div>
        <div className={styles.twoColumns}>
          <Field {...field} name="duration" label="Duration" hint="For example: 3 hours." />
          <Field
            {...field}
            name="capacity"
            label="Capacity"
            type="number"
            inputMode="numeric"
            hint="The most people who can register. Leave empty for no limit."
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${form}-category`} className={styles.label}>
            Category<span className={styles.optional}> (optional)</span>
          </label>
          <select
            id={`${form}-category`}
            name="category"
            defaultValue={state.values.category ?? ''}
            key={`category-${state.values.category}`}
            className={styles.input}
            aria-invalid={state.errors.category ? true : undefined}
            aria-describedby={state.errors.category ? `${form}-category-error` : undefined}
          >
            <option value="">No category</option>
            {EVENT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
          {state.errors.category ? (
            <p id={`${form}-category-error`} className={styles.fieldError}>
              {state.errors.category}
            </p>
          ) : null}
        </div>
        <fieldset className={styles.group}>
          <legend className={styles.label}>Places for members and staff</legend>
          <div className={styles.twoColumns}>
            <Field
              {...field}
              name="memberPlaces"
              label="Member places"
              type="number"
              inputMode="numeric"
              hint="Of the capacity, kept for active members. Empty or 0: none."
            />
            <Field
              {...field}
              name="staffPlaces"
              label="Staff places"
              type="number"
              inputMode="numeric"
              hint="Of the capacity, kept for people staff add by hand."
            />
          </div>
          <label className={styles.checkboxLine}>
            <input
              type="checkbox"
              name="membersOnly"
              defaultChecked={state.values.membersOnly === 'on'}
              key={`members-only-${state.values.membersOnly}`}
            />
            Members only (every place but the staff places is a member place)
          </label>
          <label className={styles.checkboxLine}>
            <input
              type="checkbox"
              name="requiresDeposit"
              defaultChecked={state.values.requiresDeposit === 'on'}
              key={`deposit-${state.values.requiresDeposit}`}
            />
            A deposit is required to hold a place
          </label>
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.label}>Registration</legend>
          <div className={styles.twoColumns}>
            <Field
              {...field}
              name="memberRegistrationOpensAt"
              label="Member registration opens"
              type="datetime-local"
              hint="Ottawa time. Members register from then; leave empty to open with everyone."
            />
            <Field
              {...field}
              name="registrationOpensAt"
              label="Public registration opens"
              type="datetime-local"
              hint="Ottawa time. Leave empty to open it now."
            />
          </div>
          <Field
            {...field}
            name="registrationClosesAt"
            label="Registration deadline"
            type="datetime-local"
            hint="Ottawa time. Leave empty to close it when the event starts."
          />
          <label className={styles.checkboxLine}>
            <input
              type="checkbox"
              name="waitlistEnabled"
              defaultChecked={state.values.waitlistEnabled === 'on'}
              key={`waitlist-${state.values.waitlistEnabled}`}
            />
            Take a waitlist when the event is full
          </label>
          <label className={styles.checkboxLine}>
            <input
              type="checkbox"
              name="requiresReview"
              defaultChecked={state.values.requiresReview === 'on'}
              key={`review-${state.values.requiresReview}`}
            />
            Registrations need review (staff confirm or decline each one)
          </label>
          <div className={styles.field}>
            <label htmlFor={`${form}-autoPromote`} className={styles.label}>
              When a place frees up
            </label>
            <select
              id={`${form}-autoPromote`}
              name="autoPromote"
              defaultValue={state.values.autoPromote || 'auto'}
              key={`promote-${state.values.autoPromote}`}
              className={styles.input}
            >
              <option value="auto">First on the waitlist gets it</option>
              <option value="manual">Keep it for staff to give</option>
            </select>
          </div>
          <Field
            {...field}
            name="cancellationCutoffHours"
            label="Late cancellation cut-off (hours before the start)"
            type="number"
            inputMode="numeric"
            hint="A cancellation after this counts as late. Usually 24."
          />
        </fieldset>
        <Field {...field} name="location" label="Location" maxLength={200} />
        <Field {...field} name="organizer" label="Organizer" maxLength={200} />
        <MediaField
          key={`poster-${state.values.posterImg}`}
          name="posterImg"
          label="Poster"
          purpose="poster"
          defaultValue={state.values.posterImg ?? ''}
          error={state.errors.posterImg}
        />
        <MediaField
          key={`thumbnail-${state.values.thumbnailLink}`}
          name="thumbnailLink"
          label="Thumbnail"
          purpose="thumbnail"
          defaultValue={state.values.thumbnailLink ?? ''}
          error={state.errors.thumbnailLink}
        />
        {leadChoices ? (
          <fieldset className={styles.checkboxes} aria-describedby={`${form}-leads-hint`}>
            <legend className={styles.label}>Event leads</legend>
            <p id={`${form}-leads-hint`} className={styles.hint}>
              Event leads see and edit only the events they lead, with their registrants.
            </p>
            {leadChoices.length === 0 ? (
              <p className={styles.muted}>
                No account has the event lead role yet. A super admin can invite one.
              </p>
            ) : (
              leadChoices.map((lead) => (
                <label key={lead.id}>
                  <input
                    type="checkbox"
                    name="leads"
                    value={lead.id}
                    defaultChecked={leadIds.includes(lead.id)}
                  />
                  {lead.name} ({lead.email})
                </label>
              ))
            )}
            {state.errors.leads ? <p className={styles.fieldError}>{state.errors.leads}</p> : null}
          </fieldset>
        ) : null}
        <fieldset className={styles.group} aria-describedby={`${form}-publication`}>
          <legend className={styles.label}>On the site</legend>
          {eventId ? (
            <div className={styles.actionsRow}>
              <strong id={`${form}-publication`}>{publicationText(publishedAt)}</strong>
              <Link href={`/admin/events/${eventId}/preview`}>Preview as a visitor</Link>
            </div>
          ) : (
            <p id={`${form}-publication`} className={styles.hint}>
              Publish it now, choose when it appears, or save it as a draft that visitors do not
              see.
            </p>
          )}
          {published ? null : (
            <Field
              {...field}
              name="publishAt"
              label="Publish at"
              type="datetime-local"
              hint="Ottawa time. Press Schedule to have the event appear on the site then."
            />
          )}
        </fieldset>
        <FormMessage state={state} />
        {published ? (
          <button type="submit" className={styles.button} disabled={pending}>
            {pending ? 'Saving…' : 'Save the event'}
          </button>
        ) : (
          <div className={styles.actionsRow}>
            {/* The first button is the one Enter presses. */}
            {eventId ? (
              <button
                type="submit"
                name="publish"
                value="keep"
                className={styles.button}
                disabled={pending}
              >
                {pending ? 'Saving…' : 'Save the event'}
              </button>
            ) : (
              <button
                type="submit"
                name="publish"
                value="now"
                className={styles.button}
                disabled={pending}
              >
                {pending ? 'Saving…' : 'Publish the event'}
              </button>
            )}
            {eventId ? (
              <button
                type="submit"
                name="publish"
                value="now"
                className={secondary}
                disabled={pending}
              >
                Publish now
              </button>
            ) : null}
            <button
              type="submit"
              name="publish"
              value="schedule"
              className={secondary}
              disabled={pending}
            >
              Schedule
            </button>
            {eventId && !publishedAt ? null : (
              <button
                type="submit"
                name="publish"
                value="draft"
                className={secondary}
                disabled={pending}
              >
                Save as draft
              </button>
            )}
          </div>
        )}
      </form>
      {changeOffer !== undefined ? <NotifyChangeOffer offer={changeOffer} /> : null}
      {eventId && canDuplicate ? <DuplicateEventForm eventId={eventId} /> : null}
    </div>
  );
}

/** Makes a draft copy of the event, with every field, picture and question but no dates. */
export function DuplicateEventForm({ eventId }: { eventId: number }) {
  const [state, submit, pending] = useActionState<SmallActionState, FormData>(
    duplicateEventAction,
    {},
  );
  return (
    <form action={submit} className={styles.form}>
      <input type="hidden" name="eventId" value={eventId} />
      <fieldset className={styles.group}>
        <legend className={styles.label}>Run it again</legend>
        <p className={styles.hint}>
          Duplicate makes a draft with every field, picture, setting and question of this event. Its
          dates are left to set, and nobody is registered.
        </p>
        <ActionOutcome state={state} />
        <div className={styles.actionsRow}>
          <button
            type="submit"
            className={`${styles.button} ${styles.quietButton}`}
            disabled={pending}
          >
            {pending ? 'Duplicating…' : 'Duplicate'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
