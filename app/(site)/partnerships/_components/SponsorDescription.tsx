'use client';

import { useId, useState } from 'react';
import { SPONSOR_DESCRIPTION_KEEP, SPONSOR_DESCRIPTION_LIMIT, truncate } from '@/lib/site/truncate';
import styles from './Partnerships.module.css';

/**
 * The collapsed form of a sponsor description: its first 147 characters plus '...' when it is
 * over 150 characters (spec section 9), else null, as the description is shown whole.
 */
export function collapsedDescription(text: string): string | null {
  const shortened = truncate(text, SPONSOR_DESCRIPTION_KEEP, SPONSOR_DESCRIPTION_LIMIT);
  return shortened === text ? null : shortened;
}

/** A sponsor's description, collapsed when long, with its 'Show more' / 'Show less' toggle. */
export function SponsorDescription({
  text,
  labels = { more: 'Show more', less: 'Show less' },
}: {
  text: string;
  /** The toggle's words, from the partnerships page's texts. */
  labels?: { more: string; less: string };
}) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const collapsed = collapsedDescription(text);
  if (collapsed === null) return <p className={styles.description}>{text}</p>;
  return (
    <>
      <p id={id} className={styles.description}>
        {expanded ? text : collapsed}
      </p>
      <button
        type="button"
        className={styles.more}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((value) => !value)}
      >
        {expanded ? labels.less : labels.more}
      </button>
    </>
  );
}
