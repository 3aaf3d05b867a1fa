/**
 * npm run bench:pages — the home page, /events and /api/events/ against a static file, same server.
 *
 * 1. Builds into .next-bench/ or $NEXT_DIST_DIR unless a current build is there (--skip-build
 *    trusts any build, --build always builds), and starts scripts/serve.mjs on a fresh seeded PGlite
 *    folder in a temporary directory.
 * 2. Fetches / once and writes its HTML to public/bench-page.html, a static file of the same
 *    size, then restarts the server so that it serves that file (removed again at the end;
 *    git-ignored).
 * 3. autocannon, one after the other: the static file; / and /events as a browser opens them
 *    (`Accept: text/html…`), each first visited until the server answers it from its page cache
 *    (lib/http/page-cache.ts), as it does a page with visitors; the same pages as curl, uptime
 *    probes and link previewers ask for them (`Accept: *\/*`); and GET /api/events/. Each row:
 *    requests/s, p50 and p99 latency, the page cache's answer (x-tcsa-page-cache) and its
 *    requests/s over the static file's. Goal: at least 0.9 for every row.
 *
 * Options: --duration <s> (default 10), --connections <n> (default 10), --report-only (exit 0 on
 * a miss). Results are printed and written to bench-results/pages.json. Not part of `npm test`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type BuildMode,
  buildModeOf,
  cannon,
  ensureBuild,
  isEntryScript,
  PAGE_VISIT_HEADERS,
  round,
  startServer,
  warmPage,
  writeResults,
} from './lib/bench';

const FIXTURE = path.join('public', 'bench-page.html');
const STATIC_PATH = '/bench-page.html';
/** What curl, uptime probes and the link previews of chat apps send: no text/html. */
const ANY_ACCEPT_HEADERS = { accept: '*/*' };
const ROWS: { label: string; path: string; headers: Record<string, string>; page: boolean }[] = [
  { label: '/ (browser)', path: '/', headers: PAGE_VISIT_HEADERS, page: true },
  { label: '/events (browser)', path: '/events', headers: PAGE_VISIT_HEADERS, page: true },
  { label: '/ (Accept */*)', path: '/', headers: ANY_ACCEPT_HEADERS, page: true },
  { label: '/events (Accept */*)', path: '/events', headers: ANY_ACCEPT_HEADERS, page: true },
  { label: '/api/events/', path: '/api/events/', headers: ANY_ACCEPT_HEADERS, page: false },
];
/** Requests/s of each row over the static file's, at least. */
export const PAGES_TARGET_RATIO = 0.9;
const TARGET_RATIO = PAGES_TARGET_RATIO;

export type PagesOptions = {
  duration?: number;
  connections?: number;
  build?: BuildMode;
  /** Exit status 0 when a row misses its goal. */
  reportOnly?: boolean;
};

export type PagesResults = Awaited<ReturnType<typeof measurePages>>;

/** Runs the bench (see above), prints its table and answers what it wrote to pages.json. */
export async function benchPages(options: PagesOptions = {}): Promise<PagesResults> {
  const work = mkdtempSync(path.join(tmpdir(), 'tcsa-bench-pages-'));
  try {
    return await measurePages(work, options);
  } finally {
    rmSync(FIXTURE, { force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

async function measurePages(
  work: string,
  { duration = 10, connections = 10, build = 'if-needed', reportOnly = false }: PagesOptions,
) {
  ensureBuild(build);
  const dataDir = path.join(work, 'pglite');
  // The server lists public/ when it starts: the twin is written first, by a server of its own.
  const first = await startServer({ dataDir });
  try {
    const home = await fetch(first.base + '/');
    if (!home.ok) throw new Error(`GET / answered ${home.status}`);
    writeFileSync(FIXTURE, await home.text());
  } finally {
    await first.stop();
  }
  const server = await startServer({ dataDir });
  try {
    const load = { connections, duration };
    const staticFile = await cannon(server.base, STATIC_PATH, {
      ...load,
      headers: PAGE_VISIT_HEADERS,
    });
    const rows = [];
    for (const row of ROWS) {
      if (row.page) await warmPage(server.base, row.path);
      const pageCache = row.page ? await cacheAnswer(server.base, row.path, row.headers) : '-';
      const result = await cannon(server.base, row.path, { ...load, headers: row.headers });
      rows.push({
        ...result,
        label: row.label,
        accept: row.headers.accept,
        pageCache,
        throughputRatio: round(result.requestsPerSecond / staticFile.requestsPerSecond, 2),
      });
    }

    const results = {
      date: new Date().toISOString(),
      node: process.version,
      duration,
      connections,
      staticFile,
      rows,
      targetRatio: TARGET_RATIO,
    };
    const file = writeResults('pages', results);

    console.log(`\nGET, ${connections} connections, ${duration} s each:`);
    console.table(
      Object.fromEntries(
        [
          { ...staticFile, label: `static ${STATIC_PATH}`, pageCache: '-', throughputRatio: 1 },
          ...rows,
        ].map((row) => [
          row.label,
          {
            'KB/answer': round(row.bytesPerAnswer / 1024),
            'req/s': row.requestsPerSecond,
            'median ms': row.p50Ms,
            'p99 ms': row.p99Ms,
            'page cache': row.pageCache,
            'req/s / static': row.throughputRatio,
          },
        ]),
      ),
    );
    console.log(`Goal: every row at least ${TARGET_RATIO}x the static file's requests/s.`);
    console.log(`Results: ${file}`);
    const missed = rows.filter((row) => row.throughputRatio < TARGET_RATIO);
    if (missed.length > 0) {
      console.error(
        `Below ${TARGET_RATIO}x the static file's requests/s: ${missed.map((row) => `${row.label} (${row.throughputRatio}x)`).join(', ')}`,
      );
      if (!reportOnly) process.exitCode = 1;
    }
    return results;
  } finally {
    await server.stop();
  }
}

/**
 * How the page cache answers `route` with `headers` once warm: 'hit', or 'render' when the page
 * is rendered for the request (no x-tcsa-page-cache header).
 */
async function cacheAnswer(
  base: string,
  route: string,
  headers: Record<string, string>,
): Promise<string> {
  let status = 'render';
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const answer = await fetch(base + route, { headers });
    await answer.arrayBuffer();
    status = answer.headers.get('x-tcsa-page-cache') ?? 'render';
    if (status === 'hit' || status === 'render') return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return status;
}

if (isEntryScript(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      'report-only': { type: 'boolean', default: false },
      'skip-build': { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
    },
  });
  await benchPages({
    duration: Number(values.duration),
    connections: Number(values.connections),
    build: buildModeOf(values),
    reportOnly: values['report-only'],
  });
}
