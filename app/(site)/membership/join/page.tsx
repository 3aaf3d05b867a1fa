import Link from 'next/link';
import { unstable_rethrow } from 'next/navigation';
import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import { MEMBERSHIP_ANSWER_KEYS, answerWordsFor } from '@/lib/copy/answers';
import { pickCopy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { getCopy } from '@/lib/copy/read';
import { getDb } from '@/lib/db/client';
import { graduationYears } from '@/lib/memberships/application-schema';
import { formatAmount } from '@/lib/memberships/format';
import { type EtransferSettings, etransferInstructionsFor } from '@/lib/memberships/instructions';
import { readEtransferSettings } from '@/lib/memberships/settings';
import { pageMetadata } from '@/lib/site/seo';
import { ApplicationForm } from '../_components/ApplicationForm';
import { APPLICATION_FORM_KEYS } from '../_components/form-copy';
import { readTypesOnSale, TypeList } from '../_components/TypeList';
import { MembershipNav, Paragraphs, readMembershipContent } from '../_components/shared';
import styles from '../_components/membership.module.css';
import payStyles from './pay.module.css';

export const generateMetadata = pageMetadata({
  path: '/membership/join',
  title: 'titleMembershipJoin',
  description:
    'Apply for TCSA membership online: choose your membership type, read the refund policy and privacy notice, then pay by Interac e-Transfer with your payment reference.',
});

/**
 * The e-Transfer settings of the year whose types are on sale, for 'How to pay'; null when none
 * is on sale or they cannot be read (the page's own words still say how to pay).
 */
async function readPaymentSettings(year: number | undefined): Promise<EtransferSettings | null> {
  if (year === undefined) return null;
  try {
    return await readEtransferSettings(await getDb(), year);
  } catch (error) {
    unstable_rethrow(error);
    console.error('Failed to read the membership payment settings', error);
    return null;
  }
}

export default async function JoinPage() {
  await connection();
  const [content, texts, siteTexts, answers, types] = await Promise.all([
    readMembershipContent(),
    getCopy('membership'),
    getCopy('site'),
    getCopy('answers'),
    readTypesOnSale(),
  ]);
  const payment = await readPaymentSettings(types?.[0]?.year);
  const choices = (types ?? []).map((type) => ({
    id: type.id,
    label: fillCopy(texts.typeOption, {
      name: type.name,
      price: formatAmount(type.priceCents, type.currency),
    }),
  }));
  return (
    <>
      <Hero compact title={texts.joinTitle} />
      <MembershipNav current="/membership/join" texts={texts} />
      <div className="section">
        <div className={`container ${styles.narrow}`}>
          <section className={styles.block} aria-labelledby="type-title">
            <h2 id="type-title" className={styles.heading}>
              {texts.typeHeading}
            </h2>
            <TypeList types={types} texts={texts} />
          </section>
          <section className={styles.block} aria-labelledby="refund-title">
            <h2 id="refund-title" className={styles.heading}>
              {texts.refundHeading}
            </h2>
            <Paragraphs text={content?.refundSummary} fallback={texts.contentError} />
          </section>
          <section className={styles.block} aria-labelledby="privacy-title">
            <h2 id="privacy-title" className={styles.heading}>
              {texts.privacyHeading}
            </h2>
            <Paragraphs text={content?.privacyNotice} fallback={texts.contentError} />
            <p>
              <Link href="/membership/policies">{texts.fullPolicyLink}</Link>
            </p>
          </section>
          <div className={styles.block}>
            <ApplicationForm
              types={choices}
              graduationYears={graduationYears()}
              texts={pickCopy(texts, ...APPLICATION_FORM_KEYS)}
              answerWords={answerWordsFor(answers, MEMBERSHIP_ANSWER_KEYS)}
              policiesHref="/membership/policies"
              newTab={siteTexts.opensInNewTab}
            />
          </div>
          <section aria-labelledby="pay-title">
            <h2 id="pay-title" className={styles.heading}>
              {texts.payHeading}
            </h2>
            <Paragraphs text={content?.howToPay} fallback={texts.contentError} />
            {payment ? (
              <dl className={payStyles.payment} data-testid="how-to-pay">
                <div>
                  <dt>{texts.etransferLabel}</dt>
                  <dd>{payment.etransferAddress}</dd>
                </div>
                <div>
                  <dt>{texts.instructionsLabel}</dt>
                  <dd>
                    {/* Nobody has a reference or a chosen type yet: their places read as words. */}
                    {etransferInstructionsFor(payment, {
                      amountWords: texts.payAmountWords,
                      referenceWords: texts.payReferenceWords,
                    })}
                  </dd>
                </div>
              </dl>
            ) : null}
          </section>
        </div>
      </div>
    </>
  );
}
