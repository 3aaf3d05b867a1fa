import Link from 'next/link';
import {
  FOOTER_COPYRIGHT,
  FOOTER_LINKS,
  FOOTER_TERMS,
  type SocialBadge as SocialBadgeData,
} from '@/lib/site';
import { SocialIcon } from './SocialIcon';
import styles from './Footer.module.css';

function SocialBadge({ badge }: { badge: SocialBadgeData }) {
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
      aria-label={`${badge.label} (${badge.handle}), opens in a new tab`}
      data-badge={badge.platform}
    >
      {content}
    </a>
  );
}

export function Footer({ badges }: { badges: readonly SocialBadgeData[] }) {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className={`${styles.link} ${link.href === '/' ? styles.homeLink : ''}`}
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li className={styles.terms}>{FOOTER_TERMS}</li>
          </ul>
        </nav>
        <div className={styles.bottom}>
          <p className={styles.copyright}>{FOOTER_COPYRIGHT}</p>
          <ul className={styles.badges} aria-label="Social media">
            {badges.map((badge) => (
              <li key={badge.platform}>
                <SocialBadge badge={badge} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
