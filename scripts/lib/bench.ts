/**
 * Shared steps of the bench:* scripts: the build (reused when current), the production server on
 * a seeded temporary PGlite folder, free ports, percentiles and the results folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { seedFolderIfEmpty } from './seed-folder';

/** The benches build beside a developer's .next; NEXT_DIST_DIR picks another folder. */
export const DIST_DIR = process.env.NEXT_DIST_DIR || '.next-bench';

const NEXT_BIN = path.resolve('node_modules/next/dist/bin/next');
/** The production server's entry, as `npm start` runs it. */
const SERVER_ENTRY = path.resolve('scripts/serve.mjs');

/**
 * Whether the module at `moduleUrl` (its import.meta.url) is the script node was started with:
 * each bench runs itself from the command line, and npm run bench imports it instead.
 */
export function isEntryScript(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && pathToFileURL(path.resolve(entry)).href === moduleUrl;
}

/** How a bench builds: 'always' (--build), 'if-needed' (the default), 'never' (--skip-build). */
export type BuildMode = 'always' | 'if-needed' | 'never';

export function buildModeOf(flags: { build?: boolean; 'skip-build'?: boolean }): BuildMode {
  return flags['skip-build'] ? 'never' : flags.build ? 'always' : 'if-needed';
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Inputs of the build: a file here newer than the build's BUILD_ID makes that build stale. */
const BUILD_INPUTS = [
  'app',
  'lib',
  'public',
  'schemas',
  'studio',
  'proxy.ts',
  'next.config.mjs',
  'package-lock.json',
];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child.startsWith('.next')) continue;
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

/** True when DIST_DIR holds a production build no newer source file has outdated. */
export function buildIsCurrent(): boolean {
  const stamp = path.join(DIST_DIR, 'BUILD_ID');
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return BUILD_INPUTS.every((entry) => newestChange(entry) <= built);
}

/**
 * Builds into DIST_DIR. mode 'always' builds, 'if-needed' reuses a current build, 'never' trusts
 * whatever is there (--skip-build).
 */
export function ensureBuild(mode: BuildMode): void {
  if (mode === 'never' || (mode === 'if-needed' && buildIsCurrent())) {
    console.log(`Using the build in ${DIST_DIR}/.`);
    return;
  }
  const build = spawnSync(process.execPath, [NEXT_BIN, 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR },
  });
  if (build.status !== 0) throw new Error('next build failed');
}

export interface RunningServer {
  base: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The production server (scripts/serve.mjs, as `npm start` runs it) from DIST_DIR on a free
 * port with the given PGlite folder (seeded first when empty), without test faults, resolved
 * once `readyPath` answers 200. It trusts no proxy: every request counts as coming from
 * 127.0.0.1, as a bench's do.
 */
export async function startServer(options: {
  dataDir: string;
  env?: Record<string, string>;
  readyPath?: string;
  /** Where the server's output goes (appended); by default it is discarded. */
  logFile?: string;
}): Promise<RunningServer> {
  // On PostgreSQL (bench:api with DATABASE_URL) the bench seeds the server's database itself.
  if (!options.env?.DATABASE_URL) seedFolderIfEmpty(options.dataDir, 'inherit');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [SERVER_ENTRY, '--port', String(port), '--hostname', '127.0.0.1'],
    {
      detached: true,
      stdio: options.logFile
        ? ['ignore', openSync(options.logFile, 'a'), openSync(options.logFile, 'a')]
        : 'ignore',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_DIST_DIR: DIST_DIR,
        PGLITE_DATA_DIR: options.dataDir,
        DATABASE_URL: '',
        TCSA_ENABLE_TEST_FAULTS: '',
        ...options.env,
      },
    },
  );
  const stop = async () => {
    if (server.exitCode !== null || server.pid === undefined) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    try {
      // The whole group: whatever the server started ends with it.
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(base + (options.readyPath ?? '/api/events/')).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || server.exitCode !== null) {
      await stop();
      throw new Error('The server did not start.');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, process: server, stop };
}

/** Writes bench-results/<name>.json (git-ignored). */
export function writeResults(name: string, results: unknown): string {
  mkdirSync('bench-results', { recursive: true });
  const file = path.join('bench-results', `${name}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
  return file;
}

/** The routes of the spec's site map, the event detail page aside (see siteRoutes). */
export const SITE_ROUTES = [
  '/',
  '/events',
  '/joinus',
  '/alumni',
  '/services',
  '/resources',
  '/privacy-policy',
  '/designs',
  '/partnerships',
];

/** SITE_ROUTES plus the detail page of the first event GET /api/events/ lists. */
export async function siteRoutes(base: string): Promise<string[]> {
  const events = (await (await fetch(`${base}/api/events/`)).json()) as { id: number }[];
  if (!events[0]) throw new Error('GET /api/events/ returned no event.');
  return [...SITE_ROUTES, `/events/${events[0].id}`];
}

/** What a browser sends when it opens a page: the page cache (lib/http/page-cache.ts) answers only that. */
export const PAGE_VISIT_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
};

/**
 * Visits `route` as a browser does until the server answers it from its page cache, as it does
 * for a page with visitors; throws if that takes over 30 s.
 */
export async function warmPage(base: string, route: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await fetch(base + route, { headers: PAGE_VISIT_HEADERS });
    await answer.arrayBuffer();
    const cache = answer.headers.get('x-tcsa-page-cache');
    if (cache === 'hit') return;
    if (Date.now() > deadline) {
      throw new Error(`${route} is not answered from the page cache (${cache ?? 'no header'})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** autocannon on one path after a 2 s warm-up: requests/s, p50 and p99 latency, bytes a answer. */
export async function cannon(
  base: string,
  pathName: string,
  options: { connections: number; duration: number; headers?: Record<string, string> },
) {
  await autocannon({
    url: base + pathName,
    connections: options.connections,
    duration: 2,
    headers: options.headers,
  });
  const result = await autocannon({ url: base + pathName, ...options });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${pathName}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    path: pathName,
    requestsPerSecond: round(result.requests.average, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    bytesPerAnswer: Math.round(result.throughput.total / Math.max(result.requests.total, 1)),
  };
}
