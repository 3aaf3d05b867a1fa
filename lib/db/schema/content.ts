import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, EMAIL_LENGTH, id, NAME_LENGTH, sortOrder, URL_LENGTH } from './columns';

/**
 * Image columns hold URLs the browser can load as they are (site-relative, e.g.
 * `/media/events/lunar-new-year-gala.svg`). Lists are ordered by `sort_order`, then `id`.
 */

export const departments = pgTable('departments', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull().unique(),
});

export const members = pgTable(
  'members',
  {
    id: id(),
    firstName: varchar('first_name', { length: NAME_LENGTH }).notNull(),
    lastName: varchar('last_name', { length: NAME_LENGTH }).notNull(),
    email: varchar('email', { length: EMAIL_LENGTH }),
    quote: varchar('quote', { length: 300 }),
    pfpImg: varchar('pfp_img', { length: URL_LENGTH }),
    position: varchar('position', { length: 100 }).notNull(),
    /** The member's leader in the team pyramid; null for the President. */
    reportsTo: integer('reports_to').references((): AnyPgColumn => members.id, {
      onDelete: 'set null',
    }),
    departmentId: integer('department_id').references(() => departments.id, {
      onDelete: 'set null',
    }),
    sortOrder: sortOrder(),
  },
  (table) => [
    index('members_reports_to_idx').on(table.reportsTo),
    check(
      'members_not_own_leader',
      sql`${table.reportsTo} is null or ${table.reportsTo} <> ${table.id}`,
    ),
  ],
);

export const events = pgTable(
  'events',
  {
    id: id(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    /** When the event starts; null while the date is to be announced. */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    /** Free text such as '3 hours'. */
    duration: varchar('duration', { length: 60 }),
    location: varchar('location', { length: 200 }),
    organizer: varchar('organizer', { length: 200 }),
    posterImg: varchar('poster_img', { length: URL_LENGTH }),
    thumbnailLink: varchar('thumbnail_link', { length: URL_LENGTH }),
    /** Most registrations accepted; null means no limit. */
    capacity: integer('capacity'),
    createdAt: createdAt(),
    /**
     * Set when the club cancels an event that has registrations (it cannot be deleted then):
     * visitors no longer find it, and its registrants stay for the club's records.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** Registration settings (club-operations); null opening: open from publication. */
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true, mode: 'date' }),
    /** The deadline; null: registration closes when the event starts. */
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true, mode: 'date' }),
    /** Whether a full event puts newcomers on a waitlist instead of refusing them. */
    waitlistEnabled: boolean('waitlist_enabled').notNull().default(false),
    /** Whether a freed place goes to the first waitlisted person at once, or waits for staff. */
    autoPromote: boolean('auto_promote').notNull().default(true),
    /** Whether each registration waits for staff to confirm or decline it. */
    requiresReview: boolean('requires_review').notNull().default(false),
    /** A cancellation later than this many hours before the start counts as late. */
    cancellationCutoffHours: integer('cancellation_cutoff_hours').notNull().default(24),
    /*
     * Member events (club-operations.md, 'Member events'). Of the capacity, `memberPlaces` are
     * kept for active members and `staffPlaces` for people staff add; the rest are public.
     * Members register from `memberRegistrationOpensAt`, everyone from `registrationOpensAt`.
     */
    memberPlaces: integer('member_places').notNull().default(0),
    staffPlaces: integer('staff_places').notNull().default(0),
    /** Only active members may register; every place is a member place. */
    membersOnly: boolean('members_only').notNull().default(false),
    /** When members may register; null: with everyone, at `registrationOpensAt`. */
    memberRegistrationOpensAt: timestamp('member_registration_opens_at', {
      withTimezone: true,
      mode: 'date',
    }),
    /** Whether a place is held only once a deposit is paid (said on the event's pages). */
    requiresDeposit: boolean('requires_deposit').notNull().default(false),
    /** Networking, office tour, workshop, …: shown on the cards and the member events page. */
    category: varchar('category', { length: 40 }),
    /**
     * When visitors first see the event (lib/events/visibility.ts): null while it is a draft, a
     * future time while it is scheduled. A new row is published at once unless it says otherwise.
     */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).defaultNow(),
    /**
     * What a save changed of the event's date, time or place ('date', 'time', 'place') while
     * people were registered, and nobody has yet said whether to tell them: the console keeps
     * offering to email them until it is answered (sent or declined), then clears it.
     */
    unannouncedChanges: varchar('unannounced_changes', { length: 10 }).array(),
  },
  (table) => [
    index('events_starts_at_idx').on(table.startsAt),
    check('events_capacity_positive', sql`${table.capacity} is null or ${table.capacity} > 0`),
    check('events_cutoff_not_negative', sql`${table.cancellationCutoffHours} >= 0`),
    check(
      'events_reserved_places_fit',
      sql`${table.memberPlaces} >= 0 and ${table.staffPlaces} >= 0 and (${table.capacity} is null or ${table.memberPlaces} + ${table.staffPlaces} <= ${table.capacity})`,
    ),
  ],
);

export const alumniKind = pgEnum('alumni_kind', ['club_member', 'telfer']);

export const alumni = pgTable('alumni', {
  id: id(),
  /** Former club members appear in /api/alumni/, Telfer alumni in /api/telferAlumni/. */
  kind: alumniKind('kind').notNull(),
  name: varchar('name', { length: 120 }).notNull(),
  position: varchar('position', { length: 150 }).notNull(),
  major: varchar('major', { length: 120 }).notNull(),
  email: varchar('email', { length: EMAIL_LENGTH }),
  pfpImg: varchar('pfp_img', { length: URL_LENGTH }),
  sortOrder: sortOrder(),
});

export const galleryItems = pgTable('gallery_items', {
  id: id(),
  image: varchar('image', { length: URL_LENGTH }).notNull(),
  /** The caption the circular gallery draws under the image. */
  text: varchar('text', { length: 120 }).notNull(),
  sortOrder: sortOrder(),
});

export const sponsors = pgTable('sponsors', {
  id: id(),
  name: varchar('name', { length: 120 }).notNull(),
  logoImg: varchar('logo_img', { length: URL_LENGTH }).notNull(),
  link: varchar('link', { length: URL_LENGTH }),
  description: text('description'),
  /** The optional Instagram link the partnerships card can show. */
  instagram: varchar('instagram', { length: URL_LENGTH }),
  sortOrder: sortOrder(),
});

export const homeHeroMedia = pgTable(
  'home_hero_media',
  {
    id: id(),
    video: varchar('video', { length: URL_LENGTH }),
    image: varchar('image', { length: URL_LENGTH }),
    sortOrder: sortOrder(),
  },
  (table) => [
    check(
      'home_hero_media_has_media',
      sql`${table.video} is not null or ${table.image} is not null`,
    ),
  ],
);

export const heroPage = pgEnum('hero_page', [
  'events',
  'joinus',
  'alumni',
  'services',
  'resources',
]);

export const pageHeroImages = pgTable('page_hero_images', {
  id: id(),
  page: heroPage('page').notNull(),
  image: varchar('image', { length: URL_LENGTH }).notNull(),
  sortOrder: sortOrder(),
});

export const imageCollection = pgEnum('image_collection', [
  'benefits',
  'services',
  'resource_carousel',
]);

/** Background and slideshow images: the join-us benefits, the services showcases, the resources slideshow. */
export const imageRecords = pgTable(
  'image_records',
  {
    id: id(),
    collection: imageCollection('collection').notNull(),
    image: varchar('image', { length: URL_LENGTH }).notNull(),
    link: varchar('link', { length: URL_LENGTH }),
    title: varchar('title', { length: 150 }),
    sortOrder: sortOrder(),
  },
  (table) => [index('image_records_collection_idx').on(table.collection, table.sortOrder)],
);

export const openPositions = pgTable('open_positions', {
  id: id(),
  title: varchar('title', { length: 150 }).notNull(),
  description: text('description').notNull(),
  /** The day it was posted, in the club's time zone (a date, as Django's DateField serves it). */
  postedAt: date('posted_at', { mode: 'string' })
    .notNull()
    .default(sql`(now() at time zone 'America/Toronto')::date`),
  sortOrder: sortOrder(),
});

export const resources = pgTable('resources', {
  id: id(),
  title: varchar('title', { length: 150 }).notNull(),
  description: text('description').notNull(),
  thumbnailImg: varchar('thumbnail_img', { length: URL_LENGTH }),
  resourceUrl: varchar('resource_url', { length: URL_LENGTH }).notNull(),
  sortOrder: sortOrder(),
});

export const designs = pgTable('designs', {
  id: id(),
  title: varchar('title', { length: 150 }).notNull(),
  description: text('description'),
  image: varchar('image', { length: URL_LENGTH }).notNull(),
  sortOrder: sortOrder(),
});

export type Department = typeof departments.$inferSelect;
export type Member = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;
export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
export type Alumnus = typeof alumni.$inferSelect;
export type AlumniKind = (typeof alumniKind.enumValues)[number];
export type GalleryItem = typeof galleryItems.$inferSelect;
export type Sponsor = typeof sponsors.$inferSelect;
export type HomeHeroMedia = typeof homeHeroMedia.$inferSelect;
export type HeroPage = (typeof heroPage.enumValues)[number];
export type PageHeroImage = typeof pageHeroImages.$inferSelect;
export type ImageCollection = (typeof imageCollection.enumValues)[number];
export type ImageRecord = typeof imageRecords.$inferSelect;
export type OpenPosition = typeof openPositions.$inferSelect;
export type Resource = typeof resources.$inferSelect;
export type Design = typeof designs.$inferSelect;
