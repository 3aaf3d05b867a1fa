import { defaultCopy } from '@/lib/copy/catalogue';
import { formatPostedDate } from '@/lib/site/format';
import styles from './AnnouncementCard.module.css';

export type Announcement = {
  title: string;
  description: string;
  postedAt: string;
  /** The card's words, from the join-us page's texts. */
  labels?: { open: string; posted: string };
};

const SPEC_TEXTS = defaultCopy('joinUs');
const SPEC_LABELS = { open: SPEC_TEXTS.positionOpen, posted: SPEC_TEXTS.positionPosted };

/** An open call (spec section 2): the 'Open' label, the title, 'Posted:' with the date, the text. */
export function AnnouncementCard({
  title,
  description,
  postedAt,
  labels = SPEC_LABELS,
}: Announcement) {
  return (
    <article className={`card-surface ${styles.card}`} data-testid="announcement-card">
      <p className={styles.label}>{labels.open}</p>
      <h3 className={styles.title}>{title}</h3>
      <p className={styles.posted}>
        {labels.posted} <time dateTime={postedAt}>{formatPostedDate(postedAt)}</time>
      </p>
      <p className={styles.description}>{description}</p>
    </article>
  );
}
