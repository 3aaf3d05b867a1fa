'use client';

import { useActionState } from 'react';
import { YEARS_OF_STUDY } from '@/lib/memberships/application-schema';
import {
  CORRECTION_REASON_LENGTH,
  DETAIL_FIELDS,
  DETAIL_LABELS,
  type DetailField,
  type DetailValues,
} from '@/lib/memberships/detail-fields';
import styles from '../../../console.module.css';
import { ActionOutcome } from '../../_forms/ActionOutcome';
import { applyChangeRequest, type CorrectionState, correctMemberDetails } from '../details-actions';

const INPUT_TYPES: Partial<Record<DetailField, 'email' | 'number'>> = {
  uottawaEmail: 'email',
  personalEmail: 'email',
  expectedGraduationYear: 'number',
};

const MAX_LENGTHS: Partial<Record<DetailField, number>> = {
  legalName: 100,
  preferredName: 60,
  uottawaEmail: 254,
  personalEmail: 254,
  program: 100,
};

/**
 * The member's details to correct, prefilled with what is stored, and the reason (required).
 * With `changeRequestId`, the correction applies that change request (the inbox) and marks it
 * applied; its reason is prefilled from the request.
 */
export function CorrectDetailsForm({
  membershipId,
  name,
  current,
  changeRequestId,
  reason = '',
}: {
  membershipId: number;
  name: string;
  current: DetailValues;
  changeRequestId?: number;
  reason?: string;
}) {
  const [state, submit, pending] = useActionState<CorrectionState, FormData>(
    changeRequestId === undefined ? correctMemberDetails : applyChangeRequest,
    {},
  );
  const prefix = changeRequestId === undefined ? 'details' : `request-${changeRequestId}`;
  const valueOf = (field: string, fallback: string) => state.values?.[field] ?? fallback;
  return (
    <form action={submit} className={styles.form} aria-labelledby={`${prefix}-title`}>
      <h3 id={`${prefix}-title`} className={styles.label}>
        {changeRequestId === undefined
          ? `Correct the details of ${name}`
          : `Apply change request #${changeRequestId} to ${name}`}
      </h3>
      <input type="hidden" name="membershipId" value={membershipId} />
      {changeRequestId === undefined ? null : (
        <input type="hidden" name="changeRequestId" value={changeRequestId} />
      )}
      <div className={styles.twoColumns}>
        {DETAIL_FIELDS.map((field) => {
          const id = `${prefix}-${field}`;
          const error = state.fields?.[field];
          const value = valueOf(field, current[field]);
          const common = {
            id,
            name: field,
            defaultValue: value,
            className: styles.input,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
          };
          // A refused answer puts what was typed back (a new key: the inputs are not controlled).
          const inputKey = `${field}-${value}`;
          return (
            <div className={styles.field} key={field}>
              <label htmlFor={id} className={styles.label}>
                {DETAIL_LABELS[field]}
                {field === 'personalEmail' ? (
                  <span className={styles.optional}> (optional)</span>
                ) : null}
              </label>
              {field === 'yearOfStudy' ? (
                <select key={inputKey} {...common} required>
                  {YEARS_OF_STUDY.includes(value as (typeof YEARS_OF_STUDY)[number]) ? null : (
                    <option value={value}>{value}</option>
                  )}
                  {YEARS_OF_STUDY.map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  key={inputKey}
                  {...common}
                  type={INPUT_TYPES[field] ?? 'text'}
                  required={field !== 'personalEmail'}
                  maxLength={MAX_LENGTHS[field]}
                  autoComplete="off"
                />
              )}
              {error ? (
                <p id={`${id}-error`} className={styles.fieldError}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${prefix}-reason`} className={styles.label}>
          Reason
        </label>
        <input
          id={`${prefix}-reason`}
          key={`reason-${valueOf('reason', reason)}`}
          name="reason"
          required
          maxLength={CORRECTION_REASON_LENGTH}
          defaultValue={valueOf('reason', reason)}
          className={styles.input}
        />
      </div>
      <ActionOutcome state={state} />
      <button type="submit" className={styles.button} disabled={pending}>
        {pending
          ? 'Saving…'
          : changeRequestId === undefined
            ? 'Correct the details'
            : 'Apply to the membership'}
      </button>
    </form>
  );
}
