import type { Metadata } from 'next';
import Link from 'next/link';
import { getCopy } from '@/lib/copy/read';
import { notFoundMetadata } from './_components/not-found-metadata';
import styles from './status-page.module.css';

export async function generateMetadata(): Promise<Metadata> {
  return notFoundMetadata();
}

export default async function NotFound() {
  const copy = await getCopy('site');
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="page-title" className={styles.title}>
        {copy.notFoundTitle}
      </h1>
      <p className={styles.text}>{copy.notFoundText}</p>
      <div className={styles.actions}>
        <Link href="/" className="button">
          {copy.notFoundHome}
        </Link>
        <Link href="/events" className="button button-outline">
          {copy.notFoundEvents}
        </Link>
      </div>
    </section>
  );
}
