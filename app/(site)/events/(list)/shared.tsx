import { readPageHeroCopy } from '@/app/(site)/_components/page-hero-copy';
import { LoadingText } from '@/app/_components/SectionStatus';

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

export function EventsLoading({ text }: { text: string }) {
  return <LoadingText>{text}</LoadingText>;
}
