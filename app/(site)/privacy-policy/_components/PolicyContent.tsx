import { PortableText, type PortableTextComponents } from 'next-sanity';
import type { PrivacyPolicyContent } from '@/lib/content';
import { formatCalendarDate } from '@/lib/format';
import styles from './Policy.module.css';

const components: PortableTextComponents = {
  marks: {
    link: ({ value, children }) => {
      const href = typeof value?.href === 'string' ? value.href : undefined;
      const external = href?.startsWith('http') ?? false;
      return (
        <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {children}
          {external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
        </a>
      );
    },
  },
};

/** The policy's text as the content source has it: its headings are the page's h2 sections. */
export function PolicyContent({ policy }: { policy: PrivacyPolicyContent }) {
  return (
    <article className={styles.policy}>
      <p className={styles.effective}>
        Effective date:{' '}
        <time dateTime={policy.effectiveDate}>{formatCalendarDate(policy.effectiveDate)}</time>
      </p>
      <PortableText value={policy.body} components={components} />
    </article>
  );
}
