import { Hero } from '@/app/_components/Hero';
import { EVENTS_HERO, EventsLoading } from './shared';

/** Shown at once when a visitor navigates here, while the page is fetched. */
export default function Loading() {
  return (
    <>
      <Hero compact title={EVENTS_HERO.title} message={EVENTS_HERO.message} />
      <div className="section">
        <div className="container">
          <EventsLoading />
        </div>
      </div>
    </>
  );
}
