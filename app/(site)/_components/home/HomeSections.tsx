import Image from 'next/image';
import Link from 'next/link';
import { unstable_rethrow } from 'next/navigation';
import { EventCard } from '@/app/_components/EventCard';
import { EmptyText, ErrorText } from '@/app/_components/SectionStatus';
import { getEvents, getGalleryItems, getMembers, getSponsorImages } from '@/lib/api/reads';
import { failureReason, TEAM_ERROR_FALLBACK } from '@/lib/errors';
import { eventPhase, selectUpcoming } from '@/lib/events';
import { TeamPyramid } from '../TeamPyramid';
import { GallerySection } from '../gallery/GallerySection';
import { galleryItemsOrFallback } from '../gallery/items';
import styles from './Home.module.css';

/*
 * The data-driven sections of the home page. Each one is an async server component that the page
 * wraps in <Suspense> with the spec's loading text, so a slow or failing source holds up only its
 * own section, never the hero or the rest of the page.
 */

export const HOME_TEXTS = {
  teamLoading: 'Loading team members...',
  teamErrorPrefix: 'Error loading team members: ',
  teamEmpty: 'No member data received',
  eventsLoading: 'Loading events...',
  eventsError: 'Failed to load events',
  eventsEmpty: 'No upcoming events at the moment.',
  galleryLoading: 'Loading gallery...',
  galleryErrorPrefix: 'Error loading gallery: ',
  sponsorsLoading: 'Loading sponsors...',
  sponsorsError: 'Failed to load sponsors',
  sponsorsEmpty: 'Our sponsors and partners will be announced soon.',
} as const;

export async function TeamSection() {
  let members;
  try {
    members = await getMembers();
  } catch (error) {
    // Next.js's own signals (request-time rendering) must pass through, not become an error state.
    unstable_rethrow(error);
    console.error('The team members could not be loaded:', error);
    return (
      <ErrorText>
        {HOME_TEXTS.teamErrorPrefix + failureReason(error, TEAM_ERROR_FALLBACK)}
      </ErrorText>
    );
  }
  if (members.length === 0) return <EmptyText>{HOME_TEXTS.teamEmpty}</EmptyText>;
  return <TeamPyramid members={members} />;
}

export async function UpcomingEventsSection() {
  let events;
  try {
    events = await getEvents();
  } catch (error) {
    unstable_rethrow(error);
    console.error('The upcoming events could not be loaded:', error);
    return <ErrorText>{HOME_TEXTS.eventsError}</ErrorText>;
  }
  const now = new Date();
  const upcoming = selectUpcoming(events, now);
  if (upcoming.length === 0) return <EmptyText>{HOME_TEXTS.eventsEmpty}</EmptyText>;
  return (
    <ul className="card-grid">
      {upcoming.map((event) => (
        <li key={event.id}>
          <EventCard event={event} phase={eventPhase(event, now)} />
        </li>
      ))}
    </ul>
  );
}

export async function GallerySectionLoader() {
  let items;
  try {
    items = await getGalleryItems();
  } catch (error) {
    unstable_rethrow(error);
    console.error('The gallery could not be loaded:', error);
    const message = error instanceof Error ? error.message : String(error);
    return <ErrorText>{HOME_TEXTS.galleryErrorPrefix + message}</ErrorText>;
  }
  return (
    <GallerySection
      items={galleryItemsOrFallback(items.map(({ image, text }) => ({ image, text })))}
    />
  );
}

export async function SponsorsSection() {
  let sponsors;
  try {
    sponsors = await getSponsorImages();
  } catch (error) {
    unstable_rethrow(error);
    console.error('The sponsors could not be loaded:', error);
    // The read's message is the server's own text when it gave one (spec section 8).
    return <ErrorText>{failureReason(error, HOME_TEXTS.sponsorsError)}</ErrorText>;
  }
  if (sponsors.length === 0) return <EmptyText>{HOME_TEXTS.sponsorsEmpty}</EmptyText>;
  return (
    <ul className={styles.sponsors}>
      {sponsors.map((sponsor) => (
        <li key={sponsor.id}>
          <a
            className={styles.sponsor}
            // A sponsor without a site still gets its logo; the spec links it to '#'.
            href={sponsor.link ?? '#'}
            {...(sponsor.link ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            aria-label={sponsor.link ? `${sponsor.name} (opens in a new tab)` : sponsor.name}
          >
            <Image src={sponsor.logo_img} alt="" width={180} height={90} sizes="180px" />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function MoreEventsLink({ label }: { label: string }) {
  return (
    <Link href="/events" className={styles.more}>
      {/* The spaced-out letters are a visual style; screen readers hear a plain phrase. */}
      <span aria-hidden="true">{label}</span>
      <span className="visually-hidden">More events</span>
    </Link>
  );
}
