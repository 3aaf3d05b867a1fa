import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import { getCopy } from '@/lib/copy/read';
import { getDb } from '@/lib/db/client';
import {
  membershipOfToken,
  UNSUBSCRIBE_POST_PATH,
  unsubscribeKey,
} from '@/lib/memberships/unsubscribe';
import { tabTitle } from '@/lib/site/seo';
import styles from '../_components/membership.module.css';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// A personal page: out of search engines, and its token out of other sites' logs. It is dynamic
// (connection()), so the site's page cache never holds it.
export async function generateMetadata(): Promise<Metadata> {
  const copy = await getCopy('site');
  return {
    title: { absolute: tabTitle(copy, 'titleUnsubscribe') },
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

/**
 * The page an announcement's unsubscribe link opens (lib/memberships/unsubscribe.ts). Opening it
 * changes nothing (mail scanners open links by themselves): the member's press of 'Unsubscribe'
 * posts the token, and the answer comes back here as `?result=done` or `?result=invalid`. Every
 * token that is not valid shows the same words. The token is never logged or shown.
 */
export default async function UnsubscribePage({ searchParams }: Props) {
  await connection();
  const [search, texts] = await Promise.all([searchParams, getCopy('membership')]);
  const token = typeof search.token === 'string' ? search.token : null;
  const state =
    search.result === 'done'
      ? 'done'
      : token !== null && membershipOfToken(await unsubscribeKey(await getDb()), token) !== null
        ? 'ask'
        : 'invalid';
  return (
    <>
      <Hero compact title={texts.unsubscribeTitle} />
      <div className="section">
        <div className={`container ${styles.narrow}`}>
          {state === 'ask' ? (
            <section
              className={styles.receipt}
              aria-labelledby="unsubscribe-title"
              data-testid="unsubscribe-ask"
            >
              <h2 id="unsubscribe-title">{texts.unsubscribeAsk}</h2>
              <p>{texts.unsubscribeIntro}</p>
              <form method="post" action={UNSUBSCRIBE_POST_PATH}>
                <input type="hidden" name="token" value={token ?? ''} />
                <p>
                  <button type="submit" className="button">
                    {texts.unsubscribeButton}
                  </button>
                </p>
              </form>
            </section>
          ) : (
            <section
              className={styles.receipt}
              aria-labelledby="unsubscribe-title"
              data-testid={`unsubscribe-${state}`}
            >
              <h2 id="unsubscribe-title">
                {state === 'done' ? texts.unsubscribeDoneTitle : texts.unsubscribeInvalidTitle}
              </h2>
              <p role="status">
                {state === 'done' ? texts.unsubscribeDoneText : texts.unsubscribeInvalidText}
              </p>
            </section>
          )}
        </div>
      </div>
    </>
  );
}
