import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import { pickCopy } from '@/lib/copy/catalogue';
import { getCopy } from '@/lib/copy/read';
import { getDb } from '@/lib/db/client';
import { type ChangeRequestLink, readChangeRequestLink } from '@/lib/memberships/change-requests';
import { tabTitle } from '@/lib/site/seo';
import { CHANGE_CONFIRM_KEYS } from '../../../_components/form-copy';
import styles from '../../../_components/membership.module.css';
import { ConfirmChangeRequest, LinkOutcome } from './ConfirmChangeRequest';

type Props = { params: Promise<{ token: string }> };

// A personal page: out of search engines, and its token out of other sites' logs. It is dynamic
// (connection()), so Next.js answers it with `Cache-Control: no-store`, and the site's page
// cache, which keeps only the pages it lists, never holds it.
export async function generateMetadata(): Promise<Metadata> {
  const copy = await getCopy('site');
  return {
    title: { absolute: tabTitle(copy, 'titleChangeConfirm') },
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

/**
 * The page a change request's confirmation link opens (lib/memberships/change-requests.ts). It
 * shows what the request asks and changes nothing by being opened (mail scanners open links by
 * themselves): the member's press of the button confirms it. The token is never logged or shown.
 */
export default async function ConfirmChangeRequestPage({ params }: Props) {
  await connection();
  const [{ token }, texts] = await Promise.all([params, getCopy('membership')]);
  let link: ChangeRequestLink;
  try {
    link = await readChangeRequestLink(await getDb(), token, new Date());
  } catch {
    // Never with the error's details: they could carry the token.
    console.error(
      'A change request confirmation link could not be read because of a server error.',
    );
    throw new Error('The change request could not be read.');
  }
  const words = pickCopy(texts, ...CHANGE_CONFIRM_KEYS);
  return (
    <>
      <Hero compact title={texts.changeTitle} />
      <div className="section">
        <div className={`container ${styles.narrow}`}>
          {link.kind === 'open' ? (
            <section
              className={styles.receipt}
              aria-labelledby="change-confirm-title"
              data-testid="change-confirm-open"
            >
              <h2 id="change-confirm-title">{texts.changeConfirmTitle}</h2>
              <p>{texts.changeConfirmIntro}</p>
              <dl>
                <div>
                  <dt>{texts.changeConfirmName}</dt>
                  <dd>{link.name}</dd>
                </div>
                <div>
                  <dt>{texts.changeWhat}</dt>
                  <dd style={{ whiteSpace: 'pre-wrap' }}>{link.changes}</dd>
                </div>
              </dl>
              <ConfirmChangeRequest token={token} texts={words} />
            </section>
          ) : (
            <LinkOutcome kind={link.kind} texts={words} />
          )}
        </div>
      </div>
    </>
  );
}
