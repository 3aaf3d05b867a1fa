'use client';

import { useState } from 'react';
import styles from '../../console.module.css';

/** A one-time link to pass on, shown once, with a button that copies it. */
export function OneTimeLink({ label, link }: { label: string; link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor="one-time-link" className={styles.label}>
        {label}
      </label>
      <input id="one-time-link" className={styles.input} readOnly value={link} />
      <div className={styles.row}>
        <button
          type="button"
          className={`${styles.button} ${styles.quietButton}`}
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          Copy the link
        </button>
        <span role="status">{copied ? 'Copied.' : ''}</span>
      </div>
    </div>
  );
}
