/**
 * The data sources of the JSON contract: one per `/api/...` list, plus the event detail. Each has
 * the spec's failure text (section 8), which both the endpoint's `{"error": ...}` body and the
 * page's error state show, and the cache tag of the table it reads.
 *
 * The source names are also the keys of the end-to-end tests' fault cookie (lib/testing/faults.ts):
 * `tcsa-test-fault=events=error,members=empty`.
 */

export const DATA_SOURCES = {
  events: { path: '/api/events/', failure: 'Failed to load events', tag: 'db:events' },
  event: {
    path: '/api/events/{id}/',
    failure: 'Failed to load event details. Please try again later.',
    tag: 'db:events',
  },
  members: { path: '/api/members/', failure: 'Failed to load team members.', tag: 'db:members' },
  circularGalleryImages: {
    path: '/api/circularGalleryImages/',
    failure: 'Failed to load gallery images',
    tag: 'db:gallery',
  },
  sponsorImages: {
    path: '/api/sponsorImages/',
    failure: 'Failed to load sponsors',
    tag: 'db:sponsors',
  },
  sponsors: { path: '/api/sponsors/', failure: 'Failed to load sponsors', tag: 'db:sponsors' },
  homeHeroMedia: {
    path: '/api/homeHeroMedia/',
    failure: 'Failed to load hero media',
    tag: 'db:hero',
  },
  eventHeroImage: {
    path: '/api/eventHeroImage/',
    failure: 'Failed to load hero image',
    tag: 'db:hero',
  },
  joinUsHeroImage: {
    path: '/api/joinUsHeroImage/',
    failure: 'Failed to load hero image',
    tag: 'db:hero',
  },
  alumniHeroImage: {
    path: '/api/alumniHeroImage/',
    failure: 'Failed to load hero image',
    tag: 'db:hero',
  },
  servicesHeroImage: {
    path: '/api/servicesHeroImage/',
    failure: 'Failed to load hero image',
    tag: 'db:hero',
  },
  resourceHeroImage: {
    path: '/api/resourceHeroImage/',
    failure: 'Failed to load hero image',
    tag: 'db:hero',
  },
  benefitBgImages: {
    path: '/api/benefitBgImages/',
    failure: 'Failed to load background images',
    tag: 'db:images',
  },
  openPositions: {
    path: '/api/openPositions/',
    failure: 'Failed to load positions',
    tag: 'db:positions',
  },
  alumni: { path: '/api/alumni/', failure: 'Failed to load alumni', tag: 'db:alumni' },
  telferAlumni: {
    path: '/api/telferAlumni/',
    failure: 'Failed to load Telfer alumni',
    tag: 'db:alumni',
  },
  servicesBgImages: {
    path: '/api/servicesBgImages/',
    failure: 'Failed to load background images',
    tag: 'db:images',
  },
  resourceCarouselImages: {
    path: '/api/resourceCarouselImages/',
    failure: 'Failed to load slideshow images',
    tag: 'db:images',
  },
  resources: { path: '/api/resources/', failure: 'Failed to load resources', tag: 'db:resources' },
  designs: { path: '/api/designs/', failure: 'Failed to load designs', tag: 'db:designs' },
} as const;

export type DataSource = keyof typeof DATA_SOURCES;
export type ListSource = Exclude<DataSource, 'event'>;

export const LIST_SOURCES = Object.keys(DATA_SOURCES).filter(
  (source): source is ListSource => source !== 'event',
);

/**
 * How long a database read, and a page rendered from it (lib/http/page-cache.ts), is served from the
 * cache before it is read again.
 */
export const CACHE_SECONDS = 60;

/** Every cache tag of database reads; `revalidateTag(tag, 'max')` refreshes the pages using it. */
export const DATABASE_CACHE_TAGS = [
  ...new Set(Object.values(DATA_SOURCES).map((source) => source.tag)),
];

/** The text pages show when a read returns something other than the expected shape. */
export const INVALID_DATA_MESSAGE = 'Invalid data format received from server';

/** A read failed (database unreachable, query error, or a test fault): `message` is the spec's text. */
export class DataSourceError extends Error {
  readonly source: DataSource;
  constructor(source: DataSource, cause?: unknown) {
    super(DATA_SOURCES[source].failure, { cause });
    this.name = 'DataSourceError';
    this.source = source;
  }
}

/** A read returned data of the wrong shape (the 'invalid' test fault): `message` is the spec's text. */
export class InvalidDataError extends Error {
  readonly source: DataSource;
  constructor(source: DataSource) {
    super(INVALID_DATA_MESSAGE);
    this.name = 'InvalidDataError';
    this.source = source;
  }
}
