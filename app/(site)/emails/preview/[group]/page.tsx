import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { isDraftModeEnabled } from '@/lib/content/draft';
import { withEmailDrafts } from '@/lib/mail/email-copy';
import { EMAIL_PREVIEWS, isEmailPreviewGroup, previewHtml } from '@/lib/mail/previews';
import styles from './preview.module.css';

export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { params: Promise<{ group: string }> };

/**
 * /emails/preview/<group>: the emails of one texts document, composed from sample data with the
 * editors' words (drafts in preview mode), as the Studio's Presentation tool shows them. Each
 * email is its own sandboxed frame, so its HTML is seen as a mail app shows it; nothing about a
 * real person is in it.
 */
export default async function EmailPreviewPage({ params }: Props) {
  const { group } = await params;
  if (!isEmailPreviewGroup(group)) notFound();
  // Per request: an editor's draft shows at once.
  await connection();
  const { title, compose } = EMAIL_PREVIEWS[group];
  // The editors' drafts in preview mode (the Studio's Presentation tool), else what is published.
  const emails = (await isDraftModeEnabled()) ? await withEmailDrafts(compose) : await compose();
  const frames = await Promise.all(emails.map(async ({ email }) => previewHtml(email)));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {emails.map(({ label, email }, index) => (
        <section key={label} className={styles.email} aria-label={label}>
          <h2 className={styles.subject}>
            <span className={styles.label}>{label}</span>
            {email.subject}
          </h2>
          <iframe
            title={`${label}: ${email.subject}`}
            srcDoc={frames[index]}
            sandbox=""
            className={styles.frame}
          />
        </section>
      ))}
    </div>
  );
}
