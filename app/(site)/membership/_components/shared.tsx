import 'server-only';
import Link from 'next/link';
import { unstable_rethrow } from 'next/navigation';
import { getMembershipPage, type MembershipPageContent } from '@/lib/content';
import type { Copy } from '@/lib/copy/catalogue';
import styles from './membership.module.css';

export type MembershipTexts = Copy<'membership'>;

/** The membership pages' content, or null when it cannot be read (each section says so). */
export async function readMembershipContent(): Promise<MembershipPageContent | null> {
  try {
    return await getMembershipPage();
  } catch (error) {
    unstable_rethrow(error);
    console.error('Failed to load the membership pages content', error);
    return null;
  }
}

/** Plain text from the Studio as paragraphs: a blank line starts a new one. */
export function Paragraphs({
  text,
  fallback,
}: {
  text: string | null | undefined;
  fallback: string;
}) {
  const paragraphs = (text ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return <p className="error-text">{fallback}</p>;
  return (
    <div className={styles.prose}>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

type MembershipPath =
  | '/membership'
  | '/membership/join'
  | '/membership/events'
  | '/membership/faq'
  | '/membership/policies'
  | '/membership/member-id'
  | '/membership/change-details';

/** The links between the membership pages, under each page's title. */
export function MembershipNav({
  current,
  texts,
}: {
  current: MembershipPath;
  texts: MembershipTexts;
}) {
  const links: [MembershipPath, string][] = [
    ['/membership', texts.navOverview],
    ['/membership/join', texts.becomeMember],
    ['/membership/events', texts.memberEvents],
    ['/membership/faq', texts.faqLink],
    ['/membership/policies', texts.policiesTitle],
    ['/membership/member-id', texts.forgotIdLink],
    ['/membership/change-details', texts.changeDetailsLink],
  ];
  return (
    <nav className={styles.subnav} aria-label={texts.navLabel}>
      <div className="container">
        <ul>
          {links.map(([href, label]) => (
            <li key={href}>
              <Link href={href} aria-current={href === current ? 'page' : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/** Priority is not a guaranteed place: said on every page where members look at events. */
export function Disclaimer({
  content,
  texts,
}: {
  content: MembershipPageContent | null;
  texts: MembershipTexts;
}) {
  return <p className={styles.disclaimer}>{content?.disclaimer ?? texts.contentError}</p>;
}
