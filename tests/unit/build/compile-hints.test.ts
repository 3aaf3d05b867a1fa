import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, addCompileHints, siteChunksRunOnLoad } from '@/lib/build/compile-hints.mjs';
import { tempTree } from '../support/temp-tree';

const chunk = (name: string) => `static/chunks/${name}.js`;

/** A client reference manifest as Next.js writes it: a script that fills a global. */
function clientManifest(route: string, entries: Record<string, string[]>): string {
  const manifest = { clientModules: {}, entryJSFiles: entries };
  return (
    'globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\n' +
    `globalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify(manifest)};`
  );
}

/**
 * A production build folder in the shape Next.js leaves it: the framework's chunks, a home page
 * with a deferred chart whose chunk loads a second one, an events page, the preview overlay that
 * only the layout's draft mode imports, and the Studio's own chunks.
 */
function fakeBuild(): string {
  return tempTree('tcsa-hints-', {
    'build-manifest.json': JSON.stringify({
      polyfillFiles: [chunk('polyfills')],
      rootMainFiles: [chunk('framework'), chunk('turbopack-runtime')],
    }),
    'server/app/(site)/page_client-reference-manifest.js': clientManifest('/(site)/page', {
      '[project]/app/(site)/layout': [chunk('layout')],
      '[project]/app/(site)/page': [chunk('layout'), chunk('home'), 'static/chunks/home.css'],
    }),
    'server/app/(site)/page/react-loadable-manifest.json': JSON.stringify({
      1: { id: 1, files: ['static/chunks/chart.css', chunk('chart-core')] },
    }),
    'server/app/(site)/events/page_client-reference-manifest.js': clientManifest(
      '/(site)/events/page',
      { '[project]/app/(site)/events/page': [chunk('events')] },
    ),
    'server/app/(studio)/studio/[[...tool]]/page_client-reference-manifest.js': clientManifest(
      '/(studio)/studio/[[...tool]]/page',
      { '[project]/app/(studio)/studio/[[...tool]]/page': [chunk('studio')] },
    ),
    [chunk('framework')]: 'framework();',
    [chunk('turbopack-runtime')]: 'runtime();',
    [chunk('polyfills')]: 'polyfills();',
    [chunk('layout')]: `draftMode && load("${chunk('preview-overlay')}");`,
    [chunk('home')]: 'home();',
    [chunk('events')]: 'events();',
    [chunk('chart-core')]: `core(); load("${chunk('chart-line')}");`,
    [chunk('chart-line')]: `line(); load("${chunk('chart-core')}");`,
    [chunk('preview-overlay')]: 'overlay();',
    [chunk('studio')]: 'studio();',
  });
}

const read = (dist: string, name: string) => readFileSync(path.join(dist, chunk(name)), 'utf8');

describe('siteChunksRunOnLoad', () => {
  it("names the framework's, each page's and the deferred sections' chunks with the ones they load", async () => {
    await expect(siteChunksRunOnLoad(fakeBuild())).resolves.toEqual(
      [
        'chart-core',
        'chart-line',
        'events',
        'framework',
        'home',
        'layout',
        'turbopack-runtime',
      ].map(chunk),
    );
  });
});

describe('addCompileHints', () => {
  it('starts those chunks with the hint and leaves the Studio, the preview overlay and the polyfills alone', async () => {
    const dist = fakeBuild();
    const { chunks, bytes } = await addCompileHints(dist);

    expect(chunks).toHaveLength(7);
    expect(bytes).toBeGreaterThan(0);
    // V8 reads the hint only as a line of its own at the very start of the file.
    expect(read(dist, 'framework')).toBe('//# allFunctionsCalledOnLoad\nframework();');
    expect(read(dist, 'chart-line')).toBe(`${COMPILE_HINT}line(); load("${chunk('chart-core')}");`);
    for (const untouched of ['studio', 'preview-overlay', 'polyfills']) {
      expect(read(dist, untouched)).not.toContain(COMPILE_HINT);
    }
  });

  it('adds the hint once, however often it runs', async () => {
    const dist = fakeBuild();
    await addCompileHints(dist);
    await addCompileHints(dist);
    expect(read(dist, 'home')).toBe(`${COMPILE_HINT}home();`);
  });
});
