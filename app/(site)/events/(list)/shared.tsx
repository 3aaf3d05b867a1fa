import { LoadingText } from '@/app/_components/SectionStatus';

/** What the events page and its loading state share. */

export const EVENTS_HERO = {
  title: 'EVENTS',
  message: 'Stay Connected, Stay Inspired. Discover Our Events!',
} as const;

export function EventsLoading() {
  return <LoadingText>Loading events...</LoadingText>;
}
