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
 * 4. The flash crowd (a gala's tickets opening), measured against its anchor on the same server:
 *    500 concurrent GETs of /api/csrf/, then 500 concurrent registrations of distinct people for
 *    one event of capacity 250 with a waitlist, each request on its own connection. Prints p50,
 *    p99 and the last answer of each and the ratio of the p99s against the goal of 1.5; the
 *    server's SMTP server is down (a port that drops every connection), and the connections it
 *    attempted and the lines it logged during the registrations are counted. Then 100
 *    concurrent registrations of one email for another event. The rows are counted in the
 *    database after the server stops (250 confirmed and 250 waitlisted, 500 emails queued; 1).
 * 5. The waitlist: an event of capacity 20 that takes a waitlist gets 200 concurrent
 *    registrations, then 50 of the confirmed and waitlisted cancel at once through their manage
 *    links: p50/p99 of each, and, counted in the database, 20 confirmed and one promotion per
 *    freed place.
 *
 * Options: --duration <s> (default 10), --connections <n> (default 50), --skip-build,
 * --crowd-only (step 4's flash crowd alone). On PGlite by default; with DATABASE_URL set, the
 * seed and the server use that PostgreSQL database instead (an empty one:
 * `bash scripts/with-postgres.sh npm run bench:api`).
 * Results are printed and written to bench-results/api.json. Not part of `npm test`.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { toEventDto } from '@/lib/api/serialize';
import { openDatabase } from '@/lib/db/client';
import { openSeededDatabase } from '@/lib/db/bootstrap';
import { DataFolderInUseError } from '@/lib/db/lock';
import { listEvents, listRegistrations } from '@/lib/db/queries';
import { emailOutbox, eventRegistrations, events as eventsTable } from '@/lib/db/schema';
import { and, count, eq } from 'drizzle-orm';
import {
  type BuildMode,
  cannon,
  ensureBuild,
  isEntryScript,
  percentile,
  round,
  startServer,
  writeResults,
} from './lib/bench';

const FIXTURE = path.join('public', 'bench-events.json');
const DISTINCT = 500;
const CROWD_CAPACITY = 250;
/** The flash crowd's p99 may be at most this many times the p99 of as many GETs of /api/csrf/. */
export const CROWD_GOAL_RATIO = 1.5;
const DUPLICATES = 100;
const WAITLIST_CAPACITY = 20;
const WAITLIST_REGISTRATIONS = 200;
const CANCELLATIONS = 50;

/** Opens the data folder once the stopped server has released its lock (PostgreSQL: at once). */
async function openWhenReleased(dir: string, databaseUrl: string | undefined) {
  if (databaseUrl) return openDatabase({ databaseUrl });
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

export type ApiOptions = {
  duration?: number;
  connections?: number;
  /** 'always' unless told otherwise: the figures are the sources' of now. */
  build?: BuildMode;
  /** The flash crowd alone (step 4). */
  crowdOnly?: boolean;
  /** An empty PostgreSQL database for the seed and the server; PGlite when unset. */
  databaseUrl?: string;
};

export type ApiResults = Awaited<ReturnType<typeof measureApi>>;

/** Runs the bench (see above), prints its tables and answers what it wrote to api.json. */
export async function benchApi(options: ApiOptions = {}): Promise<ApiResults> {
  const work = mkdtempSync(path.join(tmpdir(), 'tcsa-bench-'));
  try {
    return await measureApi(work, options);
  } finally {
    rmSync(FIXTURE, { force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

async function measureApi(
  work: string,
  { duration = 10, connections = 50, build = 'always', crowdOnly = false, databaseUrl }: ApiOptions,
) {
  const dataDir = path.join(work, 'pglite');
  const serverLog = path.join(work, 'server.log');
  // 1. Database and the static twin of /api/events/.
  const setup = await openSeededDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const events = await listEvents(setup.db);
  writeFileSync(FIXTURE, JSON.stringify(events.map((event) => toEventDto(event))));
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
  const [crowdEvent] = await setup.db
    .insert(eventsTable)
    .values({
      title: 'Bench gala',
      startsAt: new Date(now + 45 * 86_400_000),
      capacity: CROWD_CAPACITY,
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
  ensureBuild(build);
  // An SMTP server that is down: every connection is dropped at once, and counted.
  const smtpConnections: number[] = [];
  const smtpDown = createServer((socket: Socket) => {
    smtpConnections.push(performance.now());
    socket.destroy();
  });
  await new Promise<void>((resolve) => smtpDown.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtpDown.address() as { port: number }).port;
  // All the registrations come from one address: the rate limit is off.
  const server = await startServer({
    dataDir,
    logFile: serverLog,
    env: {
      REGISTRATION_RATE_LIMIT_PER_MINUTE: '0',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  const { base } = server;
  const stopServer = async () => {
    await server.stop();
    smtpDown.close();
  };

  try {
    const csrf = (await (await fetch(`${base}/api/csrf/`)).json()) as { csrfToken: string };
    const headers = {
      'Content-Type': 'application/json',
      'X-CSRFToken': csrf.csrfToken,
      Cookie: `csrftoken=${csrf.csrfToken}`,
      Origin: base,
    };
    const stamp = Date.now();

    // 4. The flash crowd against its anchor, each request on a connection of its own.
    const timed = (method: 'GET' | 'POST', pathName: string, body?: string) =>
      new Promise<{ status: number; ms: number }>((resolve, reject) => {
        const started = performance.now();
        const request = http.request(
          base + pathName,
          { method, agent: false, headers: body ? headers : {} },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
            );
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    const summarize = (answers: Array<{ status: number; ms: number }>) => {
      const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
      const statuses: Record<string, number> = {};
      for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      return {
        statuses,
        p50Ms: round(percentile(latencies, 0.5)),
        p99Ms: round(percentile(latencies, 0.99)),
        lastMs: round(latencies.at(-1) ?? 0),
      };
    };
    const register = (eventId: number, email: string, index: number) =>
      timed(
        'POST',
        `/api/events/${eventId}/register/`,
        JSON.stringify({ first_name: 'Bench', last_name: `Person ${index}`, email }),
      );
    // Warm-up: both routes compiled and their code paths run before anything is timed.
    for (let index = 0; index < 5; index += 1) {
      await timed('GET', '/api/csrf/');
      await register(distinctEvent.id, `bench.warm.${stamp}.${index}@example.org`, index);
    }
    // The warm-up's emails are the server's to try before the crowd arrives.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const csrfCrowd = summarize(
      await Promise.all(Array.from({ length: DISTINCT }, () => timed('GET', '/api/csrf/'))),
    );
    const logBefore = statSync(serverLog).size;
    const crowdStarted = performance.now();
    const registrationCrowd = summarize(
      await Promise.all(
        Array.from({ length: DISTINCT }, (_, index) =>
          register(crowdEvent!.id, `bench.gala.${stamp}.${index}@example.org`, index),
        ),
      ),
    );
    const crowdEnded = performance.now();
    const smtpDuringCrowd = smtpConnections.filter(
      (at) => at >= crowdStarted && at <= crowdEnded,
    ).length;
    const logLinesDuringCrowd = readFileSync(serverLog)
      .subarray(logBefore)
      .toString('utf8')
      .split('\n')
      .filter(Boolean).length;
    const crowdRatio = round(registrationCrowd.p99Ms / Math.max(csrfCrowd.p99Ms, 1), 2);

    let staticFile: Awaited<ReturnType<typeof cannon>> | null = null;
    let api: Awaited<ReturnType<typeof cannon>> | null = null;
    if (!crowdOnly) {
      // 3. Throughput: static file vs the API, same size, same server.
      staticFile = await cannon(base, '/bench-events.json', { connections, duration });
      api = await cannon(base, '/api/events/', { connections, duration });
    }

    // 100 registrations of one email for another event: one is stored.
    const duplicateEmail = `bench.duplicate.${stamp}@example.org`;
    const duplicates = crowdOnly
      ? null
      : summarize(
          await Promise.all(
            Array.from({ length: DUPLICATES }, (_, index) =>
              register(duplicateEvent.id, duplicateEmail, index),
            ),
          ),
        );

    // 5. The waitlist: 200 registrations at once, then 50 cancellations at once.
    const waitlistAnswers = crowdOnly
      ? []
      : await Promise.all(
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

    await stopServer();

    // Rows stored, counted in the database itself.
    const check = await openWhenReleased(dataDir, databaseUrl);
    const crowdStatuses = await check.db
      .select({ status: eventRegistrations.status, rows: count() })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, crowdEvent!.id))
      .groupBy(eventRegistrations.status);
    const crowdRows = (status: string) =>
      crowdStatuses.find((row) => row.status === status)?.rows ?? 0;
    const [crowdEmailsRow] = await check.db
      .select({ rows: count() })
      .from(emailOutbox)
      .innerJoin(eventRegistrations, eq(eventRegistrations.id, emailOutbox.registrationId))
      .where(eq(eventRegistrations.eventId, crowdEvent!.id));
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

    const crowd = {
      requests: DISTINCT,
      capacity: CROWD_CAPACITY,
      csrf: csrfCrowd,
      registrations: {
        ...registrationCrowd,
        confirmed: crowdRows('confirmed'),
        waitlisted: crowdRows('waitlisted'),
        emailsQueued: crowdEmailsRow?.rows ?? 0,
      },
      p99Ratio: crowdRatio,
      goal: CROWD_GOAL_RATIO,
      smtpConnectionsDuringRegistrations: smtpDuringCrowd,
      serverLogLinesDuringRegistrations: logLinesDuringCrowd,
    };
    const waitlist = crowdOnly
      ? null
      : {
          registrations: { requests: WAITLIST_REGISTRATIONS, ...summarize(waitlistAnswers) },
          cancellations: { requests: leaving.length, ...summarize(cancelAnswers) },
          confirmedAfter: confirmedRow?.rows ?? 0,
          promotionEmails: promotedRow?.rows ?? 0,
        };

    const results = {
      date: new Date().toISOString(),
      node: process.version,
      database: databaseUrl ? 'postgres' : 'pglite',
      duration,
      connections,
      eventsJsonBytes: statSync(FIXTURE).size,
      crowd,
      staticFile,
      api,
      apiToStaticRatio:
        api && staticFile ? round(api.requestsPerSecond / staticFile.requestsPerSecond, 2) : null,
      duplicates: duplicates
        ? { requests: DUPLICATES, ...duplicates, rowsStored: duplicateRows }
        : null,
      waitlist,
    };
    writeResults('api', results);

    console.log(
      `\nFlash crowd on ${results.database}: ${DISTINCT} concurrent requests each, one connection a request:`,
    );
    console.table({
      'GET /api/csrf/': {
        statuses: JSON.stringify(csrfCrowd.statuses),
        p50Ms: csrfCrowd.p50Ms,
        p99Ms: csrfCrowd.p99Ms,
        lastMs: csrfCrowd.lastMs,
      },
      [`register, capacity ${CROWD_CAPACITY} + waitlist`]: {
        statuses: JSON.stringify(registrationCrowd.statuses),
        p50Ms: registrationCrowd.p50Ms,
        p99Ms: registrationCrowd.p99Ms,
        lastMs: registrationCrowd.lastMs,
      },
    });
    console.log(
      `Registrations p99 / GET p99: ${crowdRatio} (goal <= ${CROWD_GOAL_RATIO}: ${crowdRatio <= CROWD_GOAL_RATIO ? 'met' : 'missed'}); ` +
        `stored ${crowd.registrations.confirmed} confirmed and ${crowd.registrations.waitlisted} waitlisted, ` +
        `${crowd.registrations.emailsQueued} emails queued; during the registrations the server ` +
        `tried ${smtpDuringCrowd} SMTP connections (server down) and logged ${logLinesDuringCrowd} lines.`,
    );
    if (staticFile && api) {
      console.log(
        `\nGET, ${connections} connections, ${duration} s each (${results.eventsJsonBytes} bytes of JSON):`,
      );
      console.table({ 'static /bench-events.json': staticFile, 'GET /api/events/': api });
      console.log(`API / static throughput ratio: ${results.apiToStaticRatio}`);
    }
    if (duplicates) {
      console.log(
        `\n${DUPLICATES} concurrent registrations of one email: ${JSON.stringify(duplicates.statuses)}, ` +
          `p50 ${duplicates.p50Ms} ms, p99 ${duplicates.p99Ms} ms, ${duplicateRows} row stored.`,
      );
    }
    if (waitlist) {
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
    }
    const crowdStored =
      crowd.registrations.confirmed === CROWD_CAPACITY &&
      crowd.registrations.waitlisted === DISTINCT - CROWD_CAPACITY &&
      crowd.registrations.emailsQueued === DISTINCT;
    if (!crowdStored || (duplicates && duplicateRows !== 1)) {
      console.error(
        `Expected ${CROWD_CAPACITY} confirmed, ${DISTINCT - CROWD_CAPACITY} waitlisted and ${DISTINCT} emails for the gala, and 1 row of the duplicate email.`,
      );
      process.exitCode = 1;
    }
    return results;
  } finally {
    await stopServer();
  }
}

if (isEntryScript(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      'skip-build': { type: 'boolean', default: false },
      'crowd-only': { type: 'boolean', default: false },
    },
  });
  await benchApi({
    duration: Number(values.duration),
    connections: Number(values.connections),
    build: values['skip-build'] ? 'never' : 'always',
    crowdOnly: values['crowd-only'],
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
}
