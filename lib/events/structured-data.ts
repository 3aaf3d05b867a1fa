/**
 * schema.org `Event` data for an event's page, so search engines can show its date, place and
 * free entry. Pure: the page renders the result with `jsonForScript` (which escapes '<').
 */
import type { EventDto } from '@/lib/api/contract';
import { clubWallClock } from '@/lib/db/time';
import { eventInterval } from '@/lib/events/calendar';

export type StructuredEvent = Pick<
  EventDto,
  | 'id'
  | 'title'
  | 'description'
  | 'starts_at'
  | 'duration'
  | 'location'
  | 'organizer'
  | 'poster_img'
  | 'thumbnail_link'
>;

const CLUB_NAME = 'Telfer Chinese Student Association';

/** The club's city: every place of its events is there unless the place says otherwise. */
const CLUB_ADDRESS = { addressLocality: 'Ottawa', addressRegion: 'ON', addressCountry: 'CA' };

const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');

/** `instant` as the club's wall clock with its UTC offset: '2026-02-14T18:30:00-05:00'. */
export function clubIsoWithOffset(instant: Date): string {
  const wall = clubWallClock(instant);
  const wallAsUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second,
  );
  const wholeSeconds = instant.getTime() - instant.getUTCMilliseconds();
  const offsetMinutes = Math.round((wallAsUtc - wholeSeconds) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = Math.trunc(Math.abs(offsetMinutes) / 60);
  const minutes = Math.abs(offsetMinutes) % 60;
  return (
    `${String(wall.year).padStart(4, '0')}-${pad(wall.month)}-${pad(wall.day)}` +
    `T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}${sign}${pad(hours)}:${pad(minutes)}`
  );
}

function absolute(url: string, siteUrl: string): string {
  return new URL(url, siteUrl).toString();
}

export type EventJsonLdOptions = {
  /** The site's origin, e.g. 'https://tcsa.example.org'. */
  siteUrl: string;
  /** Whether registration is still open (the free offer is then in stock). */
  registrationOpen: boolean;
  /** The picture used when the event has none of its own. */
  defaultImage: string;
};

/**
 * The event as a schema.org `Event`, or null when it has no start yet: search engines ignore an
 * event without a start date, and a guessed date would mislead.
 */
export function eventJsonLd(
  event: StructuredEvent,
  { siteUrl, registrationOpen, defaultImage }: EventJsonLdOptions,
): Record<string, unknown> | null {
  const interval = eventInterval(event);
  if (!interval) return null;
  const pageUrl = absolute(`/events/${event.id}`, siteUrl);
  const images = [
    ...new Set([event.poster_img, event.thumbnail_link].filter((url): url is string => !!url)),
  ];
  const location = event.location?.trim();
  const description = event.description?.trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title.trim() || 'TCSA event',
    ...(description ? { description } : {}),
    startDate: clubIsoWithOffset(interval.start),
    ...(interval.end ? { endDate: clubIsoWithOffset(interval.end) } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(location
      ? {
          location: {
            '@type': 'Place',
            name: location,
            address: { '@type': 'PostalAddress', streetAddress: location, ...CLUB_ADDRESS },
          },
        }
      : {}),
    image: (images.length > 0 ? images : [defaultImage]).map((url) => absolute(url, siteUrl)),
    organizer: {
      '@type': 'Organization',
      name: event.organizer?.trim() || CLUB_NAME,
      url: absolute('/', siteUrl),
    },
    isAccessibleForFree: true,
    offers: {
      '@type': 'Offer',
      price: 0,
      priceCurrency: 'CAD',
      url: pageUrl,
      ...(registrationOpen ? { availability: 'https://schema.org/InStock' } : {}),
    },
    url: pageUrl,
  };
}
