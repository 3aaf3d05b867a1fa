import type { Metadata } from 'next';
import Link from 'next/link';
import { COLLECTION_SPECS } from '@/lib/admin/collection-specs';
import { requireAccess } from '@/lib/auth/session';
import styles from '../../console.module.css';
import { NotAllowed } from '../NotAllowed';

export const metadata: Metadata = { title: 'Site content' };

/** Every list of the site the console edits, besides events. */
export default async function ContentPage() {
  const { signedIn, allowed } = await requireAccess('content.edit', '/admin/content');
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>Site content</h1>
      <p className={styles.muted}>
        The words of each page are edited in the Studio (/studio); the lists below live here.
      </p>
      <ul className={`${styles.panel} ${styles.list}`}>
        {Object.values(COLLECTION_SPECS).map((spec) => (
          <li key={spec.slug} className={styles.listItem}>
            <Link href={`/admin/${spec.slug}`}>{spec.title}</Link>
            <span className={styles.muted}>Shown on {spec.shownOn}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
