import Link from 'next/link';
import { defaultCopy, type Copy } from '@/lib/copy/catalogue';
import {
  FOOTER_COPYRIGHT,
  FOOTER_LINKS,
  type SocialBadge as SocialBadgeData,
} from '@/lib/site/constants';
import { SocialIcon } from './SocialIcon';
import styles from './Footer.module.css';

function SocialBadge({ badge, newTab }: { badge: SocialBadgeData; newTab: string }) {
  const content = (
    <>
      <SocialIcon platform={badge.platform} />
      <span className={styles.handle}>{badge.handle}</span>
    </>
  );
  // An account without a profile page is shown, but not as a link that goes nowhere.
  if (!badge.link) {
    return (
      <span
        className={styles.badge}
        title={`${badge.label}: ${badge.handle}`}
        data-badge={badge.platform}
      >
        <span className="visually-hidden">{badge.label}: </span>
        {content}
      </span>
    );
  }
  return (
    <a
      className={styles.badge}
      href={badge.link}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${badge.label} (${badge.handle}) ${newTab}`}
      data-badge={badge.platform}
    >
      {content}
    </a>
  );
}

export function Footer({
  badges,
  copy = defaultCopy('site'),
  copyright,
}: {
  badges: readonly SocialBadgeData[];
  copy?: Copy<'site'>;
  /** The site settings' footer text; the spec's line when it is empty. */
  copyright?: string | null;
}) {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <nav aria-label={copy.footerLabel}>
          <ul className={styles.links}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className={`${styles.link} ${link.href === '/' ? styles.homeLink : ''}`}
                >
                  {copy[link.copyKey]}
                </Link>
              </li>
            ))}
            <li className={styles.terms}>{copy.footerTerms}</li>
          </ul>
        </nav>
        <div className={styles.bottom}>
          <p className={styles.copyright}>{copyright?.trim() || FOOTER_COPYRIGHT}</p>
          <ul className={styles.badges} aria-label={copy.socialLabel}>
            {badges.map((badge) => (
              <li key={badge.platform}>
                <SocialBadge badge={badge} newTab={copy.opensInNewTab} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
