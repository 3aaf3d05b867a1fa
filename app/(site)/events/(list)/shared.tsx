import { readPageHeroCopy } from '@/app/(site)/_components/page-hero-copy';
import { LoadingText } from '@/app/_components/SectionStatus';
import styles from './events.module.css';

/** What the events page and its loading state share. */

/** The spec's hero, shown when the events page's hero document is empty or unreadable. */
export const EVENTS_HERO = {
  title: 'EVENTS',
  message: 'Stay Connected, Stay Inspired. Discover Our Events!',
} as const;

/** The events page's hero copy from the Studio (its "Hero" document). */
export function readEventsHero() {
  return readPageHeroCopy('events', EVENTS_HERO.title, EVENTS_HERO.message);
}

/**
 * The list's place while it loads: a screen high, so the footer waits below the first screen and
 * does not jump down when the cards arrive (the page paints as soon as its HTML starts, before
 * the list streamed at its end is in).
 */
export function EventsLoading({ text }: { text: string }) {
  return (
    <div className={styles.loading}>
      <LoadingText>{text}</LoadingText>
    </div>
  );
}
