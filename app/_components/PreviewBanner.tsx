'use client';

import { usePathname } from 'next/navigation';
import styles from './PreviewBanner.module.css';

/**
 * Shown on every page while draft mode is on: says the page shows unpublished drafts and offers
 * to leave. A plain GET form (forms are never prefetched, unlike links) to the disable route,
 * which comes back to the same page.
 */
export function PreviewBanner() {
  const pathname = usePathname() ?? '/';
  return (
    <aside className={styles.banner} aria-labelledby="preview-banner-title">
      <div className={`container ${styles.inner}`}>
        <p className={styles.text}>
          <strong id="preview-banner-title" className={styles.title}>
            Preview mode
          </strong>{' '}
          <span className={styles.detail}>You are seeing drafts that are not published yet.</span>
        </p>
        <form method="get" action="/api/draft-mode/disable" className={styles.form}>
          <input type="hidden" name="redirect" value={pathname} />
          <button type="submit" className={styles.button}>
            Exit preview
          </button>
        </form>
      </div>
    </aside>
  );
}
