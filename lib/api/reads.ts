import 'server-only';
import { unstable_cache } from 'next/cache';
import { connection } from 'next/server';
import { type Database, getDb } from '@/lib/db/client';
import * as queries from '@/lib/db/queries';
import type { Event, HeroPage } from '@/lib/db/schema';
import { parseEventId } from '@/lib/events/id';
import { notePublicationTimes } from '@/lib/events/publication-clock';
import { isVisibleToVisitors } from '@/lib/events/visibility';
import { noteFailedRead } from '@/lib/http/page-render';
import { currentReadGeneration } from '@/lib/publish/read-generation';
import type { PoolRoom } from '@/lib/registrations/pools';
import { testFaultFor } from '@/lib/testing/faults';
import type {
  AlumnusDto,
  BenefitBgImageDto,
  DesignDto,
  EventDto,
  GalleryItemDto,
  HeroImageDto,
  HomeHeroMediaDto,
  ImageRecordDto,
  MemberDto,
  OpenPositionDto,
  ResourceDto,
  SponsorDto,
  SponsorImageDto,
} from './contract';
import { cachedJson, encodeJson } from './json-answers';
import * as serialize from './serialize';
import {
  CACHE_SECONDS,
  DATA_SOURCES,
  type DataSource,
  DataSourceError,
  InvalidDataError,
  type ListSource,
} from './sources';

/**
 * The typed reads of the JSON contract. Pages call these (never the site's own HTTP endpoints),
 * and the `/api/...` route handlers answer with the very same values, so a page and its endpoint
 * can never disagree.
 *
 * - Each read runs at request time (`connection()`), so `next build` never opens the database.
 * - Results are cached with Next's data cache for CACHE_SECONDS, tagged per table (see
 *   DATABASE_CACHE_TAGS). The cache key includes the read generation
 *   (lib/publish/read-generation.ts): a restart or a change published by another instance
 *   starts a new one.
 * - On failure a read throws DataSourceError, whose message is the spec's text for that source
 *   ('Failed to load events', ...). A read that receives something other than a list throws
 *   InvalidDataError ('Invalid data format received from server').
 * - End-to-end tests reach those states through the fault cookie of lib/testing/faults.ts: 'error'
 *   fails the read, 'empty' returns an empty list (or no event), 'invalid' returns an object where
 *   a list belongs (the endpoint answers it as is), 'slow' answers normally after a delay so the
 *   page's loading state can be seen.
 */

function cachedRead<A extends unknown[], T>(
  name: string,
  tag: string,
  load: (db: Database, ...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  const cached = unstable_cache(
    async (_generation: string, ...args: A) => load(await getDb(), ...args),
    ['tcsa-db', name],
    { tags: [tag], revalidate: CACHE_SECONDS },
  );
  return (...args: A) => cached(currentReadGeneration(), ...args);
}

function list<T, D>(
  source: ListSource,
  rows: (db: Database) => Promise<T[]>,
  toDto: (row: T) => D,
): () => Promise<D[]> {
  return cachedRead(source, DATA_SOURCES[source].tag, async (db) => (await rows(db)).map(toDto));
}

/**
 * An event as the cache keeps it: its answer and when it is published (ms), so that a scheduled
 * event read before its time shows from its time on, whatever the cache's age.
 */
type PublishedEvent = { publishedAt: number; event: EventDto };

function publishedEvent(row: Event, rooms: Map<number, PoolRoom>): PublishedEvent {
  // listEvents and findEvent read no drafts (a null publication time).
  return {
    publishedAt: row.publishedAt!.getTime(),
    event: serialize.toEventDto(row, rooms.get(row.id)),
  };
}

/** The events of `entries` on the site now (lib/events/visibility.ts); notes the others' times. */
function visibleNow(entries: readonly PublishedEvent[]): EventDto[] {
  const now = new Date();
  notePublicationTimes(
    entries.map((entry) => entry.publishedAt),
    now.getTime(),
  );
  return entries
    .filter(({ publishedAt }) =>
      isVisibleToVisitors({ publishedAt: new Date(publishedAt), cancelledAt: null }, now),
    )
    .map((entry) => entry.event);
}

const loadPublishedEvents = cachedRead(
  'published-events',
  DATA_SOURCES.events.tag,
  async (db): Promise<PublishedEvent[]> => {
    const rows = await queries.listEvents(db);
    const rooms = await queries.eventRooms(db, rows);
    return rows.map((row) => publishedEvent(row, rooms));
  },
);

const heroImages = (page: HeroPage) => (db: Database) => queries.listPageHeroImages(db, page);

const listLoaders = {
  events: async () => visibleNow(await loadPublishedEvents()),
  members: list('members', queries.listMembers, serialize.toMemberDto),
  circularGalleryImages: list(
    'circularGalleryImages',
    queries.listGalleryItems,
    serialize.toGalleryItemDto,
  ),
  sponsorImages: list('sponsorImages', queries.listSponsors, serialize.toSponsorImageDto),
  sponsors: list('sponsors', queries.listSponsors, serialize.toSponsorDto),
  homeHeroMedia: list('homeHeroMedia', queries.listHomeHeroMedia, serialize.toHomeHeroMediaDto),
  eventHeroImage: list('eventHeroImage', heroImages('events'), serialize.toHeroImageDto),
  joinUsHeroImage: list('joinUsHeroImage', heroImages('joinus'), serialize.toHeroImageDto),
  alumniHeroImage: list('alumniHeroImage', heroImages('alumni'), serialize.toHeroImageDto),
  servicesHeroImage: list('servicesHeroImage', heroImages('services'), serialize.toHeroImageDto),
  resourceHeroImage: list('resourceHeroImage', heroImages('resources'), serialize.toHeroImageDto),
  benefitBgImages: list(
    'benefitBgImages',
    (db) => queries.listImageRecords(db, 'benefits'),
    serialize.toBenefitBgImageDto,
  ),
  openPositions: list('openPositions', queries.listOpenPositions, serialize.toOpenPositionDto),
  alumni: list('alumni', (db) => queries.listAlumni(db, 'club_member'), serialize.toAlumnusDto),
  telferAlumni: list(
    'telferAlumni',
    (db) => queries.listAlumni(db, 'telfer'),
    serialize.toAlumnusDto,
  ),
  servicesBgImages: list(
    'servicesBgImages',
    (db) => queries.listImageRecords(db, 'services'),
    serialize.toImageRecordDto,
  ),
  resourceCarouselImages: list(
    'resourceCarouselImages',
    (db) => queries.listImageRecords(db, 'resource_carousel'),
    serialize.toImageRecordDto,
  ),
  resources: list('resources', queries.listResources, serialize.toResourceDto),
  designs: list('designs', queries.listDesigns, serialize.toDesignDto),
} satisfies { [S in ListSource]: () => Promise<unknown[]> };

/** The DTO list each source answers. */
export type ListDtos = { [S in ListSource]: Awaited<ReturnType<(typeof listLoaders)[S]>> };

/** What a source answers under the 'invalid' test fault: an object where a list belongs. */
export type InvalidPayload = { detail: string };

const loadPublishedEvent = cachedRead(
  'published-event',
  DATA_SOURCES.event.tag,
  async (db, id: number): Promise<PublishedEvent | null> => {
    const row = await queries.findEvent(db, id);
    return row ? publishedEvent(row, await queries.eventRooms(db, [row])) : null;
  },
);

/** The event with this id when visitors may see it now (a draft or a scheduled one: null). */
async function loadEventRow(id: number): Promise<EventDto | null> {
  const entry = await loadPublishedEvent(id);
  return entry ? (visibleNow([entry])[0] ?? null) : null;
}

/** Marks the read as request-time and applies a test fault; throws on an 'error' fault. */
async function beginRead(source: DataSource) {
  await connection();
  const fault = await testFaultFor(source);
  if (fault === 'error') {
    throw new DataSourceError(
      source,
      new Error(`connect ECONNREFUSED (simulated by the test fault cookie for '${source}')`),
    );
  }
  return fault;
}

async function guarded<T>(source: DataSource, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    console.error(`Reading ${DATA_SOURCES[source].path} from the database failed:`, error);
    await noteFailedRead();
    throw new DataSourceError(source, error);
  }
}

/**
 * The value a list endpoint answers with: the DTO list, or under the 'invalid' test fault an
 * object. Route handlers serve it as it is; pages use the get…() reads below instead.
 */
export async function loadList<S extends ListSource>(
  source: S,
): Promise<ListDtos[S] | InvalidPayload> {
  return listValue(source, await beginRead(source));
}

function listValue<S extends ListSource>(
  source: S,
  fault: Awaited<ReturnType<typeof beginRead>>,
): Promise<ListDtos[S] | InvalidPayload> | ListDtos[S] | InvalidPayload {
  if (fault === 'empty') return [] as unknown[] as ListDtos[S];
  if (fault === 'invalid') return { detail: `Test fault: ${source} answered an object.` };
  return guarded(source, () => listLoaders[source]() as Promise<ListDtos[S]>);
}

/**
 * loadList's value as the JSON body of its endpoint. Without a test fault the body is the same
 * for every visitor and comes from this process's cache of serialized answers
 * (lib/api/json-answers.ts), read and serialized again only when stale or invalidated.
 */
export async function loadListJson(source: ListSource): Promise<Uint8Array<ArrayBuffer>> {
  const fault = await beginRead(source);
  if (fault !== null) return encodeJson(await listValue(source, fault));
  return cachedJson(source, currentReadGeneration(), async () => listValue(source, null));
}

async function readList<S extends ListSource>(source: S): Promise<ListDtos[S]> {
  const value = await loadList(source);
  if (!Array.isArray(value)) throw new InvalidDataError(source);
  return value as ListDtos[S];
}

export { parseEventId };

/**
 * The value /api/events/{id}/ answers with: the event, null when there is none (an unknown or
 * malformed id, or the 'empty' fault), or under the 'invalid' fault a list where an object belongs.
 */
export async function loadEvent(rawId: string | number): Promise<EventDto | null | unknown[]> {
  const fault = await beginRead('event');
  if (fault === 'empty') return null;
  if (fault === 'invalid') return [];
  const id = parseEventId(rawId);
  if (id === null) return null;
  return guarded('event', () => loadEventRow(id));
}

/**
 * Every event, earliest first; events without a date come last. Which are upcoming and how the
 * pages order them is lib/events/schedule.ts's business.
 */
export const getEvents = (): Promise<EventDto[]> => readList('events');

/** One event, or null when there is no event with that id (or the id is malformed). */
export async function getEvent(id: string | number): Promise<EventDto | null> {
  const value = await loadEvent(id);
  if (Array.isArray(value)) throw new InvalidDataError('event');
  return value;
}

export const getMembers = (): Promise<MemberDto[]> => readList('members');
export const getGalleryItems = (): Promise<GalleryItemDto[]> => readList('circularGalleryImages');
export const getSponsorImages = (): Promise<SponsorImageDto[]> => readList('sponsorImages');
export const getSponsors = (): Promise<SponsorDto[]> => readList('sponsors');
export const getHomeHeroMedia = (): Promise<HomeHeroMediaDto[]> => readList('homeHeroMedia');

export const HERO_IMAGE_SOURCES = {
  events: 'eventHeroImage',
  joinus: 'joinUsHeroImage',
  alumni: 'alumniHeroImage',
  services: 'servicesHeroImage',
  resources: 'resourceHeroImage',
} as const satisfies Record<HeroPage, ListSource>;

/** The hero images of a page; pages use the first. */
export const getPageHeroImages = (page: HeroPage): Promise<HeroImageDto[]> =>
  readList(HERO_IMAGE_SOURCES[page]);

export const getBenefitBgImages = (): Promise<BenefitBgImageDto[]> => readList('benefitBgImages');
export const getOpenPositions = (): Promise<OpenPositionDto[]> => readList('openPositions');
/** Former club members (the 'Former Club Members' section). */
export const getAlumni = (): Promise<AlumnusDto[]> => readList('alumni');
/** The 'Telfer Alumni' section. */
export const getTelferAlumni = (): Promise<AlumnusDto[]> => readList('telferAlumni');
export const getServicesBgImages = (): Promise<ImageRecordDto[]> => readList('servicesBgImages');
export const getResourceCarouselImages = (): Promise<ImageRecordDto[]> =>
  readList('resourceCarouselImages');
export const getResources = (): Promise<ResourceDto[]> => readList('resources');
export const getDesigns = (): Promise<DesignDto[]> => readList('designs');
