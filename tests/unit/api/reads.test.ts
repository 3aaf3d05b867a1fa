import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as getEventRoute } from '@/app/api/events/[id]/route';
import { GET as getEventsRoute } from '@/app/api/events/route';
import { GET as getMembersRoute } from '@/app/api/members/route';
import {
  getAlumni,
  getBenefitBgImages,
  getDesigns,
  getEvent,
  getEvents,
  getGalleryItems,
  getHomeHeroMedia,
  getMembers,
  getOpenPositions,
  getPageHeroImages,
  getResourceCarouselImages,
  getResources,
  getServicesBgImages,
  getSponsorImages,
  getSponsors,
  getTelferAlumni,
  loadList,
  parseEventId,
} from '@/lib/api/reads';
import { DataSourceError, InvalidDataError } from '@/lib/api/sources';
import type { TestFault } from '@/lib/testing/faults';
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

const faults = new Map<string, TestFault>();
vi.mock('@/lib/testing/faults', () => ({
  testFaultFor: async (source: string) => faults.get(source) ?? null,
}));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});
afterEach(() => faults.clear());

describe(`typed reads for the pages (${DATABASE_UNDER_TEST})`, () => {
  it('answer exactly what the endpoints serve', async () => {
    const reads: Record<string, () => Promise<unknown>> = {
      members: getMembers,
      circularGalleryImages: getGalleryItems,
      sponsorImages: getSponsorImages,
      sponsors: getSponsors,
      homeHeroMedia: getHomeHeroMedia,
      events: getEvents,
      eventHeroImage: () => getPageHeroImages('events'),
      benefitBgImages: getBenefitBgImages,
      joinUsHeroImage: () => getPageHeroImages('joinus'),
      openPositions: getOpenPositions,
      alumni: getAlumni,
      telferAlumni: getTelferAlumni,
      alumniHeroImage: () => getPageHeroImages('alumni'),
      servicesBgImages: getServicesBgImages,
      servicesHeroImage: () => getPageHeroImages('services'),
      resourceCarouselImages: getResourceCarouselImages,
      resources: getResources,
      resourceHeroImage: () => getPageHeroImages('resources'),
      designs: getDesigns,
    };
    for (const endpoint of LIST_ENDPOINTS) {
      const read = reads[endpoint.source]!;
      expect(await read(), endpoint.source).toEqual(await (await endpoint.GET()).json());
    }
  });

  it('getEvent returns the event, or null for an unknown or malformed id', async () => {
    const [first] = await getEvents();
    expect(await getEvent(first!.id)).toEqual(first);
    expect(await getEvent(String(first!.id))).toEqual(first);
    expect(await getEvent(999_999)).toBeNull();
    expect(await getEvent('abc')).toBeNull();
  });

  it('the sponsor and member lists hold the seed content the pages need', async () => {
    const members = await getMembers();
    expect(members.filter((member) => member.position === 'Vice President')).toHaveLength(2);
    const finance = members.find((member) => member.position === 'VP Finance')!;
    expect(
      members.filter((member) => member.reports_to === finance.id).length,
    ).toBeGreaterThanOrEqual(1);
    expect((await getDesigns()).some((design) => design.description === null)).toBe(true);
    const slides = await getResourceCarouselImages();
    expect(slides.every((slide) => slide.link && slide.title)).toBe(true);
  });

  it('parseEventId accepts positive 32-bit decimal ids only', () => {
    expect(parseEventId('12')).toBe(12);
    expect(parseEventId(7)).toBe(7);
    expect(parseEventId('007')).toBe(7);
    for (const bad of ['0', '-1', '1.5', '1e3', 'abc', '', ' 1', '2147483648', '99999999999']) {
      expect(parseEventId(bad), bad).toBeNull();
    }
  });
});

describe('test faults (the tcsa-test-fault cookie)', () => {
  it("'error' throws DataSourceError with the spec's text, and the endpoint answers 500 with it", async () => {
    faults.set('events', 'error');
    await expect(getEvents()).rejects.toThrow(DataSourceError);
    await expect(getEvents()).rejects.toThrow('Failed to load events');
    const response = await getEventsRoute();
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'Failed to load events' });

    faults.set('members', 'error');
    await expect(getMembers()).rejects.toThrow('Failed to load team members.');
    expect(await (await getMembersRoute()).json()).toEqual({
      error: 'Failed to load team members.',
    });
  });

  it("'empty' returns an empty list (or no event)", async () => {
    faults.set('sponsors', 'empty');
    faults.set('event', 'empty');
    expect(await getSponsors()).toEqual([]);
    expect(await getEvent(1)).toBeNull();
    const response = await getEventRoute(new Request('http://localhost/api/events/1/'), {
      params: Promise.resolve({ id: '1' }),
    });
    expect(response.status).toBe(404);
  });

  it("'invalid' makes the endpoint answer a non-array and the read throw 'Invalid data format received from server'", async () => {
    faults.set('events', 'invalid');
    faults.set('event', 'invalid');
    const value = await loadList('events');
    expect(Array.isArray(value)).toBe(false);
    const response = await getEventsRoute();
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(false);
    await expect(getEvents()).rejects.toThrow(InvalidDataError);
    await expect(getEvents()).rejects.toThrow('Invalid data format received from server');
    await expect(getEvent(1)).rejects.toThrow('Invalid data format received from server');
  });

  it('a fault on one source leaves the others alone', async () => {
    faults.set('events', 'error');
    expect((await getSponsors()).length).toBeGreaterThan(0);
  });

  it('a real database failure is reported the same way, and logged', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { setDatabaseForTests } = await import('@/lib/db/client');
    setDatabaseForTests({
      ...database,
      db: new Proxy(database.db, {
        get: () => {
          throw new Error('connection terminated');
        },
      }),
    });
    try {
      await expect(getDesigns()).rejects.toThrow('Failed to load designs');
      expect(spy).toHaveBeenCalled();
    } finally {
      setDatabaseForTests(database);
      spy.mockRestore();
    }
  });
});
