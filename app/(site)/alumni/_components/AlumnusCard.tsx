import Image from 'next/image';
import type { AlumnusDto } from '@/lib/api/contract';
import styles from './AlumnusCard.module.css';

export const DEFAULT_AVATAR = '/images/default-avatar.svg';

/** One alumnus (spec section 2): picture or the default avatar, name, position, major, email. */
export function AlumnusCard({
  alumnus,
  majorLabel = 'Major:',
}: {
  alumnus: AlumnusDto;
  /** Read before the major by screen readers (the alumni page's texts). */
  majorLabel?: string;
}) {
  const picture = alumnus.pfp_img || DEFAULT_AVATAR;
  return (
    <article className={styles.card} data-testid="alumnus-card">
      <Image
        className={styles.picture}
        src={picture}
        alt=""
        width={120}
        height={120}
        unoptimized={picture.endsWith('.svg')}
      />
      <div className={styles.text}>
        <h3 className={styles.name}>{alumnus.name}</h3>
        <p className={styles.position}>{alumnus.position}</p>
        <p className={styles.major}>
          <span className="visually-hidden">{majorLabel} </span>
          {alumnus.major}
        </p>
        {alumnus.email ? (
          <a className={styles.email} href={`mailto:${alumnus.email}`}>
            {alumnus.email}
          </a>
        ) : null}
      </div>
    </article>
  );
}
