import { PortableText, type PortableTextComponents } from 'next-sanity';
import type { PrivacyPolicyContent } from '@/lib/content';
import { formatCalendarDate } from '@/lib/site/format';
import { CONTACT_EMAIL_TYPE } from '@/schemas/objects/blockContent';
import styles from './Policy.module.css';

function components(contactEmail: string | null, newTab: string): PortableTextComponents {
  return {
    types: {
      // The site settings' contact email, wherever the text refers to it.
      [CONTACT_EMAIL_TYPE]: () =>
        contactEmail ? <a href={`mailto:${contactEmail}`}>{contactEmail}</a> : null,
    },
    marks: {
      link: ({ value, children }) => {
        const href = typeof value?.href === 'string' ? value.href : undefined;
        const external = href?.startsWith('http') ?? false;
        return (
          <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {children}
            {external ? <span className="visually-hidden"> {newTab}</span> : null}
          </a>
        );
      },
    },
  };
}

/** The policy's text as the content source has it: its headings are the page's h2 sections. */
export function PolicyContent({
  policy,
  effectiveDateLabel = 'Effective date:',
  contactEmail = null,
  newTab = '(opens in a new tab)',
}: {
  policy: PrivacyPolicyContent;
  effectiveDateLabel?: string;
  /** The site settings' contact email, shown where the text refers to it. */
  contactEmail?: string | null;
  newTab?: string;
}) {
  return (
    <article className={styles.policy}>
      <p className={styles.effective}>
        {effectiveDateLabel}{' '}
        <time dateTime={policy.effectiveDate}>{formatCalendarDate(policy.effectiveDate)}</time>
      </p>
      <PortableText value={policy.body} components={components(contactEmail, newTab)} />
    </article>
  );
}
