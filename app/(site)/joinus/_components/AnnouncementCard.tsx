import { formatPostedDate } from '@/lib/format';
import styles from './AnnouncementCard.module.css';

export type Announcement = { title: string; description: string; postedAt: string };

/** An open call (spec section 2): the 'Open' label, the title, 'Posted:' with the date, the text. */
export function AnnouncementCard({ title, description, postedAt }: Announcement) {
  return (
    <article className={`card-surface ${styles.card}`} data-testid="announcement-card">
      <p className={styles.label}>Open</p>
      <h3 className={styles.title}>{title}</h3>
      <p className={styles.posted}>
        Posted: <time dateTime={postedAt}>{formatPostedDate(postedAt)}</time>
      </p>
      <p className={styles.description}>{description}</p>
    </article>
  );
}
