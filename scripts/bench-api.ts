/**
 * npm run bench:api — measures the API on the production server with the embedded database.
 *
 * 1. Seeds a fresh PGlite data folder in a temporary directory and writes
 *    public/bench-events.json: the same JSON /api/events/ serves, as a static file of the same
 *    size (removed again at the end; git-ignored).
 * 2. Builds the site into .next-bench/ or $NEXT_DIST_DIR (skip with --skip-build) and starts `next start` on that
 *    data folder, with the registration rate limit off (all load comes from one address).
 * 3. autocannon, one after the other on the same server: GET /bench-events.json (static) and
 *    GET /api/events/ — requests/s, p50 and p99 latency, and the ratio of the two.
 * 4. 500 concurrent registrations of distinct people for one event, then 100 concurrent
 *    registrations of one email for another: statuses, p50/p99 latency, and the rows stored,
 *    counted in the database after the server stops (must be 500 and 1).
 *
 * Options: --duration <s> (default 10), --connections <n> (default 50), --skip-build.
 * Results are printed and written to bench-results/api.json. Not part of `npm test`.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { toEventDto } from '@/lib/api/serialize';
import { openDatabase } from '@/lib/db/client';
import { DataFolderInUseError } from '@/lib/db/lock';
import { listEvents, listRegistrations } from '@/lib/db/queries';
import { cannon, ensureBuild, percentile, round, startServer, writeResults } from './lib/bench';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const FIXTURE = path.join('public', 'bench-events.json');
const DISTINCT = 500;
const DUPLICATES = 100;

const work = mkdtempSync(path.join(tmpdir(), 'tcsa-bench-'));
const dataDir = path.join(work, 'pglite');

/** Opens the data folder once the stopped server has released its lock. */
async function openWhenReleased(dir: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return await openDatabase({ dataDir: dir });
    } catch (error) {
      if (!(error instanceof DataFolderInUseError) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function main() {
  // 1. Database and the static twin of /api/events/.
  const setup = await openDatabase({ dataDir, seedIfEmpty: true });
  const events = await listEvents(setup.db);
  writeFileSync(FIXTURE, JSON.stringify(events.map(toEventDto)));
  const now = Date.now();
  const upcoming = events.filter((event) => event.startsAt && event.startsAt.getTime() > now);
  await setup.close();
  // 500 people need an event without a capacity; one person fits any upcoming event.
  const distinctEvent = upcoming.find((event) => event.capacity === null);
  const duplicateEvent = upcoming.find((event) => event !== distinctEvent);
  if (!distinctEvent || !duplicateEvent) {
    throw new Error('The seed content needs two upcoming events, one without a capacity.');
  }

  // 2. Build and start.
  ensureBuild(values['skip-build'] ? 'never' : 'always');
  // All the registrations come from one address: the rate limit is off.
  const server = await startServer({ dataDir, env: { REGISTRATION_RATE_LIMIT_PER_MINUTE: '0' } });
  const { base } = server;
  const stopServer = server.stop;

  try {
    // 3. Throughput: static file vs the API, same size, same server.
    const staticFile = await cannon(base, '/bench-events.json', { connections, duration });
    const api = await cannon(base, '/api/events/', { connections, duration });

    // 4. Registrations under concurrency.
    const csrf = (await (await fetch(`${base}/api/csrf/`)).json()) as { csrfToken: string };
    const headers = {
      'Content-Type': 'application/json',
      'X-CSRFToken': csrf.csrfToken,
      Cookie: `csrftoken=${csrf.csrfToken}`,
      Origin: base,
    };
    const burst = async (eventId: number, emails: string[]) => {
      const answers = await Promise.all(
        emails.map(async (email, index) => {
          const started = performance.now();
          const response = await fetch(`${base}/api/events/${eventId}/register/`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ first_name: 'Bench', last_name: `Person ${index}`, email }),
          });
          await response.arrayBuffer();
          return { status: response.status, ms: performance.now() - started };
        }),
      );
      const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
      const statuses: Record<string, number> = {};
      for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      return {
        statuses,
        p50Ms: round(percentile(latencies, 0.5)),
        p99Ms: round(percentile(latencies, 0.99)),
      };
    };
    const stamp = Date.now();
    const distinct = await burst(
      distinctEvent.id,
      Array.from({ length: DISTINCT }, (_, index) => `bench.${stamp}.${index}@example.org`),
    );
    const duplicateEmail = `bench.duplicate.${stamp}@example.org`;
    const duplicates = await burst(
      duplicateEvent.id,
      Array.from({ length: DUPLICATES }, () => duplicateEmail),
    );

    await stopServer();

    // Rows stored, counted in the database itself.
    const check = await openWhenReleased(dataDir);
    const distinctRows = (await listRegistrations(check.db, distinctEvent.id)).filter((row) =>
      row.email.startsWith(`bench.${stamp}.`),
    ).length;
    const duplicateRows = (await listRegistrations(check.db, duplicateEvent.id)).filter(
      (row) => row.email === duplicateEmail,
    ).length;
    await check.close();

    const results = {
      date: new Date().toISOString(),
      node: process.version,
      duration,
      connections,
      eventsJsonBytes: statSync(FIXTURE).size,
      staticFile,
      api,
      apiToStaticRatio: round(api.requestsPerSecond / staticFile.requestsPerSecond, 2),
      registrations: {
        distinct: { requests: DISTINCT, ...distinct, rowsStored: distinctRows },
        duplicates: { requests: DUPLICATES, ...duplicates, rowsStored: duplicateRows },
      },
    };
    writeResults('api', results);

    console.log(
      `\nGET, ${connections} connections, ${duration} s each (${results.eventsJsonBytes} bytes of JSON):`,
    );
    console.table({
      'static /bench-events.json': staticFile,
      'GET /api/events/': api,
    });
    console.log(`API / static throughput ratio: ${results.apiToStaticRatio}`);
    console.log('\nConcurrent registrations:');
    console.table({
      [`${DISTINCT} distinct people`]: {
        statuses: JSON.stringify(distinct.statuses),
        p50Ms: distinct.p50Ms,
        p99Ms: distinct.p99Ms,
        rowsStored: distinctRows,
      },
      [`${DUPLICATES} × one email`]: {
        statuses: JSON.stringify(duplicates.statuses),
        p50Ms: duplicates.p50Ms,
        p99Ms: duplicates.p99Ms,
        rowsStored: duplicateRows,
      },
    });
    if (distinctRows !== DISTINCT || duplicateRows !== 1) {
      console.error(`Expected ${DISTINCT} and 1 rows stored.`);
      process.exitCode = 1;
    }
  } finally {
    await stopServer();
  }
}

try {
  await main();
} finally {
  rmSync(FIXTURE, { force: true });
  rmSync(work, { recursive: true, force: true });
}
