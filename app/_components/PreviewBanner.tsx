'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { fillCopy } from '@/lib/copy/catalogue';
import { PUBLISHED_VIEW_PARAM } from '@/lib/content/preview';
import { useSiteCopy } from './SiteCopy';
import styles from './PreviewBanner.module.css';

/** The page's own name: its document title without the site's suffix. */
function pageName(): string {
  return document.title.replace(/\s+\|\s+[^|]*$/, '').trim();
}

/**
 * Shown on every page while draft mode is on: says which page shows unpublished drafts, links to
 * the same page as published (in a new tab, the reviewer's preview stays), and offers to leave.
 * Leaving is a plain GET form (forms are never prefetched, unlike links) to the disable route,
 * which comes back to the same page.
 */
export function PreviewBanner() {
  const pathname = usePathname() ?? '/';
  const copy = useSiteCopy();
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    // The title is set by the page's metadata, which a client navigation updates after render.
    const update = () => setTitle(pageName());
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname]);
  const page = title ? `“${title}” (${pathname})` : pathname;
  return (
    <aside className={styles.banner} aria-labelledby="preview-banner-title">
      <div className={`container ${styles.inner}`}>
        <p className={styles.text}>
          <strong id="preview-banner-title" className={styles.title}>
            {copy.previewTitle}
          </strong>{' '}
          <span className={styles.detail} data-testid="preview-page">
            {fillCopy(copy.previewText, { page })}
          </span>
        </p>
        <div className={styles.actions}>
          <a
            className={styles.link}
            href={`${pathname}?${PUBLISHED_VIEW_PARAM}`}
            target="_blank"
            rel="noopener"
          >
            {copy.previewPublished}
            <span className="visually-hidden"> {copy.opensInNewTab}</span>
          </a>
          <form method="get" action="/api/draft-mode/disable" className={styles.form}>
            <input type="hidden" name="redirect" value={pathname} />
            <button type="submit" className={styles.button}>
              {copy.previewExit}
            </button>
          </form>
        </div>
      </div>
    </aside>
  );
}
