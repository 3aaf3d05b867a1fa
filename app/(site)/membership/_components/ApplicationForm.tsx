'use client';

import { type FormEvent, useEffect, useRef, useState } from 'react';
import formStyles from '@/app/_components/forms/Form.module.css';
import { focusFirstInvalid, withoutField } from '@/app/_components/forms/submission';
import { type AnswerWords, fieldMessagesInCopyWords } from '@/lib/copy/answer-words';
import type { Copy } from '@/lib/copy/catalogue';
import {
  EVENT_KINDS,
  INDUSTRIES,
  YEARS_OF_STUDY,
  applicationFieldMessages,
  membershipApplicationSchema,
} from '@/lib/memberships/application-schema';
import { postMembershipForm } from '@/lib/memberships/client';
import { ChoiceGroup, FieldMessage, InputField, SelectField } from './fields';
import type { APPLICATION_FORM_KEYS } from './form-copy';
import styles from './membership.module.css';
import { useHydrated } from '@/lib/site/use-hydrated';

export type ApplicationFormTexts = Pick<Copy<'membership'>, (typeof APPLICATION_FORM_KEYS)[number]>;

/** A type on sale as the form lists it: its id and 'Regular: CA$25.00'. */
export type TypeChoice = { id: number; label: string };

/** The server's answer once the application is sent: to open the link emailed to the address. */
type Sent = { message: string };

const YEAR_KEYS = {
  '1': 'year1',
  '2': 'year2',
  '3': 'year3',
  '4': 'year4',
  '5+': 'year5',
  Graduate: 'yearGraduate',
} as const satisfies Record<(typeof YEARS_OF_STUDY)[number], keyof ApplicationFormTexts>;

const INDUSTRY_KEYS = {
  Accounting: 'industryAccounting',
  Finance: 'industryFinance',
  Consulting: 'industryConsulting',
  Marketing: 'industryMarketing',
  Technology: 'industryTechnology',
  Entrepreneurship: 'industryEntrepreneurship',
  'Public sector': 'industryPublicSector',
  Other: 'industryOther',
} as const satisfies Record<(typeof INDUSTRIES)[number], keyof ApplicationFormTexts>;

const EVENT_KIND_KEYS = {
  Networking: 'eventNetworking',
  'Office tours': 'eventOfficeTours',
  Workshops: 'eventWorkshops',
  'Cultural events': 'eventCultural',
  'Social events': 'eventSocial',
  'Case competitions': 'eventCaseCompetitions',
} as const satisfies Record<(typeof EVENT_KINDS)[number], keyof ApplicationFormTexts>;

/** The form's values as the schema reads them (what the server receives). */
function valuesOf(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const consent = text('notificationConsent');
  return {
    legalName: text('legalName'),
    preferredName: text('preferredName'),
    uottawaEmail: text('uottawaEmail'),
    program: text('program'),
    yearOfStudy: text('yearOfStudy') || undefined,
    expectedGraduationYear: text('expectedGraduationYear') || undefined,
    membershipTypeId: text('membershipTypeId') || undefined,
    industries: data.getAll('industries').map(String),
    notificationConsent: consent === 'yes' ? true : consent === 'no' ? false : undefined,
    acceptTerms: data.get('acceptTerms') === 'on',
    personalEmail: text('personalEmail'),
    wechatId: text('wechatId'),
    linkedinUrl: text('linkedinUrl'),
    preferredEventKinds: data.getAll('preferredEventKinds').map(String),
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The membership application: checked in the browser with the server's own schema (a message
 * beside each field, focus on the first), then sent; the answer says to open the link emailed to
 * the uOttawa address, whose page shows how to pay. What was typed stays when the server refuses
 * it.
 */
export function ApplicationForm({
  types,
  graduationYears,
  texts,
  answerWords,
  policiesHref,
  newTab,
}: {
  types: TypeChoice[];
  graduationYears: number[];
  texts: ApplicationFormTexts;
  /**
   * The field messages' words (the Studio's 'Form answers'), as the server says them too, with
   * the spec's wording they replace: the page picks them (answerWordsFor in lib/copy/answers.ts).
   */
  answerWords: AnswerWords;
  policiesHref: string;
  /** Said after the link that opens the policies in a new tab (site-wide text). */
  newTab: string;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const hydrated = useHydrated();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const receiptHeading = useRef<HTMLHeadingElement>(null);

  // The answer replaces the form: move there once it is on the page, so nobody is left on a
  // vanished button.
  useEffect(() => {
    if (sent) receiptHeading.current?.focus();
  }, [sent]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = membershipApplicationSchema.safeParse(valuesOf(form));
    if (!parsed.success) {
      const fieldErrors = fieldMessagesInCopyWords(
        applicationFieldMessages(parsed.error),
        answerWords,
      );
      setErrors(fieldErrors);
      setStatus(null);
      focusFirstInvalid(form, fieldErrors);
      return;
    }
    setSending(true);
    setStatus(null);
    const result = await postMembershipForm('/api/membership/applications/', valuesOf(form), {
      unreachable: texts.unreachable,
      unexpected: texts.unexpected,
    });
    setSending(false);
    if (!result.ok) {
      setErrors(result.fieldErrors);
      setStatus(`${texts.failure} ${result.message}`);
      if (Object.keys(result.fieldErrors).length > 0) focusFirstInvalid(form, result.fieldErrors);
      return;
    }
    setErrors({});
    setSent({ message: text(result.body.message) });
  }

  if (sent) {
    return (
      <section className={styles.receipt} aria-labelledby="receipt-title" data-testid="check-inbox">
        <h2 id="receipt-title" ref={receiptHeading} tabIndex={-1}>
          {texts.checkInboxTitle}
        </h2>
        <p>{sent.message}</p>
      </section>
    );
  }

  const clear = (name: string) => setErrors((current) => withoutField(current, name));
  const required = texts.required;

  return (
    <form
      className={formStyles.form}
      onSubmit={onSubmit}
      onChange={(event) => {
        const target = event.target;
        if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) {
          clear(target.name);
        }
      }}
      noValidate
      aria-labelledby="application-form-title"
    >
      <h2 id="application-form-title" className={formStyles.title}>
        {texts.formHeading}
      </h2>
      <p className={styles.formNote}>{texts.requiredNote}</p>
      <InputField
        name="legalName"
        label={texts.legalName}
        requiredWord={required}
        autoComplete="name"
        maxLength={100}
        error={errors.legalName}
      />
      <InputField
        name="preferredName"
        label={texts.preferredName}
        requiredWord={required}
        autoComplete="nickname"
        maxLength={60}
        error={errors.preferredName}
      />
      <InputField
        name="uottawaEmail"
        label={texts.uottawaEmail}
        hint={texts.uottawaEmailHint}
        requiredWord={required}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        error={errors.uottawaEmail}
      />
      <InputField
        name="program"
        label={texts.program}
        hint={texts.programHint}
        requiredWord={required}
        maxLength={100}
        error={errors.program}
      />
      <SelectField
        name="yearOfStudy"
        label={texts.yearOfStudy}
        requiredWord={required}
        defaultValue=""
        error={errors.yearOfStudy}
      >
        <option value="">{texts.yearChoose}</option>
        {YEARS_OF_STUDY.map((year) => (
          <option key={year} value={year}>
            {texts[YEAR_KEYS[year]]}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="expectedGraduationYear"
        label={texts.graduationYear}
        requiredWord={required}
        defaultValue=""
        error={errors.expectedGraduationYear}
      >
        <option value="">{texts.yearChoose}</option>
        {graduationYears.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </SelectField>
      {types.length > 0 ? (
        <SelectField
          name="membershipTypeId"
          label={texts.membershipType}
          requiredWord={required}
          defaultValue={types.length === 1 ? String(types[0]!.id) : ''}
          error={errors.membershipTypeId}
        >
          {types.length > 1 ? <option value="">{texts.yearChoose}</option> : null}
          {types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.label}
            </option>
          ))}
        </SelectField>
      ) : (
        <p className="status-text">{texts.pricesEmpty}</p>
      )}
      <ChoiceGroup
        name="industries"
        type="checkbox"
        label={texts.industries}
        hint={texts.industriesHint}
        requiredWord={required}
        error={errors.industries}
        options={INDUSTRIES.map((value) => ({ value, label: texts[INDUSTRY_KEYS[value]] }))}
      />
      <ChoiceGroup
        name="notificationConsent"
        type="radio"
        label={texts.notifications}
        requiredWord={required}
        error={errors.notificationConsent}
        options={[
          { value: 'yes', label: texts.yes },
          { value: 'no', label: texts.no },
        ]}
      />
      <div className={styles.optional}>
        <h3 className={styles.subheading}>{texts.optionalHeading}</h3>
        <InputField
          name="personalEmail"
          label={texts.personalEmail}
          type="email"
          autoComplete="off"
          maxLength={254}
          error={errors.personalEmail}
        />
        <InputField name="wechatId" label={texts.wechatId} maxLength={40} error={errors.wechatId} />
        <InputField
          name="linkedinUrl"
          label={texts.linkedinUrl}
          type="url"
          inputMode="url"
          maxLength={500}
          error={errors.linkedinUrl}
        />
        <ChoiceGroup
          name="preferredEventKinds"
          type="checkbox"
          label={texts.eventKinds}
          error={errors.preferredEventKinds}
          options={EVENT_KINDS.map((value) => ({ value, label: texts[EVENT_KIND_KEYS[value]] }))}
        />
      </div>
      <div className={formStyles.field}>
        <label className={styles.choice} htmlFor="acceptTerms">
          <input
            id="acceptTerms"
            name="acceptTerms"
            type="checkbox"
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? 'acceptTerms-error' : undefined}
          />
          <span>
            {texts.terms}{' '}
            <span className={formStyles.required} aria-hidden="true">
              *
            </span>
            <span className="visually-hidden">({required})</span>
          </span>
        </label>
        <a className={styles.hint} href={policiesHref} target="_blank" rel="noopener">
          {texts.termsLinks} <span className="visually-hidden">{newTab}</span>
        </a>
        <FieldMessage name="acceptTerms" error={errors.acceptTerms} />
      </div>
      {status ? (
        <p className={styles.status} role="alert">
          {status}
        </p>
      ) : null}
      <div className={formStyles.actions}>
        <button
          type="submit"
          className="button"
          disabled={sending || !hydrated || types.length === 0}
        >
          {sending ? texts.submitting : texts.submit}
        </button>
      </div>
    </form>
  );
}
