import type { Metadata } from 'next';
import Link from 'next/link';
import { unstable_rethrow } from 'next/navigation';
import { getSiteSettings } from '@/lib/content';
import { TextWithEmail } from '@/app/_components/TextWithEmail';
import { getCopy } from '@/lib/copy/read';
import { tabTitle } from '@/lib/site/seo';
import { PREVIEW_LINK_PROBLEMS, type PreviewLinkProblem } from '@/lib/content/preview';
import styles from '../status-page.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const copy = await getCopy('site');
  return {
    title: { absolute: tabTitle(copy, 'titlePreviewInvalid') },
    robots: { index: false, follow: false },
  };
}

type Props = { searchParams: Promise<{ reason?: string | string[] }> };

async function contactEmail(): Promise<string | null> {
  try {
    return (await getSiteSettings({ perspective: 'published' }))?.contactEmail ?? null;
  } catch (error) {
    unstable_rethrow(error);
    return null;
  }
}

/**
 * Where /api/draft-mode/enable sends a person whose preview link cannot turn preview on: what is
 * wrong with the link, and whom to ask for a working one.
 */
export default async function PreviewLinkNotValid({ searchParams }: Props) {
  const { reason } = await searchParams;
  const problem: PreviewLinkProblem = PREVIEW_LINK_PROBLEMS.find((known) => known === reason)
    ? (reason as PreviewLinkProblem)
    : 'wrong';
  const [copy, email] = await Promise.all([getCopy('site'), contactEmail()]);
  const explanation = {
    wrong: copy.previewInvalidWrong,
    missing: copy.previewInvalidMissing,
    'not-configured': copy.previewNotConfigured,
  }[problem];
  return (
    <section className={styles.page} aria-labelledby="page-title" data-reason={problem}>
      <h1 id="page-title" className={styles.title}>
        {copy.previewInvalidTitle}
      </h1>
      <p className={styles.text}>{explanation}</p>
      <p className={styles.text}>
        <TextWithEmail text={copy.previewInvalidAsk} email={email} />
      </p>
      <div className={styles.actions}>
        <Link href="/" className="button">
          {copy.notFoundHome}
        </Link>
      </div>
    </section>
  );
}
