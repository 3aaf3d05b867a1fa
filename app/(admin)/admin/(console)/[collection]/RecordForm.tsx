'use client';

import { useActionState } from 'react';
import {
  COLLECTION_SPECS,
  type CollectionSlug,
  type FieldSpec,
} from '@/lib/admin/collection-specs';
import styles from '../../console.module.css';
import { Field, FormMessage, type FormState } from '../_forms/Field';
import { MediaField } from '../_forms/MediaField';
import { deleteCollectionRecord, type RecordActionState, saveCollectionRecord } from './actions';

type Choices = Record<'department' | 'member', { value: string; label: string }[]>;

function ChoiceField({
  form,
  field,
  state,
  choices,
}: {
  form: string;
  field: FieldSpec;
  state: FormState;
  choices: Choices;
}) {
  const id = `${form}-${field.column}`;
  const options = Array.isArray(field.choices)
    ? field.choices
    : choices[field.choices as 'department' | 'member'];
  const error = state.errors[field.column];
  const describedBy = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {field.label}
        {field.required ? null : <span className={styles.optional}> (optional)</span>}
      </label>
      {field.hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {field.hint}
        </p>
      ) : null}
      <select
        id={id}
        name={field.column}
        defaultValue={state.values[field.column] ?? ''}
        key={`${field.column}-${state.values[field.column] ?? ''}`}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        <option value="">{field.required ? `Choose ${field.label.toLowerCase()}` : 'None'}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Every field of a record, as its collection's spec lists them. */
export function RecordForm({
  slug,
  recordId,
  initialValues,
  choices,
}: {
  slug: CollectionSlug;
  recordId?: number;
  initialValues: Record<string, string>;
  choices: Choices;
}) {
  const spec = COLLECTION_SPECS[slug];
  const [state, submit, pending] = useActionState<FormState, FormData>(saveCollectionRecord, {
    errors: {},
    values: initialValues,
  });
  const form = `${slug}-${recordId ?? 'new'}`;
  return (
    <form action={submit} className={styles.form} noValidate>
      <input type="hidden" name="collection" value={slug} />
      {recordId ? <input type="hidden" name="recordId" value={recordId} /> : null}
      {spec.fields.map((field: FieldSpec) => {
        if (field.kind === 'media') {
          return (
            <MediaField
              key={`${field.column}-${state.values[field.column] ?? ''}`}
              name={field.column}
              label={field.label}
              purpose={field.purpose ?? 'gallery'}
              required={field.required}
              defaultValue={state.values[field.column] ?? ''}
              error={state.errors[field.column]}
            />
          );
        }
        if (field.kind === 'choice') {
          return (
            <ChoiceField
              key={field.column}
              form={form}
              field={field}
              state={state}
              choices={choices}
            />
          );
        }
        return (
          <Field
            key={field.column}
            form={form}
            state={state}
            name={field.column}
            label={field.label}
            required={field.required}
            maxLength={field.max}
            hint={field.hint}
            multiline={field.kind === 'text'}
            type={
              field.kind === 'line' || field.kind === 'text'
                ? 'text'
                : field.kind === 'link'
                  ? 'url'
                  : field.kind
            }
          />
        );
      })}
      <FormMessage state={state} />
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Saving…' : recordId ? 'Save' : `Add the ${spec.singular}`}
      </button>
    </form>
  );
}

export function DeleteRecordForm({
  slug,
  recordId,
  name,
}: {
  slug: CollectionSlug;
  recordId: number;
  name: string;
}) {
  const [state, submit, pending] = useActionState<RecordActionState, FormData>(
    deleteCollectionRecord,
    {},
  );
  return (
    <form action={submit} className={styles.form}>
      <input type="hidden" name="collection" value={slug} />
      <input type="hidden" name="recordId" value={recordId} />
      <label className={styles.row}>
        <input type="checkbox" name="confirm" value="yes" />
        Yes, remove {name} from the site
      </label>
      <div aria-live="polite">
        {state.error ? (
          <p role="alert" className={styles.alert}>
            {state.error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={styles.dangerButton} disabled={pending}>
        Remove
      </button>
    </form>
  );
}
