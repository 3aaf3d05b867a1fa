import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import sitemap from '@/app/sitemap';
import { GET as getEventRoute } from '@/app/api/events/[id]/route';
import { GET as getEventsRoute } from '@/app/api/events/route';
import { invalidateJsonAnswers } from '@/lib/api/json-answers';
import { getEvent, getEvents } from '@/lib/api/reads';
import { events } from '@/lib/db/schema';
import { forgetPublicationTimes } from '@/lib/events/publication-clock';
import { registerForEvent } from '@/lib/registrations/intake';
import { registrationAvailability } from '@/lib/registrations/reads';
import { createTestDatabase, type TestDatabase } from '../db/support/test-database';

vi.mock('next/cache', () => import('./support/next-cache'));
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  connection: async () => undefined,
}));
vi.mock('@/lib/testing/faults', () => ({ testFaultFor: async () => null }));

let database: TestDatabase;
const ids = { draft: 0, scheduled: 0, published: 0 };
const NOW = Date.now();
const SCHEDULED_AT = new Date(NOW + 60 * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
  const startsAt = new Date(NOW + 7 * 86_400_000);
  const insert = async (title: string, publishedAt: Date | null) => {
    const [row] = await database.db
      .insert(events)
      .values({ title, startsAt, capacity: 20, publishedAt })
      .returning({ id: events.id });
    return row!.id;
  };
  ids.draft = await insert('Draft dumpling night', null);
  ids.scheduled = await insert('Scheduled mooncake social', SCHEDULED_AT);
  ids.published = await insert('Published karaoke night', new Date(NOW - 60_000));
});
afterAll(async () => {
  vi.useRealTimers();
  await database.dispose();
});
afterEach(() => {
  forgetPublicationTimes();
  invalidateJsonAnswers();
});

const titlesOf = (list: Array<{ title: string }>) => list.map((event) => event.title);
const person = { firstName: 'Lin', lastName: 'Wang', email: 'lin.wang@example.org' };

describe('drafts and scheduled events never reach a visitor before their time', () => {
  it('a new row without a publication time said is published at once', async () => {
    const [row] = await database.db
      .insert(events)
      .values({ title: 'Inserted as before' })
      .returning();
    expect(row!.publishedAt).toBeInstanceOf(Date);
    expect(titlesOf(await getEvents())).toContain('Inserted as before');
  });

  it('the events list, the API and the sitemap leave out drafts and scheduled events', async () => {
    const listed = titlesOf(await getEvents());
    expect(listed).toContain('Published karaoke night');
    expect(listed).not.toContain('Draft dumpling night');
    expect(listed).not.toContain('Scheduled mooncake social');
    const api = titlesOf(await (await getEventsRoute()).json());
    expect(api).toEqual(listed);
    const urls = (await sitemap()).map((entry) => entry.url);
    expect(urls.some((url) => url.endsWith(`/events/${ids.published}`))).toBe(true);
    expect(urls.some((url) => url.endsWith(`/events/${ids.draft}`))).toBe(false);
    expect(urls.some((url) => url.endsWith(`/events/${ids.scheduled}`))).toBe(false);
  });

  it('a draft or scheduled event answers 404 on the API and nothing to the pages', async () => {
    for (const id of [ids.draft, ids.scheduled]) {
      expect(await getEvent(id)).toBeNull();
      const response = await getEventRoute(new Request('http://localhost/'), {
        params: Promise.resolve({ id: String(id) }),
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Event not found.' });
    }
    expect((await getEvent(ids.published))?.title).toBe('Published karaoke night');
  });

  it('registering for a draft or a scheduled event is refused, and it has no availability', async () => {
    for (const id of [ids.draft, ids.scheduled]) {
      expect(await registrationAvailability(database.db, id)).toBeNull();
      expect((await registerForEvent(database.db, id, person)).kind).toBe('not_found');
    }
    expect(await registrationAvailability(database.db, ids.published)).not.toBeNull();
  });

  it('a scheduled event appears at its time, in the kept API answer too, with nothing run then', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Kept at 5 s before its time: fresh for a minute, were it not for the publication.
    vi.setSystemTime(SCHEDULED_AT.getTime() - 5000);
    const before = titlesOf(await (await getEventsRoute()).json());
    expect(before).not.toContain('Scheduled mooncake social');
    vi.setSystemTime(SCHEDULED_AT.getTime() - 1000);
    expect(titlesOf(await (await getEventsRoute()).json())).toEqual(before);
    vi.setSystemTime(SCHEDULED_AT);
    expect(titlesOf(await (await getEventsRoute()).json())).toContain('Scheduled mooncake social');
    expect(titlesOf(await getEvents())).toContain('Scheduled mooncake social');
    expect((await getEvent(ids.scheduled))?.title).toBe('Scheduled mooncake social');
    expect(await registrationAvailability(database.db, ids.scheduled)).not.toBeNull();
    // A draft stays a draft, whatever the time.
    expect(await getEvent(ids.draft)).toBeNull();
    vi.useRealTimers();
  });
});
