import 'server-only';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Database } from './client';
import { emptyEventRoom, poolRoom, type PoolRoom } from '../registrations/pools';
import { PLACE_HOLDING_STATUSES, type PlacePool } from '../registrations/statuses';
import {
  type AlumniKind,
  alumni,
  type ContactMessage,
  contactMessages,
  departments,
  designs,
  type Event,
  eventRegistrations,
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

/**
 * The events visitors may see: not cancelled, and not drafts. Scheduled ones are read too, with
 * their time, so that a cached list shows them when it comes: lib/api/reads.ts keeps only those
 * isVisibleToVisitors (lib/events/visibility.ts) lets through at each read.
 */
const isPublicEvent = and(isNull(events.cancelledAt), isNotNull(events.publishedAt));

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

/**
 * Whether a newcomer can take a member place, and a public place, of each event now (what
 * `toEventDto` carries for the status): one grouped read of the places held and the line.
 */
export async function eventRooms(
  db: Pick<Database, 'select'>,
  rows: readonly Event[],
): Promise<Map<number, PoolRoom>> {
  const rooms = new Map<number, PoolRoom>();
  if (rows.length === 0) return rooms;
  const holding = inArray(eventRegistrations.status, [...PLACE_HOLDING_STATUSES]);
  const waitlisted = eq(eventRegistrations.status, 'waitlisted');
  const inPool = (pool: PlacePool) => sql`${holding} and ${eventRegistrations.pool} = ${pool}`;
  const tallies = await db
    .select({
      eventId: eventRegistrations.eventId,
      member: sql<number>`count(*) filter (where ${inPool('member')})`.mapWith(Number),
      public: sql<number>`count(*) filter (where ${inPool('public')})`.mapWith(Number),
      staff: sql<number>`count(*) filter (where ${inPool('staff')})`.mapWith(Number),
      waiting: sql<number>`count(*) filter (where ${waitlisted})`.mapWith(Number),
      waitingMembers:
        sql<number>`count(*) filter (where ${waitlisted} and ${eventRegistrations.membershipId} is not null)`.mapWith(
          Number,
        ),
    })
    .from(eventRegistrations)
    .where(
      inArray(
        eventRegistrations.eventId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(eventRegistrations.eventId);
  const byEvent = new Map(tallies.map((tally) => [tally.eventId, tally]));
  for (const row of rows) {
    const tally = byEvent.get(row.id);
    rooms.set(
      row.id,
      tally
        ? poolRoom(
            row,
            {
              member: tally.member,
              public: tally.public,
              staff: tally.staff,
              waitlisted: tally.waiting,
            },
            tally,
          )
        : emptyEventRoom(row),
    );
  }
  return rooms;
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

export type RegistrationInput = {
  firstName: string;
  lastName: string;
  email: string;
  /** Given by someone registering as a member (with their uOttawa email): checked, then kept. */
  memberId?: string | null;
};

/** Whether `error` (or one of its causes) is PostgreSQL's unique violation, SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/** Registrations of an event, in the order they arrived (every status). */
export function listRegistrations(db: Database, eventId: number) {
  return db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
}

/**
 * Places taken: registrations that hold a place (confirmed, and what confirmed becomes at and
 * after the door). What an event's capacity counts.
 */
export async function placesTaken(db: Pick<Database, 'select'>, eventId: number): Promise<number> {
  const [row] = await db
    .select({ rows: count() })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        inArray(eventRegistrations.status, [...PLACE_HOLDING_STATUSES]),
      ),
    );
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
