'use client';

import Link from 'next/link';
import { useEffect } from 'react';
import styles from './status-page.module.css';

export default function SiteError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <section className={styles.page} aria-labelledby="page-title" role="alert">
      <h1 id="page-title" className={styles.title}>
        Something went wrong
      </h1>
      <p className={styles.text}>
        This page could not be shown right now. Please try again in a moment.
        {error.digest ? ` (reference ${error.digest})` : ''}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={reset}>
          Try again
        </button>
        <Link href="/" className="button button-outline">
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
