'use client';

import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AvailabilityDto, EventQuestionDto } from '@/lib/api/contract';
import { TextField } from '@/app/_components/forms/FormField';
import formStyles from '@/app/_components/forms/Form.module.css';
import styles from './registration.module.css';
import type { EmailConfig } from '@/lib/mail/emailjs';
import type { Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { REGISTRATION_FORM_COPY_KEYS } from '@/lib/copy/client-keys';
import {
  alreadyRegisteredMessage,
  fetchAvailability,
  type RegistrationFields,
  RegistrationRequestError,
  registrationFailureMessage,
  sendRegistrationEmails,
  submitRegistration,
} from '@/lib/registrations/client';
import { answersOf, QuestionFields } from './QuestionFields';
import { availabilityLine } from './availability-line';
import { useHydrated } from '@/lib/site/use-hydrated';

export type RegistrationFormCopy = Pick<
  Copy<'event'>,
  (typeof REGISTRATION_FORM_COPY_KEYS)[number]
>;

type Status = { tone: 'success' | 'error'; text: string; manageUrl?: string | null } | null;

/** The manage link as a path of this site (the server names it with the configured site URL). */
function sitePath(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname;
  } catch {
    return url;
  }
}

/** 'Monday, December 1, 2026 at 9:00 AM Ottawa time (ET)' in the visitor's browser. */
function clubDateTime(iso: string, timeZoneLabel: string): string {
  const instant = new Date(iso);
  const date = instant.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'America/Toronto',
  });
  const time = instant.toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'America/Toronto',
  });
  return `${date} at ${time} ${timeZoneLabel}`;
}

function fieldsOf(form: HTMLFormElement): RegistrationFields {
  const data = new FormData(form);
  const value = (name: string) => String(data.get(name) ?? '').trim();
  return {
    first_name: value('first_name'),
    last_name: value('last_name'),
    email: value('email'),
    member_id: value('member_id') || undefined,
  };
}

/**
 * 'Register for this Event' (spec sections 4 and 8): idle, 'Registering...' with the button
 * disabled, then the success message (fields cleared) or 'Registration failed: ...'. The status
 * paragraph is in the page from the start so screen readers announce what fills it.
 */
export function RegistrationForm({
  titleId,
  eventId,
  eventTitle,
  eventDate,
  emailConfig,
  copy,
  timeZoneLabel = 'Ottawa time (ET)',
  questions = [],
}: {
  titleId: string;
  eventId: number;
  eventTitle: string;
  /** The date and time as the emails carry them. */
  eventDate: string;
  emailConfig: EmailConfig;
  copy: RegistrationFormCopy;
  timeZoneLabel?: string;
  /** The event's own questions (GET /api/events/{id}/ `questions`), asked after the email. */
  questions?: readonly EventQuestionDto[];
}) {
  const hydrated = useHydrated();
  const [submitting, setSubmitting] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [availability, setAvailability] = useState<AvailabilityDto | null>(null);
  const [asMember, setAsMember] = useState(false);
  // The server's message per question after a refused registration (`answers.<id>`).
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Focus moves to the first question the server found wrong, which says why beside it.
    formRef.current
      ?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')
      ?.focus();
  }, [answerErrors]);
  const statusId = useId();
  const availabilityId = useId();
  const memberHintId = useId();
  const nonMemberId = useId();

  const refreshAvailability = useCallback(async () => {
    setAvailability(await fetchAvailability(eventId));
  }, [eventId]);
  useEffect(() => {
    let current = true;
    void fetchAvailability(eventId).then((read) => {
      if (current) setAvailability(read);
    });
    return () => {
      current = false;
    };
  }, [eventId]);

  const availabilityText = availabilityLine(availability, copy, (iso) =>
    clubDateTime(iso, timeZoneLabel),
  );
  // The server refuses these anyway; the button says so before anyone types.
  const refusing =
    availability?.state === 'registration_closed' ||
    availability?.state === 'completed' ||
    availability?.state === 'cancelled' ||
    availability?.state === 'coming_soon';
  // The server says when a member ID matters (lib/registrations/pools.ts registrationOffer),
  // the waitlist of the member window included.
  const offersMember = !refusing && availability?.asks_member_id === true;
  const askMemberId = offersMember && (availability?.members_only === true || asMember);
  // A non-member in the member window waits for the public opening; the button says so.
  const waitingNonMember = offersMember && !askMemberId && !availability?.open_to_everyone;
  const publicOpening =
    waitingNonMember && availability?.opens_at
      ? fillCopy(copy.nonMemberOpens, { date: clubDateTime(availability.opens_at, timeZoneLabel) })
      : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = fieldsOf(form);
    // A client that asks no questions sends no answers, as before questions existed.
    if (questions.length > 0) fields.answers = answersOf(form, questions);
    setSubmitting(true);
    setStatus(null);
    let result;
    try {
      result = await submitRegistration(eventId, fields);
    } catch (error) {
      setAnswerErrors(
        error instanceof RegistrationRequestError
          ? Object.fromEntries(
              Object.entries(error.fields).filter(([field]) => field.startsWith('answers.')),
            )
          : {},
      );
      const registeredAlready = alreadyRegisteredMessage(error);
      setStatus(
        registeredAlready
          ? { tone: 'success', text: registeredAlready }
          : { tone: 'error', text: registrationFailureMessage(error, copy) },
      );
      setSubmitting(false);
      void refreshAvailability();
      return;
    }
    form.reset();
    setAnswerErrors({});
    setStatus({
      tone: 'success',
      // The spec's text (as the editors keep it) for a confirmed place; the server's words,
      // which say what waiting means, for the waitlist and for review.
      text: result.status === 'confirmed' ? copy.success : (result.message ?? copy.success),
      manageUrl: result.manageUrl,
    });
    setSubmitting(false);
    void refreshAvailability();
    // The registration is stored: the emails are a courtesy and never undo that.
    void sendRegistrationEmails(
      emailConfig,
      fields,
      { title: eventTitle, date: eventDate },
      result.manageUrl,
    );
  }

  return (
    <form
      ref={formRef}
      className={formStyles.form}
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      aria-describedby={statusId}
    >
      <h2 id={titleId} className={formStyles.title}>
        {copy.formTitle}
      </h2>
      <p
        id={availabilityId}
        className={styles.availability}
        data-testid="registration-availability"
        aria-live="polite"
      >
        {availabilityText}
        {availability?.requires_review && !refusing ? (
          <span className={styles.review}>{copy.reviewNote}</span>
        ) : null}
      </p>
      <TextField
        label={copy.firstName}
        name="first_name"
        id="registration-first-name"
        autoComplete="given-name"
        maxLength={60}
      />
      <TextField
        label={copy.lastName}
        name="last_name"
        id="registration-last-name"
        autoComplete="family-name"
        maxLength={60}
      />
      <TextField
        label={copy.email}
        name="email"
        id="registration-email"
        type="email"
        autoComplete="email"
        maxLength={254}
      />
      {offersMember && !availability?.members_only ? (
        <fieldset className={styles.memberChoice}>
          <legend className={formStyles.label}>{copy.memberChoice}</legend>
          <label className={styles.choice}>
            <input
              type="radio"
              name="registering_as"
              value="member"
              checked={asMember}
              onChange={() => setAsMember(true)}
            />{' '}
            {copy.memberYes}
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name="registering_as"
              value="public"
              checked={!asMember}
              onChange={() => setAsMember(false)}
              aria-describedby={publicOpening ? nonMemberId : undefined}
            />{' '}
            {copy.memberNo}
          </label>
        </fieldset>
      ) : null}
      {askMemberId ? (
        <>
          <TextField
            label={copy.memberId}
            name="member_id"
            id="registration-member-id"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            maxLength={40}
            aria-describedby={memberHintId}
          />
          <p id={memberHintId} className={styles.hint}>
            {copy.memberIdHint}
          </p>
        </>
      ) : null}
      {publicOpening ? (
        <p id={nonMemberId} className={styles.hint} data-testid="registration-non-member">
          {publicOpening}
        </p>
      ) : null}
      <QuestionFields questions={questions} errors={answerErrors} copy={copy} />
      <p
        id={statusId}
        className={`${formStyles.status} ${styles.status}`}
        role="status"
        aria-live="polite"
        data-tone={status?.tone}
        data-testid="registration-status"
      >
        {status?.text}
      </p>
      {status?.manageUrl ? (
        <p className={styles.manage}>
          <a href={sitePath(status.manageUrl)}>{copy.manageLink}</a>
        </p>
      ) : null}
      <div className={formStyles.actions}>
        <button
          type="submit"
          className={`button ${formStyles.submit}`}
          disabled={submitting || !hydrated || refusing || waitingNonMember}
          aria-describedby={
            refusing ? availabilityId : waitingNonMember && publicOpening ? nonMemberId : undefined
          }
        >
          {submitting ? copy.submitting : copy.submit}
        </button>
      </div>
    </form>
  );
}
