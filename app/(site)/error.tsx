'use client';

import Link from 'next/link';
import { useEffect } from 'react';
import { useSiteCopy } from '@/app/_components/SiteCopy';
import { fillCopy } from '@/lib/copy/fill';
import styles from './status-page.module.css';

export default function SiteError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const copy = useSiteCopy();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <section className={styles.page} aria-labelledby="page-title" role="alert">
      <h1 id="page-title" className={styles.title}>
        {copy.errorTitle}
      </h1>
      <p className={styles.text}>
        {copy.errorText}
        {error.digest ? ` ${fillCopy(copy.errorReference, { reference: error.digest })}` : ''}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={reset}>
          {copy.errorRetry}
        </button>
        <Link href="/" className="button button-outline">
          {copy.errorHome}
        </Link>
      </div>
    </section>
  );
}
