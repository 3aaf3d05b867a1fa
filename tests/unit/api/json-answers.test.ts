import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedJson, invalidateJsonAnswers, listSourceAt } from '@/lib/api/json-answers';
import { currentReadGeneration } from '@/lib/publish/read-generation';
import { proxy } from '@/proxy';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A read that counts its calls and answers `[value]` with the current value. */
function counter(initial = 1) {
  let value = initial;
  let calls = 0;
  return {
    read: async () => {
      calls += 1;
      return [{ id: value }];
    },
    set: (next: number) => {
      value = next;
    },
    get calls() {
      return calls;
    },
  };
}

describe('cachedJson', () => {
  afterEach(() => invalidateJsonAnswers());

  it('serializes a list once and answers the same bytes until it is stale', async () => {
    const source = counter();
    const first = await cachedJson('events', 'g1', source.read, { now: 0, freshMs: 1000 });
    const second = await cachedJson('events', 'g1', source.read, { now: 999, freshMs: 1000 });
    expect(text(first)).toBe('[{"id":1}]');
    expect(second).toBe(first);
    expect(source.calls).toBe(1);
    source.set(2);
    const later = await cachedJson('events', 'g1', source.read, { now: 1000, freshMs: 1000 });
    expect(text(later)).toBe('[{"id":2}]');
    expect(source.calls).toBe(2);
  });

  it('shares one read between the callers that arrive while it runs', async () => {
    const source = counter();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cachedJson('events', 'g1', source.read)),
    );
    expect(new Set(answers).size).toBe(1);
    expect(source.calls).toBe(1);
  });

  it('reads again in a new read generation (a change published by another instance)', async () => {
    const source = counter();
    await cachedJson('events', 'g1', source.read);
    source.set(2);
    expect(text(await cachedJson('events', 'g2', source.read))).toBe('[{"id":2}]');
    expect(source.calls).toBe(2);
  });

  it('drops the lists of a published table at once, and only those', async () => {
    const events = counter();
    const members = counter();
    await cachedJson('events', 'g1', events.read);
    await cachedJson('members', 'g1', members.read);
    events.set(2);
    invalidateJsonAnswers(['db:events']);
    expect(text(await cachedJson('events', 'g1', events.read))).toBe('[{"id":2}]');
    await cachedJson('members', 'g1', members.read);
    expect([events.calls, members.calls]).toEqual([2, 1]);
  });

  it('does not keep a read that was under way when its table changed', async () => {
    const source = counter();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = cachedJson('events', 'g1', async () => {
      await held;
      return source.read();
    });
    invalidateJsonAnswers(['db:events']);
    release();
    await slow;
    source.set(2);
    expect(text(await cachedJson('events', 'g1', source.read))).toBe('[{"id":2}]');
  });

  it('keeps nothing of a read that fails, and tells every caller', async () => {
    const failing = () => Promise.reject(new Error('database down'));
    await expect(cachedJson('events', 'g1', failing)).rejects.toThrow('database down');
    const source = counter();
    expect(text(await cachedJson('events', 'g1', source.read))).toBe('[{"id":1}]');
    expect(source.calls).toBe(1);
  });
});

describe('proxy.ts and the kept list answers', () => {
  afterEach(() => invalidateJsonAnswers());

  const get = (path: string, headers: Record<string, string> = {}) =>
    proxy(new NextRequest(`http://localhost:3000${path}`, { headers }));

  it('knows the list endpoints by their path', () => {
    expect(listSourceAt('/api/events/')).toBe('events');
    expect(listSourceAt('/api/events')).toBe('events');
    expect(listSourceAt('/api/members/')).toBe('members');
    expect(listSourceAt('/api/events/1/')).toBeNull();
    expect(listSourceAt('/api/csrf/')).toBeNull();
  });

  it('answers a list the route handler kept, and leaves everything else to the route handler', async () => {
    expect((await get('/api/events/')).headers.get('x-middleware-next')).toBe('1');
    await cachedJson('events', currentReadGeneration(), async () => [{ id: 7 }]);
    const kept = await get('/api/events/');
    expect(kept.headers.get('x-middleware-next')).toBeNull();
    expect(kept.headers.get('content-type')).toBe('application/json');
    expect(await kept.text()).toBe('[{"id":7}]');
    // The API's own headers and cookie, as on any API answer.
    expect(kept.headers.get('content-security-policy')).toBeTruthy();
    expect(kept.cookies.get('csrftoken')?.value).toMatch(/^[0-9a-f]{64}$/);

    for (const other of [
      get('/api/events/?limit=1'),
      get('/api/events/', { cookie: 'tcsa-test-fault=events=error' }),
      get('/api/members/'),
      proxy(new NextRequest('http://localhost:3000/api/events/', { method: 'POST' })),
    ]) {
      expect((await other).headers.get('x-middleware-next')).toBe('1');
    }
    invalidateJsonAnswers(['db:events']);
    expect((await get('/api/events/')).headers.get('x-middleware-next')).toBe('1');
  });
});
