import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import styles from './Form.module.css';

type Common = {
  label: string;
  name: string;
  id?: string;
  /** What the server found wrong with this field; shown beside it and tied to it. */
  error?: string | null;
};

/** The field's own description ids, with its error's id added when there is an error. */
function errorProps(id: string, error: string | null | undefined, describedBy?: string) {
  if (!error) return { 'aria-describedby': describedBy };
  const errorId = `${id}-error`;
  return {
    'aria-invalid': true as const,
    'aria-describedby': describedBy ? `${describedBy} ${errorId}` : errorId,
  };
}

function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <p id={`${id}-error`} className={styles.fieldError}>
      {error}
    </p>
  ) : null;
}

/** A labelled, required text input; the browser checks it before the form is sent. */
export function TextField({
  label,
  name,
  id = name,
  type = 'text',
  error,
  'aria-describedby': describedBy,
  ...rest
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}{' '}
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      </label>
      <input
        className={styles.input}
        id={id}
        name={name}
        type={type}
        required
        {...rest}
        {...errorProps(id, error, describedBy)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

export function TextAreaField({
  label,
  name,
  id = name,
  error,
  'aria-describedby': describedBy,
  ...rest
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}{' '}
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      </label>
      <textarea
        className={styles.input}
        id={id}
        name={name}
        required
        {...rest}
        {...errorProps(id, error, describedBy)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
