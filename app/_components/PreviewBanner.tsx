'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { fillCopy } from '@/lib/copy/fill';
import { PUBLISHED_VIEW_PARAM } from '@/lib/content/preview';
import { useSiteCopy } from './SiteCopy';
import styles from './PreviewBanner.module.css';

/**
 * The page's own name: its document title without what the tab titles' template adds around it
 * ('{title} | TCSA' in the Studio's site texts); the whole title when it does not follow it.
 */
function pageName(template: string): string {
  const title = document.title.trim();
  const [before, after] = template.split('{title}');
  if (after === undefined) return title;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^${escape(before ?? '')}(.+)${escape(after)}$`, 's').exec(title);
  return (match?.[1] ?? title).trim();
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
    const update = () => setTitle(pageName(copy.titleTemplate));
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname, copy.titleTemplate]);
  // The home page's tab says the club's name first ('TCSA | Telfer …'): it is the Home page.
  const name = pathname === '/' ? copy.navHome : title;
  const page = name ? `“${name}” (${pathname})` : pathname;
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
