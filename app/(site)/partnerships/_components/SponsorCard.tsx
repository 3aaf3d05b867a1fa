import { defaultCopy, type Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import Image from 'next/image';
import type { SponsorDto } from '@/lib/api/contract';
import { SponsorDescription } from './SponsorDescription';
import styles from './Partnerships.module.css';

function InstagramIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2Zm0 2A3.5 3.5 0 0 0 4 7.5v9A3.5 3.5 0 0 0 7.5 20h9a3.5 3.5 0 0 0 3.5-3.5v-9A3.5 3.5 0 0 0 16.5 4h-9ZM12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm5.3-3.3a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4Z"
      />
    </svg>
  );
}

export type SponsorCardCopy = Pick<
  Copy<'partnerships'>,
  'learnMore' | 'learnMoreAbout' | 'logo' | 'instagram' | 'showMore' | 'showLess'
>;

export type SponsorCardData = Pick<
  SponsorDto,
  'name' | 'logo_img' | 'description' | 'Link' | 'instagram'
>;

/**
 * One partner (spec section 2): logo, name, description, an Instagram link when the sponsor has
 * one and 'Learn more' when it has a link. Both open the sponsor's pages in a new tab.
 */
export function SponsorCard({
  sponsor,
  eager = false,
  first = false,
  copy = defaultCopy('partnerships'),
  newTab = defaultCopy('site').opensInNewTab,
}: {
  sponsor: SponsorCardData;
  /** The first cards are on screen at once: their logos load eagerly, with the page. */
  eager?: boolean;
  /** The first card's logo is a phone's largest paint: it is fetched first. */
  first?: boolean;
  copy?: SponsorCardCopy;
  newTab?: string;
}) {
  const description = sponsor.description?.trim();
  return (
    <article className="card-surface" data-testid="sponsor-card">
      <div className={styles.logo}>
        <Image
          src={sponsor.logo_img}
          alt={fillCopy(copy.logo, { name: sponsor.name })}
          fill
          sizes="320px"
          priority={eager || first}
          fetchPriority={first ? 'high' : undefined}
        />
      </div>
      <div className={styles.body}>
        <h2 className={styles.name}>{sponsor.name}</h2>
        {description ? (
          <SponsorDescription
            text={description}
            labels={{ more: copy.showMore, less: copy.showLess }}
          />
        ) : null}
        {sponsor.instagram || sponsor.Link ? (
          <div className={styles.actions}>
            {sponsor.Link ? (
              <a className="button" href={sponsor.Link} target="_blank" rel="noopener noreferrer">
                {copy.learnMore}
                <span className="visually-hidden">
                  {' '}
                  {fillCopy(copy.learnMoreAbout, { name: sponsor.name })} {newTab}
                </span>
              </a>
            ) : null}
            {sponsor.instagram ? (
              <a
                className={styles.instagram}
                href={sponsor.instagram}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${fillCopy(copy.instagram, { name: sponsor.name })} ${newTab}`}
              >
                <InstagramIcon />
              </a>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
