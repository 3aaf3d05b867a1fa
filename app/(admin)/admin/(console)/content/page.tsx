import type { Metadata } from 'next';
import Link from 'next/link';
import { COLLECTION_SPECS } from '@/lib/admin/collection-specs';
import { requireAccess } from '@/lib/auth/session';
import { DRAFT_MODE_ENABLE_PATH } from '@/lib/content/env';
import { sanityProject } from '@/lib/content/project';
import { siteUrl } from '@/lib/env/public';
import { getServerEnv } from '@/lib/env/server';
import styles from '../../console.module.css';
import { CopyField } from '../_forms/CopyField';
import { NotAllowed } from '../NotAllowed';

export const metadata: Metadata = { title: 'Site content' };

/**
 * The link that shows a reviewer the drafts of every page (the site's preview secret, which
 * `npm start` makes on the embedded default), or null when the site has none.
 */
function reviewerPreviewLink(): string | null {
  const secret = getServerEnv().SANITY_PREVIEW_SECRET;
  if (!secret) return null;
  return `${siteUrl()}${DRAFT_MODE_ENABLE_PATH}?secret=${encodeURIComponent(secret)}&redirect=/`;
}

/** Every list of the site the console edits, besides events, and the reviewers' preview link. */
export default async function ContentPage() {
  const { signedIn, allowed } = await requireAccess('content.edit', '/admin/content');
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const previewLink = reviewerPreviewLink();
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
      <section className={styles.panel} aria-labelledby="preview-link">
        <h2 id="preview-link" className={styles.panelTitle}>
          Preview link for reviewers
        </h2>
        {previewLink ? (
          <>
            <p>
              Send this link to someone who reviews the words before they are published: it shows
              every page with the Studio&apos;s unpublished drafts, with a banner to leave the
              preview. Share it only with reviewers.
            </p>
            <CopyField label="Preview link" value={previewLink} copyLabel="Copy the link" />
          </>
        ) : (
          <p>
            This site has no preview secret (SANITY_PREVIEW_SECRET), so it has no preview link: ask
            whoever runs the site to set one.
          </p>
        )}
        {sanityProject() ? (
          <p className={styles.muted}>
            Editors can also preview a page beside its document in the Studio&apos;s Presentation
            tool.
          </p>
        ) : null}
      </section>
    </div>
  );
}
