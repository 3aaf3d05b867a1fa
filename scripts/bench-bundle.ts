/**
 * npm run bench:bundle — first-load JavaScript per route against the not-found page, one run.
 *
 * The build's diagnostics/route-bundle-stats.json gives the same figure for every page of the site
 * (it counts the chunks of the shared layout and entry, not the client components a page really
 * renders), so the figure that counts is measured in Chromium:
 *
 * 1. Builds into .next-bench/ or $NEXT_DIST_DIR unless a current build is there (--skip-build
 *    trusts any build, --build always builds), and starts scripts/serve.mjs on a fresh seeded PGlite
 *    folder in a temporary directory.
 * 2. Loads each route in a fresh phone-sized page (390 x 844) without scrolling, waits for `load`
 *    and then for the network to be idle, and sums the JavaScript responses: bytes transferred and
 *    bytes decoded. The gallery (ogl) and the chart (nivo) load only when their section nears the
 *    viewport, and the issue counts them only once loaded: on a phone the roadmap is already in
 *    view, so its chunk arrives without scrolling. Chunks carrying either library are therefore
 *    left out of the sum and reported on their own ('deferred KB').
 * 3. Compares each route's decoded bytes with the not-found page (an unknown path) and prints KB
 *    and the ratio. Target: at most 1.3. Exit status 1 on a miss unless --report-only.
 *
 * Results: bench-results/bundle.json. Not part of `npm test`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import {
  type BuildMode,
  buildModeOf,
  DIST_DIR,
  ensureBuild,
  isEntryScript,
  round,
  siteRoutes,
  startServer,
  writeResults,
} from './lib/bench';

/** The not-found page: the framework's scripts and the layout's, nothing of a page's own. */
export const BASELINE = '/bench-no-such-page';
const TARGET_RATIO = 1.3;
/** Marks of the two heavy libraries, looked for in the JavaScript a route loads at first. */
const LAZY_LIBRARIES: Record<string, RegExp> = {
  ogl: /createProgram/,
  // Minified nivo keeps its default colour scheme's name.
  nivo: /\bnivo:\[|scheme:"nivo"/,
};

export interface Measure {
  scripts: number;
  transferredBytes: number;
  decodedBytes: number;
  lazyLoaded: string[];
  /** Decoded bytes of the ogl and nivo chunks, not part of decodedBytes. */
  deferredBytes: number;
}

function lazyLibrariesIn(code: string): string[] {
  return Object.entries(LAZY_LIBRARIES)
    .filter(([, mark]) => mark.test(code))
    .map(([name]) => name);
}

/** The JavaScript `url` loads in a fresh phone-sized page before any scrolling. */
export async function measure(browser: Browser, url: string): Promise<Measure> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const pending: Promise<{ transferred: number; body: Buffer }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return { transferred: sizes.responseBodySize, body };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(pending);
  await context.close();
  const libraries = scripts.map((script) => lazyLibrariesIn(script.body.toString('utf8')));
  const eager = scripts.filter((_, index) => libraries[index]!.length === 0);
  const deferred = scripts.filter((_, index) => libraries[index]!.length > 0);
  return {
    scripts: eager.length,
    transferredBytes: eager.reduce((sum, script) => sum + script.transferred, 0),
    decodedBytes: eager.reduce((sum, script) => sum + script.body.length, 0),
    lazyLoaded: [...new Set(libraries.flat())],
    deferredBytes: deferred.reduce((sum, script) => sum + script.body.length, 0),
  };
}

/** The build's own per-route figure, shown beside the measured one when the file is there. */
function buildStats(): Map<string, number> {
  const file = path.join(DIST_DIR, 'diagnostics', 'route-bundle-stats.json');
  if (!existsSync(file)) return new Map();
  const stats = JSON.parse(readFileSync(file, 'utf8')) as {
    route: string;
    firstLoadUncompressedJsBytes: number;
  }[];
  return new Map(stats.map((entry) => [entry.route, entry.firstLoadUncompressedJsBytes]));
}

/** Debian's Chromium ($CHROME_PATH), headless, as the benches use it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

async function main(work: string, values: { build: BuildMode; reportOnly: boolean }) {
  ensureBuild(values.build);
  const server = await startServer({ dataDir: path.join(work, 'pglite') });
  const browser = await launchChromium();
  try {
    const routes = await siteRoutes(server.base);

    const baseline = await measure(browser, server.base + BASELINE);
    const stats = buildStats();
    const rows = [];
    for (const route of routes) {
      const result = await measure(browser, server.base + route);
      rows.push({
        route,
        ...result,
        ratio: round(result.decodedBytes / baseline.decodedBytes, 2),
        buildStatsBytes: stats.get(route.replace(/^\/events\/\d+$/, '/events/[id]')) ?? null,
      });
    }

    const file = writeResults('bundle', {
      date: new Date().toISOString(),
      viewport: '390x844',
      baseline: { route: BASELINE, ...baseline },
      routes: rows,
      targetRatio: TARGET_RATIO,
    });
    const kb = (bytes: number) => round(bytes / 1024);
    console.log('\nFirst-load JavaScript, measured in Chromium at 390 px (KB):');
    console.table(
      Object.fromEntries(
        [
          { route: `${BASELINE} (not found)`, ...baseline, ratio: 1, buildStatsBytes: null },
          ...rows,
        ].map((row) => [
          row.route,
          {
            scripts: row.scripts,
            'KB transferred': kb(row.transferredBytes),
            'KB decoded': kb(row.decodedBytes),
            'x baseline': row.ratio,
            'ogl/nivo loaded': row.lazyLoaded.join(' ') || '-',
            'deferred KB': kb(row.deferredBytes),
          },
        ]),
      ),
    );
    console.log(`Results: ${file}`);
    const missed = rows.filter((row) => row.ratio > TARGET_RATIO);
    const eager = rows.filter((row) => row.lazyLoaded.length > 0);
    if (eager.length > 0) {
      // Information, not a miss: a section already in view (the roadmap on a phone) loads at once.
      console.log(
        `Deferred code loaded before scrolling, because its section was already near the viewport: ${eager.map((row) => `${row.route} (${row.lazyLoaded.join(', ')})`).join('; ')}`,
      );
    }
    if (missed.length > 0) {
      console.error(
        `Above ${TARGET_RATIO}x the not-found page: ${missed.map((row) => `${row.route} (${row.ratio}x)`).join(', ')}`,
      );
    }
    if (missed.length > 0 && !values.reportOnly) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (isEntryScript(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      'report-only': { type: 'boolean', default: false },
      'skip-build': { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
    },
  });
  const work = mkdtempSync(path.join(tmpdir(), 'tcsa-bench-bundle-'));
  try {
    await main(work, { build: buildModeOf(values), reportOnly: values['report-only'] });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
