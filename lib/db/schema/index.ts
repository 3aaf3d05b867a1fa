/**
 * The database behind the JSON contract of spec section 7: one table per entity of section 3
 * that the API serves, plus event registrations. The same schema and migrations serve the
 * embedded PGlite database and a PostgreSQL server.
 */
import {
  alumni,
  departments,
  designs,
  events,
  galleryItems,
  homeHeroMedia,
  imageRecords,
  members,
  openPositions,
  pageHeroImages,
  resources,
  sponsors,
} from './content';
import { emailOutbox, eventMessages } from './outbox';
import { eventRegistrations, registrationStatusChanges } from './registrations';

export * from './content';
export * from './registrations';
export * from './memberships';
export * from './submissions';
export * from './console';
export * from './outbox';

/**
 * Every table of content and registrations, in an order that deletes children before parents:
 * what `db:seed -- --reset` replaces.
 */
export const ALL_TABLES = [
  emailOutbox,
  eventMessages,
  registrationStatusChanges,
  eventRegistrations,
  events,
  members,
  departments,
  alumni,
  galleryItems,
  sponsors,
  homeHeroMedia,
  pageHeroImages,
  imageRecords,
  openPositions,
  resources,
  designs,
] as const;
