import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as getEvent } from '@/app/api/events/[id]/route';
import { GET as getEvents } from '@/app/api/events/route';
import { GET as getMembers } from '@/app/api/members/route';
import { GET as getSponsors } from '@/app/api/sponsors/route';
import { GET as getSponsorImages } from '@/app/api/sponsorImages/route';
import { GET as getAlumni } from '@/app/api/alumni/route';
import { GET as getTelferAlumni } from '@/app/api/telferAlumni/route';
import { GET as getOpenPositions } from '@/app/api/openPositions/route';
import { eventSchema } from '@/lib/api/contract';
import { DATA_SOURCES } from '@/lib/api/sources';
import type {
  EventDto,
  MemberDto,
  SponsorDto,
  SponsorImageDto,
  AlumnusDto,
} from '@/lib/api/contract';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from '../db/support/test-database';
import { LIST_ENDPOINTS } from './support/routes';

vi.mock('next/cache', () => import('./support/next-cache'));
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  connection: async () => undefined,
}));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

const eventContext = (id: string) => ({ params: Promise.resolve({ id }) });
const request = (url: string) => new Request(`http://localhost${url}`);

async function json<T>(response: Response): Promise<T> {
  expect(response.headers.get('content-type')).toContain('application/json');
  return (await response.json()) as T;
}

describe(`GET endpoints of spec section 7 (${DATABASE_UNDER_TEST})`, () => {
  it.each(LIST_ENDPOINTS)(
    '$source answers 200 with a JSON array in the contract shape',
    async (endpoint) => {
      const response = await endpoint.GET();
      expect(response.status).toBe(200);
      const body = await json<unknown[]>(response);
      expect(Array.isArray(body)).toBe(true);
      expect(body.length).toBeGreaterThanOrEqual(endpoint.min);
      for (const item of body) expect(endpoint.item.parse(item)).toEqual(item);
    },
  );

  it('every list endpoint of section 7 has a route (and only those)', () => {
    const listPaths = Object.entries(DATA_SOURCES)
      .filter(([source]) => source !== 'event')
      .map(([, source]) => source.path);
    expect(LIST_ENDPOINTS.map((endpoint) => DATA_SOURCES[endpoint.source].path).sort()).toEqual(
      listPaths.sort(),
    );
  });

  it('image and video URLs are site-relative files that exist under public/', async () => {
    const urls = new Set<string>();
    for (const endpoint of LIST_ENDPOINTS) {
      const body = await json<Record<string, unknown>[]>(await endpoint.GET());
      for (const item of body) {
        for (const key of [
          'image',
          'video',
          'pfp_img',
          'logo_img',
          'poster_img',
          'thumbnail_link',
          'thumbnail_img',
        ]) {
          const value = item[key];
          if (typeof value === 'string') urls.add(value);
        }
      }
    }
    expect(urls.size).toBeGreaterThan(40);
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/[a-z0-9/-]+\.svg$/);
      expect(existsSync(path.join('public', url)), url).toBe(true);
    }
  });

  it('events carry date and start_date with the same value, start_time as HH:MM, and ascend by date', async () => {
    const events = await json<EventDto[]>(await getEvents());
    const dated = events.filter((event) => event.date !== null);
    expect(dated.length).toBeGreaterThanOrEqual(8);
    for (const event of events) {
      expect(event.start_date).toBe(event.date);
      if (event.date) expect(event.start_time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    }
    const starts = dated.map((event) => Date.parse(event.starts_at!));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // Undated events come last.
    expect(events.at(-1)?.date).toBeNull();
    const now = Date.now();
    expect(dated.some((event) => Date.parse(event.starts_at!) < now)).toBe(true);
    expect(
      dated.filter((event) => Date.parse(event.starts_at!) > now).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('/api/openPositions/ dates posted_at as a calendar day (YYYY-MM-DD), as Django serializes a DateField', async () => {
    const positions = (await (await getOpenPositions()).json()) as { posted_at: string }[];
    expect(positions.length).toBeGreaterThan(0);
    for (const position of positions) {
      expect(position.posted_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // A date-only value reads as a valid date in any client.
      expect(Number.isNaN(new Date(`${position.posted_at}T00:00:00`).getTime())).toBe(false);
    }
  });

  it('events keep every field of the contract and only add the member event settings', async () => {
    const events = await json<EventDto[]>(await getEvents());
    const contractFields = [
      'id',
      'title',
      'description',
      'date',
      'start_date',
      'start_time',
      'starts_at',
      'duration',
      'location',
      'organizer',
      'poster_img',
      'thumbnail_link',
      'capacity',
    ];
    const added = [
      'member_places',
      'staff_places',
      'members_only',
      'member_registration_opens_at',
      'registration_opens_at',
      'registration_closes_at',
      'requires_deposit',
      'requires_selection',
      'category',
      'waitlist_enabled',
      'member_places_available',
      'public_places_available',
    ];
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual([...contractFields, ...added].sort());
      if (event.capacity !== null) {
        expect(event.member_places + event.staff_places).toBeLessThanOrEqual(event.capacity);
      }
    }
  });

  it('/api/events/{id}/ answers the event object, the same as in the list', async () => {
    const events = await json<EventDto[]>(await getEvents());
    const first = events[0]!;
    const response = await getEvent(
      request(`/api/events/${first.id}/`),
      eventContext(String(first.id)),
    );
    expect(response.status).toBe(200);
    const body = await json<EventDto>(response);
    expect(eventSchema.parse(body)).toEqual(first);
  });

  it.each(['999999', '0', 'abc', '1.5', '-1', '1e3', '', ' 1', '99999999999', '%00', '../1'])(
    '/api/events/%j/ answers 404 with an error field, never 500',
    async (id) => {
      const response = await getEvent(request(`/api/events/x/`), eventContext(id));
      expect(response.status).toBe(404);
      expect(await json<{ error: string }>(response)).toEqual({ error: 'Event not found.' });
    },
  );

  it('members have department as an object with name (or null) and reports_to as a leader id', async () => {
    const members = await json<MemberDto[]>(await getMembers());
    const ids = new Set(members.map((member) => member.id));
    for (const member of members) {
      if (member.reports_to !== null) expect(ids.has(member.reports_to)).toBe(true);
      if (member.department !== null) expect(Object.keys(member.department)).toEqual(['name']);
    }
    const president = members.find((member) => member.position === 'President');
    expect(president?.reports_to).toBeNull();
  });

  it('/api/sponsors/ serves Link (capital L) and link with the same value, and a description', async () => {
    const sponsors = await json<SponsorDto[]>(await getSponsors());
    for (const sponsor of sponsors) {
      expect(sponsor.Link).toBe(sponsor.link);
      expect(sponsor).toHaveProperty('description');
    }
    expect(sponsors.some((sponsor) => sponsor.link === null)).toBe(true);
    expect(sponsors.some((sponsor) => (sponsor.description ?? '').length > 150)).toBe(true);
    expect(sponsors.some((sponsor) => (sponsor.description ?? '').length <= 150)).toBe(true);
  });

  it('/api/sponsorImages/ serves exactly id, name, logo_img and link', async () => {
    const images = await json<SponsorImageDto[]>(await getSponsorImages());
    for (const image of images)
      expect(Object.keys(image).sort()).toEqual(['id', 'link', 'logo_img', 'name']);
  });

  it("alumni are split: former club members (no major 'Telfer') and Telfer alumni, same shape", async () => {
    const club = await json<AlumnusDto[]>(await getAlumni());
    const telfer = await json<AlumnusDto[]>(await getTelferAlumni());
    expect(club.every((person) => person.major !== 'Telfer')).toBe(true);
    const clubIds = new Set(club.map((person) => person.id));
    expect(telfer.some((person) => clubIds.has(person.id))).toBe(false);
    const keys = ['email', 'id', 'major', 'name', 'pfp_img', 'position'];
    for (const person of [...club, ...telfer]) expect(Object.keys(person).sort()).toEqual(keys);
  });
});
