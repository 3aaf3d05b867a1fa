import type { ReactNode } from 'react';
import styles from '../../console.module.css';
import { ErrorSummary } from './ErrorSummary';

/** What a console form's action answers: a message per field, the values typed, a notice. */
export type FormState = {
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
  done?: string;
};

type FieldProps = {
  form: string;
  name: string;
  label: string;
  state: FormState;
  type?: 'text' | 'email' | 'url' | 'number' | 'date' | 'time' | 'datetime-local';
  multiline?: boolean;
  required?: boolean;
  hint?: ReactNode;
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  maxLength?: number;
};

/** A labelled input with its hint and its error, linked for screen readers. */
export function Field({
  form,
  name,
  label,
  state,
  type = 'text',
  multiline = false,
  required = false,
  hint,
  inputMode,
  autoComplete = 'off',
  maxLength,
}: FieldProps) {
  const id = `${form}-${name}`;
  const error = state.errors[name];
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  // A new answer from the action puts its values back in the inputs (React keys are not spread).
  const inputKey = `${name}-${state.values[name] ?? ''}`;
  const common = {
    id,
    name,
    required,
    maxLength,
    defaultValue: state.values[name] ?? '',
    className: styles.input,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? null : <span className={styles.optional}> (optional)</span>}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea rows={6} key={inputKey} {...common} />
      ) : (
        <input
          key={inputKey}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          {...common}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Placed by the submit button: the summary of the fields with errors (ErrorSummary), then the
 * form's own message (not tied to a field), announced when it appears.
 */
export function FormMessage({ state }: { state: FormState }) {
  return (
    <>
      <ErrorSummary errors={state.errors} />
      <FormNotice state={state} />
    </>
  );
}

function FormNotice({ state }: { state: FormState }) {
  return (
    <div aria-live="polite">
      {state.errors.form ? (
        <p role="alert" className={styles.alert}>
          {state.errors.form}
        </p>
      ) : null}
      {state.done ? <p className={styles.notice}>{state.done}</p> : null}
    </div>
  );
}
