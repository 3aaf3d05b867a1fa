import type { Metadata } from 'next';
import Link from 'next/link';
import styles from './status-page.module.css';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="page-title" className={styles.title}>
        Page not found
      </h1>
      <p className={styles.text}>
        The page you are looking for does not exist or has moved. Try one of these instead:
      </p>
      <div className={styles.actions}>
        <Link href="/" className="button">
          Go to the home page
        </Link>
        <Link href="/events" className="button button-outline">
          See our events
        </Link>
      </div>
    </section>
  );
}
