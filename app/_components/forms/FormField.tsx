import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import styles from './Form.module.css';

type Common = { label: string; name: string; id?: string };

/** A labelled, required text input; the browser checks it before the form is sent. */
export function TextField({
  label,
  name,
  id = name,
  type = 'text',
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
      <input className={styles.input} id={id} name={name} type={type} required {...rest} />
    </div>
  );
}

export function TextAreaField({
  label,
  name,
  id = name,
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
      <textarea className={styles.input} id={id} name={name} required {...rest} />
    </div>
  );
}
