/** What the events page and its loading state share. */

export const EVENTS_HERO = {
  title: 'EVENTS',
  message: 'Stay Connected, Stay Inspired. Discover Our Events!',
} as const;

export function EventsLoading() {
  return (
    <p role="status" className="status-text">
      Loading events...
    </p>
  );
}
