import Link from 'next/link';
import { unstable_rethrow } from 'next/navigation';
import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import { getSiteSettings } from '@/lib/content';
import { fillCopy } from '@/lib/copy/fill';
import { getCopy } from '@/lib/copy/read';
import { pageMetadata } from '@/lib/site/seo';
import { readTypesOnSale, TypeList } from './_components/TypeList';
import { Disclaimer, MembershipNav, Paragraphs, readMembershipContent } from './_components/shared';
import styles from './_components/membership.module.css';

export const generateMetadata = pageMetadata({
  path: '/membership',
  title: 'titleMembership',
  description:
    'TCSA membership for 2026–27: early registration, priority for office tours, member prices and member-only events for Chinese business students at Telfer. Prices, validity and how to apply.',
});

async function readContactEmail(): Promise<string | null> {
  try {
    return (await getSiteSettings())?.contactEmail ?? null;
  } catch (error) {
    unstable_rethrow(error);
    return null;
  }
}

export default async function MembershipPage() {
  // Rendered per request: the prices come from the database.
  await connection();
  const [content, texts, types, contactEmail] = await Promise.all([
    readMembershipContent(),
    getCopy('membership'),
    readTypesOnSale(),
    readContactEmail(),
  ]);
  const benefits = content?.benefits ?? [];
  return (
    <>
      <Hero compact title={texts.landingTitle} message={content?.heroMessage} />
      <MembershipNav current="/membership" texts={texts} />
      <section className="section" aria-labelledby="membership-intro">
        <div className={`container ${styles.narrow}`}>
          <h2 id="membership-intro" className="visually-hidden">
            {texts.navOverview}
          </h2>
          <Paragraphs text={content?.intro} fallback={texts.contentError} />
          <ul className={styles.actions}>
            <li>
              <Link className="button" href="/membership/join">
                {texts.becomeMember}
              </Link>
            </li>
            <li>
              <a className="button button-outline" href="#benefits">
                {texts.viewBenefits}
              </a>
            </li>
            <li>
              <Link className="button button-outline" href="/membership/events">
                {texts.memberEvents}
              </Link>
            </li>
            <li>
              <Link className="button button-outline" href="/membership/faq">
                {texts.faqLink}
              </Link>
            </li>
          </ul>
        </div>
      </section>
      <section className="section" id="benefits" aria-labelledby="benefits-title">
        <div className="container">
          <h2 id="benefits-title" className="section-title">
            {texts.benefitsTitle}
          </h2>
          {benefits.length > 0 ? (
            <ul className={styles.benefits}>
              {benefits.map((benefit) => (
                <li key={benefit._key} className={styles.benefit}>
                  <h3>{benefit.title}</h3>
                  <p>{benefit.body}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="error-text">{texts.contentError}</p>
          )}
          <div className={styles.narrow}>
            <Disclaimer content={content} texts={texts} />
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="prices-title">
        <div className={`container ${styles.narrow}`}>
          <h2 id="prices-title" className={styles.heading}>
            {texts.pricesTitle}
          </h2>
          <TypeList types={types} texts={texts} />
          <Paragraphs text={content?.duration} fallback={texts.contentError} />
          <ul className={styles.actions}>
            <li>
              <Link className="button" href="/membership/join">
                {texts.becomeMember}
              </Link>
            </li>
          </ul>
        </div>
      </section>
      <section className="section" aria-labelledby="policies-title">
        <div className={`container ${styles.narrow}`}>
          <h2 id="policies-title" className={styles.heading}>
            {texts.policiesTitle}
          </h2>
          {content?.policies?.length ? (
            <ul className={styles.links}>
              {content.policies.map((policy) => (
                <li key={policy._key}>
                  <Link href={`/membership/policies#${policy.anchor}`}>{policy.title}</Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="error-text">{texts.contentError}</p>
          )}
          <h2 className={styles.heading} style={{ marginTop: 36 }} id="contact-title">
            {texts.contactTitle}
          </h2>
          <p>
            {contactEmail
              ? fillCopy(texts.contactText, { email: contactEmail })
                  .split(contactEmail)
                  .flatMap((part, index) =>
                    index === 0
                      ? [part]
                      : [
                          <a key={index} href={`mailto:${contactEmail}`}>
                            {contactEmail}
                          </a>,
                          part,
                        ],
                  )
              : texts.contactTextNoEmail}
          </p>
          <ul className={styles.links}>
            <li>
              <Link href="/membership/member-id">{texts.forgotIdLink}</Link>
            </li>
            <li>
              <Link href="/membership/change-details">{texts.changeDetailsLink}</Link>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
