import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import { pickCopy } from '@/lib/copy/catalogue';
import { getCopy } from '@/lib/copy/read';
import { getDb } from '@/lib/db/client';
import { tabTitle } from '@/lib/site/seo';
import { type ApplicationLink, readApplicationLink } from '@/lib/memberships/apply';
import { DEFAULT_NEXT_STEPS } from '@/lib/memberships/public-emails';
import { readMembershipContent } from '../../_components/shared';
import { APPLICATION_CONFIRM_KEYS } from '../../_components/form-copy';
import styles from '../../_components/membership.module.css';
import { ConfirmApplication, LinkOutcome } from './ConfirmApplication';

type Props = { params: Promise<{ token: string }> };

// A personal page: out of search engines, and its token out of other sites' logs. It is dynamic
// (connection()), so Next.js answers it with `Cache-Control: no-store`, and the site's page
// cache, which keeps only the pages it lists, never holds it.
export async function generateMetadata(): Promise<Metadata> {
  const copy = await getCopy('site');
  return {
    title: { absolute: tabTitle(copy, 'titleMembershipConfirm') },
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

/**
 * The page a confirmation link opens (lib/memberships/apply.ts). It shows the application and
 * changes nothing by being opened (mail scanners, such as Microsoft's Safe Links, open links by
 * themselves): the applicant's press of 'Confirm my application' confirms it, and the page then
 * shows how to pay, as the email sent then does. An expired, used or unknown link says what to do
 * instead. The token is never logged or shown.
 */
export default async function ConfirmApplicationPage({ params }: Props) {
  await connection();
  const [{ token }, texts, content] = await Promise.all([
    params,
    getCopy('membership'),
    readMembershipContent(),
  ]);
  let link: ApplicationLink;
  try {
    link = await readApplicationLink(await getDb(), token, new Date());
  } catch {
    // Never with the error's details: they could carry the token.
    console.error('A membership confirmation link could not be read because of a server error.');
    throw new Error('The confirmation link could not be read.');
  }
  const words = pickCopy(texts, ...APPLICATION_CONFIRM_KEYS);
  return (
    <>
      <Hero compact title={texts.joinTitle} />
      <div className="section">
        <div className={`container ${styles.narrow}`}>
          {link.kind === 'open' ? (
            <ConfirmApplication
              token={token}
              application={{
                name: link.name,
                uottawaEmail: link.uottawaEmail,
                typeName: link.typeName,
              }}
              texts={words}
              nextSteps={content?.nextSteps ?? DEFAULT_NEXT_STEPS}
            />
          ) : (
            <LinkOutcome kind={link.kind} texts={words} />
          )}
        </div>
      </div>
    </>
  );
}
