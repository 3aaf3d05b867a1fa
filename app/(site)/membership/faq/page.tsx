import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import { jsonForScript } from '@/lib/content';
import { getCopy } from '@/lib/copy/read';
import { siteUrl } from '@/lib/env/public';
import { cspNonce } from '@/lib/http/nonce';
import { pageMetadata } from '@/lib/site/seo';
import {
  Disclaimer,
  MembershipNav,
  Paragraphs,
  readMembershipContent,
} from '../_components/shared';
import styles from '../_components/membership.module.css';

export const generateMetadata = pageMetadata({
  path: '/membership/faq',
  title: 'titleMembershipFaq',
  description:
    'Answers about TCSA membership: office tours, events for non-members, how long a membership lasts, transfers, refunds, changing your details, a forgotten member ID and no-shows.',
});

export default async function MembershipFaqPage() {
  await connection();
  const [content, texts, nonce] = await Promise.all([
    readMembershipContent(),
    getCopy('membership'),
    cspNonce(),
  ]);
  const faq = (content?.faq ?? []).flatMap((item) =>
    item.question && item.answer
      ? [{ key: item._key, question: item.question, answer: item.answer }]
      : [],
  );
  // schema.org FAQPage: the questions and answers as search engines read them.
  const jsonLd =
    faq.length > 0
      ? {
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          url: new URL('/membership/faq', siteUrl()).toString(),
          mainEntity: faq.map((item) => ({
            '@type': 'Question',
            name: item.question,
            acceptedAnswer: { '@type': 'Answer', text: item.answer },
          })),
        }
      : null;
  return (
    <>
      <Hero compact title={texts.faqTitle} />
      <MembershipNav current="/membership/faq" texts={texts} />
      <div className="section">
        <div className={`container ${styles.narrow}`}>
          {faq.length > 0 ? (
            <ul className={styles.faq}>
              {faq.map((item) => (
                <li key={item.key} className={styles.faqItem}>
                  <h2>{item.question}</h2>
                  <Paragraphs text={item.answer} fallback={texts.contentError} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="error-text">{texts.contentError}</p>
          )}
          <Disclaimer content={content} texts={texts} />
        </div>
      </div>
      {jsonLd ? (
        <script
          type="application/ld+json"
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }}
        />
      ) : null}
    </>
  );
}
