/**
 * npm run bench:lighthouse — Lighthouse (mobile, its default) on every route of the site.
 *
 * 1. Builds into .next-bench/ or $NEXT_DIST_DIR unless a current build is there (--skip-build
 *    trusts any build, --build always builds), and starts scripts/serve.mjs on a fresh seeded PGlite
 *    folder in a temporary directory.
 * 2. Starts Chromium ($CHROME_PATH, default /usr/bin/chromium) headless, and runs Lighthouse on
 *    the site's routes plus one event detail page (the first event of GET /api/events/),
 *    one after the other, --runs times each (default 3).
 * 3. Judges each route's performance by its median run, chosen as Lighthouse chooses it for
 *    repeated runs (the run nearest the median first contentful paint and time to interactive):
 *    one run's performance score moves by several points between runs of the same build on the
 *    same machine. Accessibility, best practices and SEO count their lowest run. Prints the four
 *    scores with the median run's LCP, CLS and TBT, every run's performance score, then the
 *    audits that cost points in the median run, and writes bench-results/lighthouse.json.
 *
 * Targets: performance >= 95, accessibility, best practices and SEO 100 on every route. A miss
 * makes the exit status 1 unless --report-only. Options: --only /path (repeatable), --runs N.
 *
 * --trace also writes the median run's Chrome trace of each route to
 * bench-results/lighthouse-trace-<route>.json (open it in DevTools' Performance panel) and prints
 * what the main thread did (by kind of work), the LCP's phases and the longest tasks.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import {
  type BuildMode,
  buildModeOf,
  ensureBuild,
  freePort,
  isEntryScript,
  round,
  siteRoutes,
  startServer,
  warmPage,
  writeResults,
} from './lib/bench';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];

/** Chromium with a DevTools port for Lighthouse to drive; one browser for every route. */
async function startChrome(work: string) {
  const port = await freePort();
  const chrome = spawn(
    CHROME_PATH,
    [
      ...CHROME_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${path.join(work, 'chrome')}`,
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || chrome.exitCode !== null) {
      chrome.kill();
      throw new Error(`Chromium (${CHROME_PATH}) did not start.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = async () => {
    if (chrome.exitCode !== null) return;
    const exited = new Promise((resolve) => chrome.once('exit', resolve));
    chrome.kill();
    // Its profile folder is removed afterwards: wait until it stops writing there.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  };
  return { port, stop };
}

function categoryScore(lhr: Result, category: Category): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

/** The audits that cost points: weighted ones below full marks, and failing diagnostics. */
function failingAudits(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) return false;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') {
        return false;
      }
      return ref.weight > 0 ? audit.score < 1 : audit.score < 0.5;
    })
    .map((ref) => {
      const audit = lhr.audits[ref.id]!;
      return audit.displayValue ? `${ref.id} (${audit.displayValue})` : ref.id;
    });
}

type TableDetails = { items?: Record<string, unknown>[] };

/** The rows of an audit's table, or none. */
function auditRows(lhr: Result, id: string): Record<string, unknown>[] {
  return ((lhr.audits[id]?.details as TableDetails | undefined)?.items ?? []).filter(
    (item) => item && typeof item === 'object',
  );
}

/** Prints where the median run's main thread went: the profile the --trace option asks for. */
function printProfile(route: string, lhr: Result): void {
  const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
  console.log(`\n${route}, median run: main thread by kind of work`);
  for (const row of auditRows(lhr, 'mainthread-work-breakdown')) {
    console.log(`  ${String(row.groupLabel ?? row.group).padEnd(32)} ${ms(row.duration)}`);
  }
  console.log('  scripts (evaluation / compile / total):');
  for (const row of auditRows(lhr, 'bootup-time').slice(0, 8)) {
    console.log(
      `    ${ms(row.scripting)} / ${ms(row.scriptParseCompile)} / ${ms(row.total)}  ${String(row.url)}`,
    );
  }
  const lcpPhases = (
    lhr.audits['largest-contentful-paint-element']?.details as
      { items?: { items?: { phase?: string; timing?: number }[] }[] } | undefined
  )?.items?.[1]?.items;
  if (lcpPhases) {
    console.log(`  LCP phases: ${lcpPhases.map((p) => `${p.phase} ${ms(p.timing)}`).join(', ')}`);
  }
  const longTasks = auditRows(lhr, 'long-tasks').slice(0, 8);
  console.log(
    `  long tasks (start, duration): ${longTasks.map((t) => `${ms(t.startTime)} +${ms(t.duration)} ${String(t.url).split('/').pop()}`).join('; ')}`,
  );
  const dom = lhr.audits['dom-size']?.displayValue;
  if (dom) console.log(`  DOM: ${dom}`);
}

export type LighthouseOptions = {
  /** The routes to measure; by default every route of the site. */
  only?: string[];
  /** Runs per route; the median run counts. */
  runs?: number;
  /** Write each route's median-run trace and print its profile. */
  trace?: boolean;
  build?: BuildMode;
  /** Exit status 0 when a route misses a target. */
  reportOnly?: boolean;
};

export type LighthouseResults = Awaited<ReturnType<typeof measureRoutes>>;

/** Runs the bench (see above), prints its tables and answers what it wrote to lighthouse.json. */
export async function benchLighthouse(options: LighthouseOptions = {}): Promise<LighthouseResults> {
  const work = mkdtempSync(path.join(tmpdir(), 'tcsa-lighthouse-'));
  try {
    return await measureRoutes(work, options);
  } finally {
    rmSync(work, { recursive: true, force: true, maxRetries: 5 });
  }
}

async function measureRoutes(
  work: string,
  {
    only,
    runs: RUNS = 3,
    trace = false,
    build = 'if-needed',
    reportOnly = false,
  }: LighthouseOptions,
) {
  ensureBuild(build);
  const server = await startServer({ dataDir: path.join(work, 'pglite') });
  const chrome = await startChrome(work).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  try {
    const routes = only?.length ? only : await siteRoutes(server.base);

    const rows = [];
    let lighthouseVersion = '';
    for (const route of routes) {
      // Measured as a page with visitors finds it: rendered already, answered from the cache.
      await warmPage(server.base, route);
      const runs: Result[] = [];
      const traces: unknown[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(server.base + route, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${route}.`);
        if (result.lhr.runtimeError) {
          throw new Error(`${route}: ${result.lhr.runtimeError.message}`);
        }
        runs.push(result.lhr);
        traces.push(result.artifacts.Trace);
      }
      const lhr = computeMedianRun(runs);
      if (trace) {
        const median = traces[runs.indexOf(lhr)];
        const name = route === '/' ? 'home' : route.replace(/^\//, '').replace(/\//g, '-');
        mkdirSync('bench-results', { recursive: true });
        const file = path.join('bench-results', `lighthouse-trace-${name}.json`);
        writeFileSync(file, JSON.stringify(median));
        printProfile(route, lhr);
        console.log(`  trace: ${file}`);
      }
      lighthouseVersion = lhr.lighthouseVersion;
      // The other categories do not depend on timing: each run must reach them.
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [
          category,
          category === 'performance'
            ? categoryScore(lhr, category)
            : Math.min(...runs.map((run) => categoryScore(run, category))),
        ]),
      ) as Record<Category, number>;
      const misses = CATEGORIES.filter((category) => scores[category] < TARGETS[category]);
      const row = {
        route,
        ...scores,
        performanceRuns: runs.map((run) => categoryScore(run, 'performance')),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
        cls: round(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN, 3),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
        misses,
        failingAudits: Object.fromEntries(
          CATEGORIES.map((category) => [category, failingAudits(lhr, category)] as const).filter(
            ([, ids]) => ids.length > 0,
          ),
        ) as Partial<Record<Category, string[]>>,
        lcpElement:
          (
            lhr.audits['largest-contentful-paint-element']?.details as
              { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined
          )?.items?.[0]?.items?.[0]?.node?.selector ?? null,
      };
      rows.push(row);
      console.log(
        `${route}: ${CATEGORIES.map((category) => scores[category]).join(' / ')}, LCP ${row.lcpMs} ms` +
          (RUNS > 1 ? ` (performance of each run: ${row.performanceRuns.join(', ')})` : ''),
      );
    }

    const results = {
      date: new Date().toISOString(),
      lighthouse: lighthouseVersion,
      formFactor: 'mobile',
      runsPerRoute: RUNS,
      chrome: CHROME_PATH,
      targets: TARGETS,
      routes: rows,
    };
    const file = writeResults('lighthouse', results);
    console.log('\nLighthouse, mobile:');
    console.table(
      Object.fromEntries(
        rows.map((row) => [
          row.route,
          {
            performance: row.performance,
            'each run': row.performanceRuns.join(' '),
            accessibility: row.accessibility,
            'best-practices': row['best-practices'],
            seo: row.seo,
            'LCP ms': row.lcpMs,
            CLS: row.cls,
            'TBT ms': row.tbtMs,
          },
        ]),
      ),
    );
    const missed = rows.filter((row) => row.misses.length > 0);
    for (const row of rows) {
      const audits = Object.entries(row.failingAudits);
      if (audits.length === 0) continue;
      console.log(`\n${row.route}${row.lcpElement ? ` (LCP element: ${row.lcpElement})` : ''}`);
      for (const [category, ids] of audits) console.log(`  ${category}: ${(ids ?? []).join(', ')}`);
    }
    console.log(`\nResults: ${file}`);
    if (missed.length > 0) {
      console.error(
        `\nBelow target (performance >= 95, others 100): ${missed
          .map((row) => `${row.route} [${row.misses.join(', ')}]`)
          .join('; ')}`,
      );
      if (!reportOnly) process.exitCode = 1;
    }
    return results;
  } finally {
    await chrome.stop();
    await server.stop();
  }
}

if (isEntryScript(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      'report-only': { type: 'boolean', default: false },
      'skip-build': { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      runs: { type: 'string', default: '3' },
      trace: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`--runs takes a whole number of at least 1, not "${values.runs}".`);
    process.exit(2);
  }
  await benchLighthouse({
    only: values.only,
    runs,
    trace: values.trace,
    build: buildModeOf(values),
    reportOnly: values['report-only'],
  });
}
