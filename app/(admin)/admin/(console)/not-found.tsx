import Link from 'next/link';
import styles from '../console.module.css';

export default function ConsoleNotFound() {
  return (
    <section className={styles.panel} aria-labelledby="console-not-found">
      <h1 id="console-not-found" className={styles.pageTitle}>
        Not found
      </h1>
      <p>
        There is nothing at this address: it may have been deleted.{' '}
        <Link href="/admin">Back to the dashboard</Link>
      </p>
    </section>
  );
}
