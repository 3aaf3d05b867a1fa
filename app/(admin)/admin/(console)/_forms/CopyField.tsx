'use client';

import { useId, useState } from 'react';
import styles from '../../console.module.css';

/**
 * A value to hand on (a one-time link, a key for an app), shown whole in a read-only field that
 * can be selected on a phone, with a button that copies it and says so.
 */
export function CopyField({
  label,
  value,
  copyLabel,
}: {
  label: string;
  value: string;
  /** The button's words: 'Copy the link', 'Copy the key'. */
  copyLabel: string;
}) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        readOnly
        value={value}
        spellCheck={false}
        autoCapitalize="off"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className={styles.row}>
        <button
          type="button"
          className={`${styles.button} ${styles.quietButton}`}
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true));
          }}
        >
          {copyLabel}
        </button>
        <span role="status">{copied ? 'Copied.' : ''}</span>
      </div>
    </div>
  );
}
