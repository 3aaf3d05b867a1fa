import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import { getCopy } from '@/lib/copy/read';
import { pageMetadata } from '@/lib/site/seo';
import { MembershipNav, Paragraphs, readMembershipContent } from '../_components/shared';
import styles from '../_components/membership.module.css';

export const generateMetadata = pageMetadata({
  path: '/membership/policies',
  title: 'titleMembershipPolicies',
  description:
    'The TCSA membership terms, refund policy, no-show policy, privacy notice, code of conduct and consent to share data.',
});

export default async function MembershipPoliciesPage() {
  await connection();
  const [content, texts] = await Promise.all([readMembershipContent(), getCopy('membership')]);
  const policies = (content?.policies ?? []).flatMap((policy) =>
    policy.anchor && policy.title
      ? [{ key: policy._key, anchor: policy.anchor, title: policy.title, body: policy.body }]
      : [],
  );
  return (
    <>
      <Hero compact title={texts.policiesPageTitle} />
      <MembershipNav current="/membership/policies" texts={texts} />
      <div className="section">
        <div className={`container ${styles.narrow}`}>
          {policies.length > 0 ? (
            <>
              <nav aria-label={texts.onThisPage} className={styles.block}>
                <ul className={styles.links}>
                  {policies.map((policy) => (
                    <li key={policy.key}>
                      <a href={`#${policy.anchor}`}>{policy.title}</a>
                    </li>
                  ))}
                </ul>
              </nav>
              {policies.map((policy) => (
                <section
                  key={policy.key}
                  id={policy.anchor}
                  className={styles.policy}
                  aria-labelledby={`${policy.anchor}-title`}
                >
                  <h2 id={`${policy.anchor}-title`} className={styles.heading}>
                    {policy.title}
                  </h2>
                  <Paragraphs text={policy.body} fallback={texts.contentError} />
                </section>
              ))}
            </>
          ) : (
            <p className="error-text">{texts.contentError}</p>
          )}
        </div>
      </div>
    </>
  );
}
