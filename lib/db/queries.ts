import 'server-only';
import { and, asc, count, desc, eq, getTableColumns, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from './client';
import {
  type AlumniKind,
  alumni,
  type ContactMessage,
  contactMessages,
  departments,
  designs,
  type Event,
  eventRegistrations,
  type EventRegistration,
  events,
  galleryItems,
  type HeroPage,
  homeHeroMedia,
  type ImageCollection,
  imageRecords,
  type JobApplication,
  jobApplications,
  members,
  openPositions,
  pageHeroImages,
  resources,
  type ServiceRequest,
  serviceRequests,
  sponsors,
} from './schema';

/**
 * The repository: every SQL statement of the app. Route handlers and pages reach the database
 * only through these functions (via lib/api), so both serve exactly the same data.
 */

/** The events visitors see: every event the club has not cancelled. */
const isPublicEvent = isNull(events.cancelledAt);

export function listEvents(db: Database) {
  return db
    .select()
    .from(events)
    .where(isPublicEvent)
    .orderBy(sql`${events.startsAt} asc nulls last`, asc(events.id));
}

export async function findEvent(db: Database, id: number): Promise<Event | null> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), isPublicEvent))
    .limit(1);
  return row ?? null;
}

export function listMembers(db: Database) {
  return db
    .select({ ...getTableColumns(members), departmentName: departments.name })
    .from(members)
    .leftJoin(departments, eq(members.departmentId, departments.id))
    .orderBy(asc(members.sortOrder), asc(members.id));
}

export type MemberWithDepartment = Awaited<ReturnType<typeof listMembers>>[number];

export function listGalleryItems(db: Database) {
  return db.select().from(galleryItems).orderBy(asc(galleryItems.sortOrder), asc(galleryItems.id));
}

export function listSponsors(db: Database) {
  return db.select().from(sponsors).orderBy(asc(sponsors.sortOrder), asc(sponsors.id));
}

export function listHomeHeroMedia(db: Database) {
  return db
    .select()
    .from(homeHeroMedia)
    .orderBy(asc(homeHeroMedia.sortOrder), asc(homeHeroMedia.id));
}

export function listPageHeroImages(db: Database, page: HeroPage) {
  return db
    .select()
    .from(pageHeroImages)
    .where(eq(pageHeroImages.page, page))
    .orderBy(asc(pageHeroImages.sortOrder), asc(pageHeroImages.id));
}

export function listImageRecords(db: Database, collection: ImageCollection) {
  return db
    .select()
    .from(imageRecords)
    .where(eq(imageRecords.collection, collection))
    .orderBy(asc(imageRecords.sortOrder), asc(imageRecords.id));
}

export function listOpenPositions(db: Database) {
  return db
    .select()
    .from(openPositions)
    .orderBy(desc(openPositions.postedAt), asc(openPositions.sortOrder), asc(openPositions.id));
}

/**
 * Former club members ('club_member', and never a major of 'Telfer', as the spec's alumni page
 * reads them) or Telfer alumni (the rest). Every alumnus is in exactly one of the two lists.
 */
export function listAlumni(db: Database, kind: AlumniKind) {
  const isTelfer = or(eq(alumni.kind, 'telfer'), eq(alumni.major, 'Telfer'));
  const where =
    kind === 'telfer' ? isTelfer : and(eq(alumni.kind, 'club_member'), ne(alumni.major, 'Telfer'));
  return db.select().from(alumni).where(where).orderBy(asc(alumni.sortOrder), asc(alumni.id));
}

export function listResources(db: Database) {
  return db.select().from(resources).orderBy(asc(resources.sortOrder), asc(resources.id));
}

export function listDesigns(db: Database) {
  return db.select().from(designs).orderBy(asc(designs.sortOrder), asc(designs.id));
}

/** Email addresses are compared trimmed and case-insensitively, and stored that way. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type RegistrationInput = { firstName: string; lastName: string; email: string };

export type RegistrationOutcome =
  | { kind: 'created'; registration: EventRegistration }
  | { kind: 'not_found' }
  | { kind: 'closed' }
  | { kind: 'full'; capacity: number }
  | { kind: 'duplicate' };

/** Whether `error` (or one of its causes) is PostgreSQL's unique violation, SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/**
 * Registers a person for an event, in one transaction: the event row is locked (SELECT … FOR
 * UPDATE) so concurrent registrations for one event take turns, then the event's start, the
 * person's earlier registration and the capacity are checked, and the row is inserted. The
 * unique index on (event_id, lower(trim(email))) stays the final guarantee against duplicates.
 */
export async function registerForEvent(
  db: Database,
  eventId: number,
  input: RegistrationInput,
  now: Date = new Date(),
): Promise<RegistrationOutcome> {
  const email = normalizeEmail(input.email);
  try {
    return await db.transaction(async (tx): Promise<RegistrationOutcome> => {
      // PGlite runs queries synchronously in this process, so queued transactions can follow one
      // another without the event loop ever writing out the answers of those already done; one
      // turn of the loop here lets finished responses go out while the queue drains.
      await new Promise((resolve) => setImmediate(resolve));
      const [event] = await tx
        .select({
          startsAt: events.startsAt,
          capacity: events.capacity,
          cancelledAt: events.cancelledAt,
        })
        .from(events)
        .where(eq(events.id, eventId))
        .for('update');
      // A cancelled event is gone for visitors: registering for it is registering for nothing.
      if (!event || event.cancelledAt) return { kind: 'not_found' };
      if (event.startsAt && event.startsAt.getTime() <= now.getTime()) return { kind: 'closed' };

      const [existing] = await tx
        .select({ id: eventRegistrations.id })
        .from(eventRegistrations)
        .where(
          and(
            eq(eventRegistrations.eventId, eventId),
            sql`lower(trim(${eventRegistrations.email})) = ${email}`,
          ),
        )
        .limit(1);
      if (existing) return { kind: 'duplicate' };

      if (event.capacity !== null) {
        const [taken] = await tx
          .select({ rows: count() })
          .from(eventRegistrations)
          .where(eq(eventRegistrations.eventId, eventId));
        if ((taken?.rows ?? 0) >= event.capacity) return { kind: 'full', capacity: event.capacity };
      }

      const [registration] = await tx
        .insert(eventRegistrations)
        .values({
          eventId,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          email,
        })
        .returning();
      return { kind: 'created', registration: registration! };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'duplicate' };
    throw error;
  }
}

export function listRegistrations(db: Database, eventId: number) {
  return db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
}

export async function countRegistrations(db: Database, eventId: number): Promise<number> {
  const [row] = await db
    .select({ rows: count() })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId));
  return row?.rows ?? 0;
}

export type ContactMessageInput = { senderName: string; senderEmail: string; message: string };

export async function insertContactMessage(
  db: Database,
  input: ContactMessageInput,
): Promise<ContactMessage> {
  const [row] = await db.insert(contactMessages).values(input).returning();
  return row!;
}

export function listContactMessages(db: Database) {
  return db
    .select()
    .from(contactMessages)
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
}

export type ServiceRequestInput = { name: string; email: string; needs: string };

export async function insertServiceRequest(
  db: Database,
  input: ServiceRequestInput,
): Promise<ServiceRequest> {
  const [row] = await db.insert(serviceRequests).values(input).returning();
  return row!;
}

export function listServiceRequests(db: Database) {
  return db
    .select()
    .from(serviceRequests)
    .orderBy(asc(serviceRequests.createdAt), asc(serviceRequests.id));
}

export type JobApplicationInput = {
  applicantName: string;
  applicantEmail: string;
  position: string;
  resumeStoredName: string;
  resumeOriginalName: string;
  resumeContentType: string;
  resumeSize: number;
};

export async function insertJobApplication(
  db: Database,
  input: JobApplicationInput,
): Promise<JobApplication> {
  const [row] = await db.insert(jobApplications).values(input).returning();
  return row!;
}

export function listJobApplications(db: Database) {
  return db
    .select()
    .from(jobApplications)
    .orderBy(asc(jobApplications.createdAt), asc(jobApplications.id));
}

export async function findJobApplication(db: Database, id: number): Promise<JobApplication | null> {
  const [row] = await db.select().from(jobApplications).where(eq(jobApplications.id, id)).limit(1);
  return row ?? null;
}
