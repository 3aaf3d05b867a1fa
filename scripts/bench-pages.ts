/**
 * npm run bench:pages — latency of the home page and /events against a static file, same server.
 *
 * 1. Builds into .next-bench/ or $NEXT_DIST_DIR unless a current build is there (--skip-build
 *    trusts any build, --build always builds), and starts scripts/serve.mjs on a fresh seeded PGlite
 *    folder in a temporary directory.
 * 2. Fetches / once and writes its HTML to public/bench-page.html, a static file of the same
 *    size, then restarts the server so that it serves that file (removed again at the end;
 *    git-ignored).
 * 3. autocannon, one after the other: the static file, / and /events — p50 and p99 latency,
 *    requests/s, and each page's median over the static file's. Target: at most 2. Every request
 *    asks for HTML as a browser opening a page does, and each page is first visited until the
 *    server answers it from its page cache (lib/http/page-cache.ts), as it does a page with visitors.
 *
 * Options: --duration <s> (default 10), --connections <n> (default 10), --report-only (exit 0 on
 * a miss). Results are printed and written to bench-results/pages.json. Not part of `npm test`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  cannon,
  ensureBuild,
  PAGE_VISIT_HEADERS,
  round,
  startServer,
  warmPage,
  writeResults,
} from './lib/bench';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'report-only': { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const FIXTURE = path.join('public', 'bench-page.html');
const STATIC_PATH = '/bench-page.html';
const PAGES = ['/', '/events'];
const TARGET_RATIO = 2;
const work = mkdtempSync(path.join(tmpdir(), 'tcsa-bench-pages-'));

async function main() {
  ensureBuild(values['skip-build'] ? 'never' : values.build ? 'always' : 'if-needed');
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
    const load = { connections, duration, headers: PAGE_VISIT_HEADERS };
    const staticFile = await cannon(server.base, STATIC_PATH, load);
    const pages = [];
    for (const page of PAGES) {
      await warmPage(server.base, page);
      pages.push(await cannon(server.base, page, load));
    }

    // A median under 1 ms is reported as 0 or 1: compare against at least 1 ms.
    const ratio = (p50: number) => round(p50 / Math.max(staticFile.p50Ms, 1), 2);
    const rows = pages.map((page) => ({ ...page, medianRatio: ratio(page.p50Ms) }));
    const file = writeResults('pages', {
      date: new Date().toISOString(),
      node: process.version,
      duration,
      connections,
      staticFile,
      pages: rows,
      targetRatio: TARGET_RATIO,
    });

    console.log(`\nGET, ${connections} connections, ${duration} s each:`);
    console.table(
      Object.fromEntries(
        [{ ...staticFile, medianRatio: 1 }, ...rows].map((row) => [
          row.path === STATIC_PATH ? `static ${STATIC_PATH}` : row.path,
          {
            'KB/answer': round(row.bytesPerAnswer / 1024),
            'req/s': row.requestsPerSecond,
            'median ms': row.p50Ms,
            'p99 ms': row.p99Ms,
            'median / static': row.medianRatio,
          },
        ]),
      ),
    );
    console.log(`Results: ${file}`);
    const missed = rows.filter((row) => row.medianRatio > TARGET_RATIO);
    if (missed.length > 0) {
      console.error(
        `Median above ${TARGET_RATIO}x the static file's: ${missed.map((row) => `${row.path} (${row.medianRatio}x)`).join(', ')}`,
      );
      if (!values['report-only']) process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

try {
  await main();
} finally {
  rmSync(FIXTURE, { force: true });
  rmSync(work, { recursive: true, force: true });
}
