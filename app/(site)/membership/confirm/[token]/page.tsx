import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import { fillCopy } from '@/lib/copy/fill';
import { getCopy } from '@/lib/copy/read';
import { getDb } from '@/lib/db/client';
import { tabTitle } from '@/lib/site/seo';
import { type ConfirmResult, confirmApplication } from '@/lib/memberships/apply';
import { formatAmount } from '@/lib/memberships/format';
import { DEFAULT_NEXT_STEPS } from '@/lib/memberships/public-emails';
import { readMembershipContent } from '../../_components/shared';
import styles from '../../_components/membership.module.css';

type Props = { params: Promise<{ token: string }> };

// A personal page: out of search engines, and its token out of other sites' logs. It is dynamic
// (connection()), so Next.js answers it with `Cache-Control: no-store`.
export async function generateMetadata(): Promise<Metadata> {
  const copy = await getCopy('site');
  return {
    title: { absolute: tabTitle(copy, 'titleMembershipConfirm') },
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

/**
 * The page a confirmation link opens (lib/memberships/apply.ts, confirmApplication): the
 * application counts from now, and the page shows how to pay, as the email sent now does. An
 * expired, used or unknown link says what to do instead. The token is never logged or shown.
 */
export default async function ConfirmApplicationPage({ params }: Props) {
  await connection();
  const [{ token }, texts, content] = await Promise.all([
    params,
    getCopy('membership'),
    readMembershipContent(),
  ]);
  const nextSteps = content?.nextSteps ?? DEFAULT_NEXT_STEPS;
  let result: ConfirmResult;
  try {
    result = await confirmApplication(await getDb(), token, new Date(), {
      nextSteps,
    });
  } catch {
    // Never with the error's details: they could carry the token.
    console.error('A membership confirmation link could not be opened because of a server error.');
    throw new Error('The confirmation could not be saved.');
  }

  if (result.kind !== 'confirmed') {
    const [title, text] = {
      used: [texts.confirmUsedTitle, texts.confirmUsedText],
      expired: [texts.confirmExpiredTitle, texts.confirmExpiredText],
      invalid: [texts.confirmInvalidTitle, texts.confirmInvalidText],
      taken: [texts.confirmTakenTitle, texts.confirmTakenText],
    }[result.kind];
    return (
      <>
        <Hero compact title={texts.joinTitle} />
        <div className="section">
          <div className={`container ${styles.narrow}`}>
            <section
              className={styles.receipt}
              aria-labelledby="confirm-title"
              data-testid={`confirm-${result.kind}`}
            >
              <h2 id="confirm-title">{title}</h2>
              <p>{text}</p>
              <p>
                <Link href="/membership/join">{texts.confirmFormLink}</Link>
              </p>
            </section>
          </div>
        </div>
      </>
    );
  }

  const { receipt } = result;
  return (
    <>
      <Hero compact title={texts.joinTitle} />
      <div className="section">
        <div className={`container ${styles.narrow}`}>
          <section
            className={styles.receipt}
            aria-labelledby="receipt-title"
            data-testid="confirm-confirmed"
          >
            <h2 id="receipt-title">{texts.receivedTitle}</h2>
            <p>{fillCopy(texts.receivedText, { email: receipt.uottawaEmail })}</p>
            <dl>
              <div>
                <dt>{texts.referenceLabel}</dt>
                <dd className={styles.reference} data-testid="payment-reference">
                  {receipt.paymentReference}
                </dd>
              </div>
              <div>
                <dt>{texts.amountLabel}</dt>
                <dd data-testid="payment-amount">
                  {formatAmount(receipt.priceCents, receipt.currency)}
                </dd>
              </div>
              <div>
                <dt>{texts.etransferLabel}</dt>
                <dd>{receipt.etransferAddress}</dd>
              </div>
              <div>
                <dt>{texts.instructionsLabel}</dt>
                <dd>{receipt.etransferInstructions}</dd>
              </div>
              <div>
                <dt>{texts.nextLabel}</dt>
                <dd>{nextSteps}</dd>
              </div>
            </dl>
          </section>
        </div>
      </div>
    </>
  );
}
