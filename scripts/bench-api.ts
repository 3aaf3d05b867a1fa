/**
 * npm run bench:api — measures the API on the production server with the embedded database.
 *
 * 1. Seeds a fresh PGlite data folder in a temporary directory and writes
 *    public/bench-events.json: the same JSON /api/events/ serves, as a static file of the same
 *    size (removed again at the end; git-ignored).
 * 2. Builds the site into .next-bench/ or $NEXT_DIST_DIR (skip with --skip-build) and starts scripts/serve.mjs on that
 *    data folder, with the registration rate limit off (all load comes from one address).
 * 3. autocannon, one after the other on the same server: GET /bench-events.json (static) and
 *    GET /api/events/ — requests/s, p50 and p99 latency, and the ratio of the two.
 * 4. 500 concurrent registrations of distinct people for one event, then 100 concurrent
 *    registrations of one email for another: statuses, p50/p99 latency, and the rows stored,
 *    counted in the database after the server stops (must be 500 and 1).
 * 5. The waitlist: an event of capacity 20 that takes a waitlist gets 200 concurrent
 *    registrations, then 50 of the confirmed and waitlisted cancel at once through their manage
 *    links: p50/p99 of each, and, counted in the database, 20 confirmed and one promotion per
 *    freed place.
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
import { emailOutbox, eventRegistrations, events as eventsTable } from '@/lib/db/schema';
import { and, count, eq } from 'drizzle-orm';
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
const WAITLIST_CAPACITY = 20;
const WAITLIST_REGISTRATIONS = 200;
const CANCELLATIONS = 50;

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
  const [waitlistEvent] = await setup.db
    .insert(eventsTable)
    .values({
      title: 'Bench waitlist',
      startsAt: new Date(now + 30 * 86_400_000),
      capacity: WAITLIST_CAPACITY,
      waitlistEnabled: true,
      autoPromote: true,
    })
    .returning();
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

    // 5. The waitlist: 200 registrations at once, then 50 cancellations at once.
    const waitlistAnswers = await Promise.all(
      Array.from({ length: WAITLIST_REGISTRATIONS }, async (_, index) => {
        const started = performance.now();
        const response = await fetch(`${base}/api/events/${waitlistEvent!.id}/register/`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            first_name: 'Wait',
            last_name: `Person ${index}`,
            email: `bench.wait.${stamp}.${index}@example.org`,
          }),
        });
        const body = (await response.json()) as {
          registration?: { id: number; status: string; manage_url: string };
        };
        return { status: response.status, ms: performance.now() - started, body };
      }),
    );
    const registeredMs = waitlistAnswers.map((answer) => answer.ms).sort((a, b) => a - b);
    const byId = waitlistAnswers
      .flatMap((answer) => (answer.body.registration ? [answer.body.registration] : []))
      .sort((a, b) => a.id - b.id);
    // The 20 confirmed and the last 30 of the waitlist cancel: 20 places free up.
    const leaving = [
      ...byId.filter((registration) => registration.status === 'confirmed'),
      ...byId.filter((registration) => registration.status === 'waitlisted').slice(-30),
    ].slice(0, CANCELLATIONS);
    const cancelAnswers = await Promise.all(
      leaving.map(async (registration) => {
        const token = new URL(registration.manage_url).pathname.split('/').at(-1)!;
        const started = performance.now();
        const response = await fetch(`${base}/api/registrations/${token}/cancel/`, {
          method: 'POST',
          headers,
        });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - started };
      }),
    );
    const cancelMs = cancelAnswers.map((answer) => answer.ms).sort((a, b) => a - b);
    const tally = (answers: Array<{ status: number }>) => {
      const statuses: Record<string, number> = {};
      for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      return statuses;
    };

    await stopServer();

    // Rows stored, counted in the database itself.
    const check = await openWhenReleased(dataDir);
    const distinctRows = (await listRegistrations(check.db, distinctEvent.id)).filter((row) =>
      row.email.startsWith(`bench.${stamp}.`),
    ).length;
    const duplicateRows = (await listRegistrations(check.db, duplicateEvent.id)).filter(
      (row) => row.email === duplicateEmail,
    ).length;
    const [confirmedRow] = await check.db
      .select({ rows: count() })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, waitlistEvent!.id),
          eq(eventRegistrations.status, 'confirmed'),
        ),
      );
    const [promotedRow] = await check.db
      .select({ rows: count() })
      .from(emailOutbox)
      .innerJoin(eventRegistrations, eq(eventRegistrations.id, emailOutbox.registrationId))
      .where(
        and(eq(eventRegistrations.eventId, waitlistEvent!.id), eq(emailOutbox.kind, 'promoted')),
      );
    await check.close();
    const waitlist = {
      registrations: {
        requests: WAITLIST_REGISTRATIONS,
        statuses: tally(waitlistAnswers),
        p50Ms: round(percentile(registeredMs, 0.5)),
        p99Ms: round(percentile(registeredMs, 0.99)),
      },
      cancellations: {
        requests: leaving.length,
        statuses: tally(cancelAnswers),
        p50Ms: round(percentile(cancelMs, 0.5)),
        p99Ms: round(percentile(cancelMs, 0.99)),
      },
      confirmedAfter: confirmedRow?.rows ?? 0,
      promotionEmails: promotedRow?.rows ?? 0,
    };

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
      waitlist,
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
    console.log(
      `\nWaitlist: capacity ${WAITLIST_CAPACITY}, ${WAITLIST_REGISTRATIONS} registrations then ${leaving.length} cancellations at once:`,
    );
    console.table({
      registrations: {
        statuses: JSON.stringify(waitlist.registrations.statuses),
        p50Ms: waitlist.registrations.p50Ms,
        p99Ms: waitlist.registrations.p99Ms,
      },
      cancellations: {
        statuses: JSON.stringify(waitlist.cancellations.statuses),
        p50Ms: waitlist.cancellations.p50Ms,
        p99Ms: waitlist.cancellations.p99Ms,
      },
    });
    console.log(
      `Confirmed after: ${waitlist.confirmedAfter} (capacity ${WAITLIST_CAPACITY}); promotion emails queued: ${waitlist.promotionEmails}`,
    );
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
