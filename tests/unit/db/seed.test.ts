import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listAlumni,
  listDesigns,
  listEvents,
  listImageRecords,
  listMembers,
  listOpenPositions,
  listResources,
  listSponsors,
} from '@/lib/db/queries';
import { SEED_EVENTS } from '@/lib/db/seed/events';
import { isDatabaseEmpty, seedDatabase } from '@/lib/db/seed';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

const now = new Date();
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await database.dispose();
});

describe(`seed content (${DATABASE_UNDER_TEST})`, () => {
  it('fills an empty database, and seeding again replaces rather than duplicates', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    await seedDatabase(database.db, { now });
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    const first = (await listEvents(database.db)).length;
    await seedDatabase(database.db, { now });
    expect((await listEvents(database.db)).length).toBe(first);
    expect((await listEvents(database.db))[0]!.id).toBe(1);
  });

  it('a team that exercises every placement rule of the pyramid', async () => {
    const members = await listMembers(database.db);
    const byId = new Map(members.map((member) => [member.id, member]));
    const president = members.filter((member) => member.position === 'President');
    expect(president).toHaveLength(1);
    expect(president[0]!.reportsTo).toBeNull();
    expect(
      members.filter((member) => member.position === 'Vice President').length,
    ).toBeGreaterThanOrEqual(2);
    const leaders = members.filter((member) => /Lead|Manager/.test(member.position));
    expect(leaders.length).toBeGreaterThanOrEqual(3);
    expect(leaders.some((leader) => leader.departmentName === null)).toBe(true);
    const leaderIds = new Set(leaders.map((leader) => leader.id));
    expect(
      members.filter((member) => member.reportsTo !== null && leaderIds.has(member.reportsTo))
        .length,
    ).toBeGreaterThanOrEqual(4);
    const finance = members.filter((member) => member.position === 'VP Finance');
    expect(finance).toHaveLength(1);
    expect(
      members.filter((member) => member.reportsTo === finance[0]!.id).length,
    ).toBeGreaterThanOrEqual(1);
    for (const member of members)
      if (member.reportsTo !== null) expect(byId.has(member.reportsTo)).toBe(true);
    // Regular members never look like leaders.
    const regular = members.filter(
      (member) => member.reportsTo !== null && leaderIds.has(member.reportsTo),
    );
    expect(
      regular.every((member) => !/Lead|Manager|Vice President|VP Finance/.test(member.position)),
    ).toBe(true);
  });

  it('at least eight events, past and upcoming relative to today, with the fallbacks exercised', async () => {
    const events = await listEvents(database.db);
    expect(events.length).toBeGreaterThanOrEqual(8);
    const dated = events.filter((event) => event.startsAt !== null);
    expect(
      dated.filter((event) => event.startsAt!.getTime() < now.getTime()).length,
    ).toBeGreaterThanOrEqual(3);
    expect(
      dated.filter((event) => event.startsAt!.getTime() > now.getTime()).length,
    ).toBeGreaterThanOrEqual(4);
    expect(events.some((event) => /[\u4e00-\u9fff]/.test(event.title))).toBe(true);
    expect(events.some((event) => event.title === 'Lunar New Year Gala 春节晚会')).toBe(true);
    expect(events.some((event) => !event.startsAt && !event.location && !event.organizer)).toBe(
      true,
    );
    expect(events.some((event) => event.posterImg === null)).toBe(true);
    expect(events.some((event) => event.thumbnailLink === null)).toBe(true);
    expect(events.some((event) => (event.location ?? '').length > 32)).toBe(true);
    const small = events.filter((event) => event.capacity !== null && event.capacity <= 20);
    expect(small.some((event) => event.startsAt && event.startsAt.getTime() > now.getTime())).toBe(
      true,
    );
    expect(SEED_EVENTS).toHaveLength(events.length);
  });

  it('alumni of both kinds, sponsors long and short, resources, designs, positions, images', async () => {
    expect((await listAlumni(database.db, 'club_member')).length).toBeGreaterThanOrEqual(3);
    expect((await listAlumni(database.db, 'telfer')).length).toBeGreaterThanOrEqual(3);
    const sponsors = await listSponsors(database.db);
    expect(sponsors.some((sponsor) => (sponsor.description ?? '').length > 150)).toBe(true);
    expect(sponsors.some((sponsor) => (sponsor.description ?? '').length < 100)).toBe(true);
    expect(sponsors.some((sponsor) => sponsor.link === null)).toBe(true);
    expect((await listResources(database.db)).length).toBeGreaterThanOrEqual(4);
    const designs = await listDesigns(database.db);
    expect(designs.some((design) => design.description === null)).toBe(true);
    expect(designs.some((design) => design.description !== null)).toBe(true);
    expect((await listOpenPositions(database.db)).length).toBeGreaterThanOrEqual(3);
    expect(await listImageRecords(database.db, 'benefits')).toHaveLength(3);
    expect(await listImageRecords(database.db, 'services')).toHaveLength(4);
  });

  it('uses only example.org addresses, so no real person is ever emailed', async () => {
    const emails = [
      ...(await listMembers(database.db)).map((member) => member.email),
      ...(await listAlumni(database.db, 'club_member')).map((person) => person.email),
      ...(await listAlumni(database.db, 'telfer')).map((person) => person.email),
    ].filter((email): email is string => email !== null);
    expect(emails.length).toBeGreaterThan(20);
    for (const email of emails) expect(email).toMatch(/^[a-z.]+@example\.org$/);
  });

  it('every seed image exists under public/', async () => {
    const urls = [
      ...(await listEvents(database.db)).flatMap((event) => [event.posterImg, event.thumbnailLink]),
      ...(await listMembers(database.db)).map((member) => member.pfpImg),
      ...(await listSponsors(database.db)).map((sponsor) => sponsor.logoImg),
      ...(await listResources(database.db)).map((resource) => resource.thumbnailImg),
      ...(await listDesigns(database.db)).map((design) => design.image),
    ].filter((url): url is string => url !== null);
    for (const url of urls) expect(existsSync(path.join('public', url)), url).toBe(true);
  });
});
