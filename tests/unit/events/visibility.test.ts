import { afterEach, describe, expect, it } from 'vitest';
import { cachedJson, freshJson, invalidateJsonAnswers } from '@/lib/api/json-answers';
import {
  FORGET_AFTER_MS,
  forgetPublicationTimes,
  notePublicationTimes,
  publishedSince,
} from '@/lib/events/publication-clock';
import { isVisibleToVisitors, publicationState } from '@/lib/events/visibility';
import { PageCache } from '@/lib/http/page-cache';

const NOW = new Date('2026-12-12T23:30:00Z');
const minutes = (count: number) => new Date(NOW.getTime() + count * 60_000);

afterEach(() => {
  forgetPublicationTimes();
  invalidateJsonAnswers();
});

describe('isVisibleToVisitors: the one rule of every public read of an event', () => {
  it('shows a published event, from its publication time on', () => {
    expect(isVisibleToVisitors({ publishedAt: minutes(-1), cancelledAt: null }, NOW)).toBe(true);
    expect(isVisibleToVisitors({ publishedAt: NOW, cancelledAt: null }, NOW)).toBe(true);
  });

  it('hides a draft, a scheduled event before its time, and a cancelled event', () => {
    expect(isVisibleToVisitors({ publishedAt: null, cancelledAt: null }, NOW)).toBe(false);
    expect(isVisibleToVisitors({ publishedAt: minutes(1), cancelledAt: null }, NOW)).toBe(false);
    expect(isVisibleToVisitors({ publishedAt: minutes(-5), cancelledAt: minutes(-1) }, NOW)).toBe(
      false,
    );
  });

  it('says where an event stands: draft, scheduled (with its time) or published', () => {
    expect(publicationState(null, NOW)).toEqual({ kind: 'draft' });
    expect(publicationState(minutes(30), NOW)).toEqual({ kind: 'scheduled', at: minutes(30) });
    expect(publicationState(minutes(-30), NOW)).toEqual({ kind: 'published', at: minutes(-30) });
  });
});

describe('the publication clock: caches do not keep hiding an event after its time', () => {
  it('knows what was stored before a publication time that has come', () => {
    const at = minutes(10).getTime();
    notePublicationTimes([minutes(-60).getTime(), at], NOW.getTime());
    expect(publishedSince(NOW.getTime(), NOW.getTime())).toBe(false);
    expect(publishedSince(NOW.getTime(), at - 1)).toBe(false);
    expect(publishedSince(NOW.getTime(), at)).toBe(true);
    // Stored after the time: it already shows the event.
    expect(publishedSince(at, at + 1000)).toBe(false);
    // A time long past is forgotten: nothing stored before it is kept that long.
    expect(publishedSince(minutes(-61).getTime(), NOW.getTime())).toBe(false);
    expect(FORGET_AFTER_MS).toBeGreaterThan(11 * 60_000);
  });

  it('a list endpoint’s kept answer is read again once a scheduled event’s time comes', async () => {
    const storedAt = NOW.getTime();
    let reads = 0;
    const read = async () => [{ read: (reads += 1) }];
    await cachedJson('events', 'g1', read, { now: storedAt });
    expect(freshJson('events', 'g1', { now: storedAt + 5_000 })).not.toBeNull();
    notePublicationTimes([storedAt + 10_000], storedAt + 5_000);
    expect(freshJson('events', 'g1', { now: storedAt + 9_999 })).not.toBeNull();
    expect(freshJson('events', 'g1', { now: storedAt + 10_000 })).toBeNull();
    await cachedJson('events', 'g1', read, { now: storedAt + 10_000 });
    expect(reads).toBe(2);
    expect(freshJson('events', 'g1', { now: storedAt + 11_000 })).not.toBeNull();
  });

  it('a kept page rendered before a scheduled event’s time is rendered again at that time', async () => {
    let now = NOW.getTime();
    let renders = 0;
    const cache = new PageCache({
      createNonce: () => 'nonce',
      now: () => now,
      render: async () => {
        renders += 1;
        return new Response(`<p>render ${renders}</p>`, {
          headers: { 'content-type': 'text/html' },
        });
      },
    });
    await cache.refresh('/events', 'http://127.0.0.1/events');
    notePublicationTimes([now + 10_000], now);
    now += 9_000;
    expect(cache.answer('/events', 'http://127.0.0.1/events', 'n')?.status).toBe('hit');
    now += 1_000;
    expect(cache.answer('/events', 'http://127.0.0.1/events', 'n')).toBeNull();
    const answer = await cache.render('/events', 'http://127.0.0.1/events', 'n');
    expect(new TextDecoder().decode(answer!.body)).toBe('<p>render 2</p>');
    expect(cache.answer('/events', 'http://127.0.0.1/events', 'n')?.status).toBe('hit');
  });
});
