'use client';

import { type FormEvent, useEffect, useRef, useState } from 'react';
import formStyles from '@/app/_components/forms/Form.module.css';
import { focusFirstInvalid, withoutField } from '@/app/_components/forms/submission';
import { type AnswerWords, fieldMessagesInCopyWords } from '@/lib/copy/answer-words';
import type { Copy } from '@/lib/copy/catalogue';
import {
  applicationFieldMessages,
  changeRequestSchema,
  memberIdRequestSchema,
} from '@/lib/memberships/application-schema';
import { postMembershipForm } from '@/lib/memberships/client';
import { InputField, TextAreaField } from './fields';
import type { CHANGE_FORM_KEYS, MEMBER_ID_FORM_KEYS } from './form-copy';
import styles from './membership.module.css';
import { useHydrated } from '@/lib/site/use-hydrated';

type Texts<K extends readonly (keyof Copy<'membership'>)[]> = Pick<Copy<'membership'>, K[number]>;

type Schema = {
  safeParse(value: unknown):
    | { success: true }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
      };
};

/** One small form: checked with the server's schema, sent, then replaced by its answer. */
function useRequestForm(options: {
  path: string;
  schema: Schema;
  values: (form: HTMLFormElement) => Record<string, string>;
  texts: { failure: string; unreachable: string; unexpected: string };
  answerWords: AnswerWords;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const doneRef = useRef<HTMLParagraphElement>(null);

  // The answer replaces the form: move there once it is on the page.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = options.values(form);
    const parsed = options.schema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = fieldMessagesInCopyWords(
        applicationFieldMessages(parsed.error),
        options.answerWords,
      );
      setErrors(fieldErrors);
      setStatus(null);
      focusFirstInvalid(form, fieldErrors);
      return;
    }
    setSending(true);
    setStatus(null);
    const result = await postMembershipForm(options.path, values, options.texts);
    setSending(false);
    if (!result.ok) {
      setErrors(result.fieldErrors);
      setStatus(`${options.texts.failure} ${result.message}`);
      if (Object.keys(result.fieldErrors).length > 0) focusFirstInvalid(form, result.fieldErrors);
      return;
    }
    setErrors({});
    setDone(true);
  }

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
      const name = target.name;
      setErrors((current) => withoutField(current, name));
    }
  };
  return { errors, status, sending, done, doneRef, onSubmit, onChange };
}

function read(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}

function Status({ status }: { status: string | null }) {
  return status ? (
    <p className={styles.status} role="alert">
      {status}
    </p>
  ) : null;
}

/** 'I forgot my member ID': a uOttawa email; the answer is the same whoever asks. */
export function MemberIdForm({
  texts,
  answerWords,
  labelledBy,
}: {
  texts: Texts<typeof MEMBER_ID_FORM_KEYS>;
  /**
   * The field messages' words (the Studio's 'Form answers'), as the server says them too, with
   * the spec's wording they replace: the page picks them (answerWordsFor in lib/copy/answers.ts).
   */
  answerWords: AnswerWords;
  labelledBy: string;
}) {
  const hydrated = useHydrated();
  const { errors, status, sending, done, doneRef, onSubmit, onChange } = useRequestForm({
    path: '/api/membership/member-id/',
    schema: memberIdRequestSchema,
    values: (element) => ({ uottawaEmail: read(element, 'uottawaEmail') }),
    texts,
    answerWords,
  });
  if (done) {
    return (
      <p className={styles.done} ref={doneRef} tabIndex={-1} role="status">
        {texts.forgotDone}
      </p>
    );
  }
  return (
    <form
      className={formStyles.form}
      onSubmit={onSubmit}
      onChange={onChange}
      noValidate
      aria-labelledby={labelledBy}
    >
      <InputField
        name="uottawaEmail"
        label={texts.uottawaEmail}
        hint={texts.uottawaEmailHint}
        requiredWord={texts.required}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        error={errors.uottawaEmail}
      />
      <Status status={status} />
      <div className={formStyles.actions}>
        <button type="submit" className="button" disabled={sending || !hydrated}>
          {sending ? texts.submitting : texts.forgotSubmit}
        </button>
      </div>
    </form>
  );
}

/** A request to change one's details, for the membership coordinator. */
export function ChangeDetailsForm({
  texts,
  answerWords,
  labelledBy,
}: {
  texts: Texts<typeof CHANGE_FORM_KEYS>;
  /**
   * The field messages' words (the Studio's 'Form answers'), as the server says them too, with
   * the spec's wording they replace: the page picks them (answerWordsFor in lib/copy/answers.ts).
   */
  answerWords: AnswerWords;
  labelledBy: string;
}) {
  const hydrated = useHydrated();
  const { errors, status, sending, done, doneRef, onSubmit, onChange } = useRequestForm({
    path: '/api/membership/change-requests/',
    schema: changeRequestSchema,
    values: (element) => ({
      name: read(element, 'name'),
      uottawaEmail: read(element, 'uottawaEmail'),
      memberId: read(element, 'memberId'),
      changes: read(element, 'changes'),
    }),
    texts,
    answerWords,
  });
  if (done) {
    return (
      <p className={styles.done} ref={doneRef} tabIndex={-1} role="status">
        {texts.changeCheckInbox}
      </p>
    );
  }
  return (
    <form
      className={formStyles.form}
      onSubmit={onSubmit}
      onChange={onChange}
      noValidate
      aria-labelledby={labelledBy}
    >
      <p className={styles.formNote}>{texts.requiredNote}</p>
      <InputField
        name="name"
        label={texts.changeName}
        requiredWord={texts.required}
        autoComplete="name"
        maxLength={100}
        error={errors.name}
      />
      <InputField
        name="uottawaEmail"
        label={texts.uottawaEmail}
        hint={texts.uottawaEmailHint}
        requiredWord={texts.required}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        error={errors.uottawaEmail}
      />
      <InputField
        name="memberId"
        label={texts.changeMemberId}
        maxLength={20}
        autoCapitalize="characters"
        error={errors.memberId}
      />
      <TextAreaField
        name="changes"
        label={texts.changeWhat}
        requiredWord={texts.required}
        maxLength={2000}
        error={errors.changes}
      />
      <Status status={status} />
      <div className={formStyles.actions}>
        <button type="submit" className="button" disabled={sending || !hydrated}>
          {sending ? texts.submitting : texts.changeSubmit}
        </button>
      </div>
    </form>
  );
}
