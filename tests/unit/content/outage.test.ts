import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@sanity/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A configured Sanity project whose Content Lake is unreachable or hangs: the copy falls back to
 * the last copy read, or to the bundled dataset, within the 2 s limit, and never fails the page.
 * The Lake is a server on loopback that refuses, hangs or answers as each test says.
 */

type Mode = 'answer' | 'hang' | 'fail';
const lake = {
  mode: 'answer' as Mode,
  requests: 0,
  /** In 'fail' mode, how many requests fail before the Lake answers again (none: all of them). */
  failuresLeft: undefined as number | undefined,
  answer: { heroTitle: 'From the Lake' } as unknown,
};
const hanging = new Set<ServerResponse>();
let server: Server;
let lakeUrl: string;
let closedUrl: string;
const work = mkdtempSync(path.join(tmpdir(), 'tcsa-outage-'));

const target = vi.hoisted(() => ({ apiHost: '' }));

vi.mock('@/lib/content/client', () => ({
  getSanityClient: () =>
    createClient({
      projectId: 'outage',
      dataset: 'production',
      apiVersion: '2025-10-01',
      apiHost: target.apiHost,
      useProjectHostname: false,
      useCdn: false,
      maxRetries: 0,
    }),
}));

beforeAll(async () => {
  server = createServer((_request, response) => {
    lake.requests += 1;
    if (lake.mode === 'hang') {
      hanging.add(response);
      return;
    }
    if (lake.mode === 'fail') {
      if (lake.failuresLeft !== undefined && --lake.failuresLeft <= 0) lake.mode = 'answer';
      response.writeHead(503).end('{"error":"unavailable"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ result: lake.answer, ms: 1 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  lakeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port that was free a moment ago: connections to it are refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

beforeEach(async () => {
  vi.stubEnv('PGLITE_DATA_DIR', path.join(work, `run-${Date.now()}-${Math.random()}`, 'pglite'));
  const { resetServerEnvForTests } = await import('@/lib/env/server');
  resetServerEnvForTests();
  const { resetLakeFallbackForTests } = await import('@/lib/content/lake-fallback');
  resetLakeFallbackForTests();
  lake.mode = 'answer';
  lake.requests = 0;
  lake.failuresLeft = undefined;
  lake.answer = { heroTitle: 'From the Lake' };
  target.apiHost = lakeUrl;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

async function bundledHomePage() {
  const { queryBundledDataset } = await import('@/lib/content/bundled');
  const { homePageQuery } = await import('@/lib/content/queries');
  return queryBundledDataset(homePageQuery, {}, 'published');
}

async function timedRead() {
  const { getHomePage } = await import('@/lib/content');
  const started = Date.now();
  const result = await getHomePage({ perspective: 'published' });
  return { result, ms: Date.now() - started };
}

describe('the Content Lake out of reach', () => {
  it('unreachable (connection refused): the bundled copy, without the client’s retries', async () => {
    target.apiHost = closedUrl;
    const { result, ms } = await timedRead();
    expect(result).toEqual(await bundledHomePage());
    // Well inside the 2 s limit: a refusal is not retried five times first.
    expect(ms).toBeLessThan(1900);
  });

  it('hanging: the bundled copy after the 2 s limit, then at once while the Lake is down', async () => {
    lake.mode = 'hang';
    const first = await timedRead();
    expect(first.result).toEqual(await bundledHomePage());
    expect(first.ms).toBeGreaterThanOrEqual(1900);
    expect(first.ms).toBeLessThan(4000);
    const second = await timedRead();
    expect(second.result).toEqual(await bundledHomePage());
    expect(second.ms).toBeLessThan(500);
  });

  it('answers with the last copy read successfully, from memory and after a restart from disk', async () => {
    lake.answer = { heroTitle: 'Published this morning' };
    expect((await timedRead()).result).toMatchObject({ heroTitle: 'Published this morning' });

    lake.mode = 'fail';
    expect((await timedRead()).result).toMatchObject({ heroTitle: 'Published this morning' });

    // A restart: nothing in memory, the copy on disk remains.
    const { resetLakeFallbackForTests } = await import('@/lib/content/lake-fallback');
    resetLakeFallbackForTests();
    lake.mode = 'hang';
    expect((await timedRead()).result).toMatchObject({ heroTitle: 'Published this morning' });
  });

  it('retries in the background, and reads the Lake again once it answers', async () => {
    // The Lake is back from its second request on: the page's read fails, and the read in the
    // background (which may start before the page has its fallback) finds it answering.
    lake.mode = 'fail';
    lake.failuresLeft = 1;
    lake.answer = { heroTitle: 'Back again' };
    // The page's own read failed: it shows the bundled copy, or the Lake's if the background
    // read has already brought it.
    const first = (await timedRead()).result;
    expect([
      await bundledHomePage(),
      { ...((await bundledHomePage()) as object), heroTitle: 'Back again' },
    ]).toContainEqual(first);
    // The background read reaches the Lake and finds it answering.
    await vi.waitFor(() => expect(lake.requests).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    // A loaded machine (the whole suite in parallel) may take over the default second.
    await vi.waitFor(
      async () => expect((await timedRead()).result).toMatchObject({ heroTitle: 'Back again' }),
      { timeout: 5000 },
    );
    // The test's own limit covers the first read and both waits above.
  });
});
