import { Hero } from '@/app/_components/Hero';
import { getCopy } from '@/lib/copy/read';
import { EventsLoading, readEventsHero } from './shared';

/** Shown at once when a visitor navigates here, while the page is fetched. */
export default async function Loading() {
  const [hero, copy] = await Promise.all([readEventsHero(), getCopy('events')]);
  return (
    <>
      <Hero compact title={hero.title} message={hero.message} />
      <div className="section">
        <div className="container">
          <EventsLoading text={copy.loading} />
        </div>
      </div>
    </>
  );
}
