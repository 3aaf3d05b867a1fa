import { count, getTableName, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../schema';
import { clubDate, clubDaysFrom } from '../time';
import { SEED_ALUMNI, SEED_DEPARTMENTS, SEED_MEMBERS, memberEmail } from './content';
import { SEED_EVENTS } from './events';
import {
  SEED_BENEFITS,
  SEED_CAROUSEL,
  SEED_GALLERY,
  SEED_PAGE_HEROES,
  SEED_SERVICES,
} from './images';
import { SEED_DESIGNS, SEED_POSITIONS, SEED_RESOURCES, SEED_SPONSORS } from './listings';
import { media } from './media';
import { seedMemberships } from './memberships';

type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

const CONTENT_TABLES = [
  schema.events,
  schema.members,
  schema.departments,
  schema.alumni,
  schema.galleryItems,
  schema.sponsors,
  schema.homeHeroMedia,
  schema.pageHeroImages,
  schema.imageRecords,
  schema.openPositions,
  schema.resources,
  schema.designs,
];

/** True when no content table has a row (a database that was never seeded). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  for (const table of CONTENT_TABLES) {
    const [row] = await db.select({ rows: count() }).from(table);
    if ((row?.rows ?? 0) > 0) return false;
  }
  return true;
}

/**
 * Deletes every row of the content tables and registrations (ALL_TABLES) and restarts their ids
 * at 1. Visitors' submissions (SUBMISSION_TABLES) are kept.
 */
export async function clearDatabase(db: Database): Promise<void> {
  const names = schema.ALL_TABLES.map((table) => `"${getTableName(table)}"`).join(', ');
  await db.execute(sql.raw(`truncate table ${names} restart identity cascade`));
}

export type SeedOptions = {
  /** The seeding day: event dates are relative to it. */
  now?: Date;
  /** False: the membership year and types without the demo members (a real club database). */
  demoMembers?: boolean;
};

/**
 * Replaces the content of every table with the seed content (registrations are removed too),
 * and seeds the membership when the database has none (memberships are kept, like submissions).
 * Runs in one transaction: a failed seed leaves the database as it was.
 */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    await clearDatabase(tx);

    const departmentRows = await tx
      .insert(schema.departments)
      .values(SEED_DEPARTMENTS.map((name) => ({ name })))
      .returning();
    const departmentId = new Map(departmentRows.map((row) => [row.name, row.id]));

    // Leaders first, so every reports_to points at a row that already exists.
    const memberId = new Map<string, number>();
    let pending = SEED_MEMBERS.map((member, index) => ({ member, index }));
    while (pending.length > 0) {
      const ready = pending.filter(
        ({ member }) => member.reportsTo === null || memberId.has(member.reportsTo),
      );
      if (ready.length === 0) throw new Error('The seed team has a reports_to cycle.');
      const rows = await tx
        .insert(schema.members)
        .values(
          ready.map(({ member, index }) => ({
            firstName: member.firstName,
            lastName: member.lastName,
            email: memberEmail(member),
            quote: member.quote,
            pfpImg: member.avatar ? media.member(member.key) : null,
            position: member.position,
            reportsTo: member.reportsTo === null ? null : memberId.get(member.reportsTo)!,
            departmentId: member.department === null ? null : departmentId.get(member.department)!,
            sortOrder: index,
          })),
        )
        .returning({ id: schema.members.id });
      ready.forEach(({ member }, position) => memberId.set(member.key, rows[position]!.id));
      pending = pending.filter(({ member }) => !memberId.has(member.key));
    }

    await tx.insert(schema.events).values(
      SEED_EVENTS.map((event) => ({
        title: event.title,
        description: event.description,
        startsAt: event.start
          ? clubDaysFrom(now, event.start.days, event.start.hour, event.start.minute)
          : null,
        duration: event.duration,
        location: event.location,
        organizer: event.organizer,
        posterImg: event.poster ? media.eventPoster(event.slug) : null,
        thumbnailLink: event.thumbnail ? media.eventThumbnail(event.slug) : null,
        capacity: event.capacity,
        waitlistEnabled: event.waitlist ?? false,
        requiresReview: event.review ?? false,
        category: event.category ?? null,
        memberPlaces: event.memberPlaces ?? 0,
        staffPlaces: event.staffPlaces ?? 0,
        membersOnly: event.membersOnly ?? false,
        requiresDeposit: event.deposit ?? false,
        memberRegistrationOpensAt: event.memberOpens
          ? clubDaysFrom(now, event.memberOpens.days, event.memberOpens.hour)
          : null,
        registrationOpensAt: event.publicOpens
          ? clubDaysFrom(now, event.publicOpens.days, event.publicOpens.hour)
          : null,
      })),
    );

    await tx.insert(schema.alumni).values(
      SEED_ALUMNI.map((person, index) => ({
        kind: person.kind,
        name: person.name,
        position: person.position,
        major: person.major,
        email: person.email,
        pfpImg: person.avatar ? media.alumnus(person.name) : null,
        sortOrder: index,
      })),
    );

    await tx.insert(schema.galleryItems).values(
      SEED_GALLERY.map((item, index) => ({
        image: media.gallery(item.slug),
        text: item.text,
        sortOrder: index,
      })),
    );

    await tx.insert(schema.sponsors).values(
      SEED_SPONSORS.map((sponsor, index) => ({
        name: sponsor.name,
        logoImg: media.sponsor(sponsor.slug),
        link: sponsor.link,
        description: sponsor.description,
        instagram: null,
        sortOrder: index,
      })),
    );

    await tx.insert(schema.homeHeroMedia).values([{ image: media.homeHero(), video: null }]);

    await tx
      .insert(schema.pageHeroImages)
      .values(SEED_PAGE_HEROES.map((page) => ({ page, image: media.pageHero(page) })));

    await tx.insert(schema.imageRecords).values([
      ...SEED_BENEFITS.map((benefit, index) => ({
        collection: 'benefits' as const,
        image: media.benefit(benefit.slug),
        title: benefit.title,
        link: null,
        sortOrder: index,
      })),
      ...SEED_SERVICES.map((service, index) => ({
        collection: 'services' as const,
        image: media.service(service.slug),
        title: service.title,
        link: service.link,
        sortOrder: index,
      })),
      ...SEED_CAROUSEL.map((slide, index) => ({
        collection: 'resource_carousel' as const,
        image: media.carousel(slide.slug),
        title: slide.title,
        link: slide.link,
        sortOrder: index,
      })),
    ]);

    await tx.insert(schema.openPositions).values(
      SEED_POSITIONS.map((position, index) => ({
        title: position.title,
        description: position.description,
        postedAt: clubDate(clubDaysFrom(now, -position.postedDaysAgo, 9, 0)),
        sortOrder: index,
      })),
    );

    await tx.insert(schema.resources).values(
      SEED_RESOURCES.map((resource, index) => ({
        title: resource.title,
        description: resource.description,
        thumbnailImg: media.resource(resource.slug),
        resourceUrl: resource.url,
        sortOrder: index,
      })),
    );

    await tx.insert(schema.designs).values(
      SEED_DESIGNS.map((design, index) => ({
        title: design.title,
        description: design.description,
        image: media.design(design.slug),
        sortOrder: index,
      })),
    );

    // Memberships are people's data, kept by a reset: seeded only into a database without any.
    await seedMemberships(tx, now, { demoMembers: options.demoMembers ?? true });
  });
}
