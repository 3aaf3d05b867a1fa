import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import formStyles from '@/app/_components/forms/Form.module.css';
import styles from './membership.module.css';

/**
 * The membership forms' fields: a label, an optional hint, the control, and the message the
 * schema (in the browser or on the server) gives for it, tied to the control for screen readers.
 */

type Common = {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  /** The word screen readers hear for the star of a required field. */
  requiredWord?: string;
};

function describedBy(name: string, hint: string | undefined, error: string | undefined) {
  const ids = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Label({ name, label, requiredWord }: Pick<Common, 'name' | 'label' | 'requiredWord'>) {
  return (
    <label className={formStyles.label} htmlFor={name}>
      {label}
      {requiredWord ? (
        <>
          {' '}
          <span className={formStyles.required} aria-hidden="true">
            *
          </span>
          <span className="visually-hidden">({requiredWord})</span>
        </>
      ) : null}
    </label>
  );
}

export function FieldMessage({ name, error }: { name: string; error?: string }) {
  return error ? (
    <p id={`${name}-error`} className={formStyles.fieldError}>
      {error}
    </p>
  ) : null;
}

function Hint({ name, hint }: { name: string; hint?: string }) {
  return hint ? (
    <p id={`${name}-hint`} className={styles.hint}>
      {hint}
    </p>
  ) : null;
}

export function InputField({
  name,
  label,
  hint,
  error,
  requiredWord,
  ...rest
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={formStyles.field}>
      <Label name={name} label={label} requiredWord={requiredWord} />
      <Hint name={name} hint={hint} />
      <input
        className={formStyles.input}
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, hint, error)}
        {...rest}
      />
      <FieldMessage name={name} error={error} />
    </div>
  );
}

export function TextAreaField({
  name,
  label,
  hint,
  error,
  requiredWord,
  ...rest
}: Common & InputHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className={formStyles.field}>
      <Label name={name} label={label} requiredWord={requiredWord} />
      <Hint name={name} hint={hint} />
      <textarea
        className={formStyles.input}
        id={name}
        name={name}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, hint, error)}
        {...rest}
      />
      <FieldMessage name={name} error={error} />
    </div>
  );
}

export function SelectField({
  name,
  label,
  hint,
  error,
  requiredWord,
  children,
  ...rest
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <div className={formStyles.field}>
      <Label name={name} label={label} requiredWord={requiredWord} />
      <Hint name={name} hint={hint} />
      <select
        className={formStyles.input}
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, hint, error)}
        {...rest}
      >
        {children}
      </select>
      <FieldMessage name={name} error={error} />
    </div>
  );
}

/** Checkboxes or radio buttons under one legend; the message applies to the whole group. */
export function ChoiceGroup({
  name,
  label,
  hint,
  error,
  requiredWord,
  type,
  options,
}: Common & { type: 'checkbox' | 'radio'; options: { value: string; label: string }[] }) {
  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy(name, hint, error)}>
      <legend className={styles.legend}>
        {label}
        {requiredWord ? (
          <>
            {' '}
            <span className={formStyles.required} aria-hidden="true">
              *
            </span>
            <span className="visually-hidden">({requiredWord})</span>
          </>
        ) : null}
      </legend>
      <Hint name={name} hint={hint} />
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input type={type} name={name} value={option.value} />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessage name={name} error={error} />
    </fieldset>
  );
}
