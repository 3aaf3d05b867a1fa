import Image from 'next/image';
import Link from 'next/link';
import { unstable_rethrow } from 'next/navigation';
import { EventCard } from '@/app/_components/EventCard';
import { EmptyText, ErrorText } from '@/app/_components/SectionStatus';
import { getEvents, getGalleryItems, getMembers, getSponsorImages } from '@/lib/api/reads';
import { pickCopy, type Copy } from '@/lib/copy/catalogue';
import { EVENT_STATUS_COPY_KEYS } from '@/lib/copy/client-keys';
import { getCopy } from '@/lib/copy/read';
import { sectionFailureText } from '@/lib/api/failure';
import { type DataSource, DataSourceError, InvalidDataError } from '@/lib/api/sources';
import { failureReason } from '@/lib/site/failure-reason';
import { eventPhase, selectUpcoming } from '@/lib/events/schedule';
import { TeamPyramid } from '../TeamPyramid';
import { GallerySection } from '../gallery/GallerySection';
import { galleryItemsOrFallback } from '../gallery/items';
import styles from './Home.module.css';

/*
 * The data-driven sections of the home page. Each one is an async server component that the page
 * wraps in <Suspense> with the spec's loading text, so a slow or failing source holds up only its
 * own section, never the hero or the rest of the page.
 */

type HomeCopy = Copy<'home'>;
type SectionProps = { copy: HomeCopy; invalid: string };

/**
 * The reason a section shows for a failed read: the database's own generic failure in the
 * editors' words, an answer that is not a list likewise, and otherwise the spec's priority of
 * the answer's detail, error and message fields.
 */
function readFailure(error: unknown, source: DataSource, failure: string, invalid: string) {
  if (error instanceof DataSourceError || error instanceof InvalidDataError) {
    return sectionFailureText(error, source, { failure, invalid });
  }
  return failureReason(error, failure);
}

export async function TeamSection({ copy, invalid }: SectionProps) {
  let members;
  try {
    members = await getMembers();
  } catch (error) {
    // Next.js's own signals (request-time rendering) must pass through, not become an error state.
    unstable_rethrow(error);
    console.error('The team members could not be loaded:', error);
    return (
      <ErrorText>
        {copy.teamErrorPrefix + readFailure(error, 'members', copy.teamError, invalid)}
      </ErrorText>
    );
  }
  if (members.length === 0) return <EmptyText>{copy.teamEmpty}</EmptyText>;
  return (
    <TeamPyramid
      members={members}
      copy={pickCopy(copy, 'teamChartLabel', 'teamHintTouch', 'teamHintPointer')}
    />
  );
}

export async function UpcomingEventsSection({
  copy,
  invalid,
  cardCopy,
}: SectionProps & { cardCopy: Copy<'events'> }) {
  let events;
  try {
    events = await getEvents();
  } catch (error) {
    unstable_rethrow(error);
    console.error('The upcoming events could not be loaded:', error);
    return <ErrorText>{readFailure(error, 'events', copy.eventsError, invalid)}</ErrorText>;
  }
  const now = new Date();
  const upcoming = selectUpcoming(events, now);
  if (upcoming.length === 0) return <EmptyText>{copy.eventsEmpty}</EmptyText>;
  const statusCopy = pickCopy(await getCopy('event'), ...EVENT_STATUS_COPY_KEYS);
  return (
    <ul className="card-grid">
      {upcoming.map((event) => (
        <li key={event.id}>
          <EventCard
            event={event}
            phase={eventPhase(event, now)}
            copy={cardCopy}
            statusCopy={statusCopy}
          />
        </li>
      ))}
    </ul>
  );
}

export async function GallerySectionLoader({ copy, invalid }: SectionProps) {
  let items;
  try {
    items = await getGalleryItems();
  } catch (error) {
    unstable_rethrow(error);
    console.error('The gallery could not be loaded:', error);
    return (
      <ErrorText>
        {copy.galleryErrorPrefix +
          readFailure(error, 'circularGalleryImages', copy.galleryError, invalid)}
      </ErrorText>
    );
  }
  return (
    <GallerySection
      items={galleryItemsOrFallback(
        items.map(({ image, text }) => ({ image, text })),
        copy.galleryPlaceholderCaptions,
      )}
      copy={pickCopy(copy, 'galleryLabel', 'galleryPrevious', 'galleryNext')}
    />
  );
}

export async function SponsorsSection({
  copy,
  invalid,
  newTab,
}: SectionProps & { newTab: string }) {
  let sponsors;
  try {
    sponsors = await getSponsorImages();
  } catch (error) {
    unstable_rethrow(error);
    console.error('The sponsors could not be loaded:', error);
    // The read's message is the server's own text when it gave one (spec section 8).
    return (
      <ErrorText>{readFailure(error, 'sponsorImages', copy.sponsorsError, invalid)}</ErrorText>
    );
  }
  if (sponsors.length === 0) return <EmptyText>{copy.sponsorsEmpty}</EmptyText>;
  return (
    <ul className={styles.sponsors}>
      {sponsors.map((sponsor) => (
        <li key={sponsor.id}>
          <a
            className={styles.sponsor}
            // A sponsor without a site still gets its logo; the spec links it to '#'.
            href={sponsor.link ?? '#'}
            {...(sponsor.link ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            aria-label={sponsor.link ? `${sponsor.name} ${newTab}` : sponsor.name}
          >
            <Image src={sponsor.logo_img} alt="" width={180} height={90} sizes="180px" />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function MoreEventsLink({ label, spoken }: { label: string; spoken: string }) {
  return (
    <Link href="/events" className={styles.more}>
      {/* The spaced-out letters are a visual style; screen readers hear a plain phrase. */}
      <span aria-hidden="true">{label}</span>
      <span className="visually-hidden">{spoken}</span>
    </Link>
  );
}
