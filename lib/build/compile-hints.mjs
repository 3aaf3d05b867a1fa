import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import vm from 'node:vm';

/**
 * V8's explicit compile hint (Chrome 136+): a script that starts with this comment has all its
 * functions compiled while it streams in, on a background thread. Without it, each function is
 * compiled on the main thread the first time it is called, and for the framework's code and
 * the chart's, called all at once while the page starts, that compiling was most of the page's
 * blocking time. Other browsers read it as a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The route group whose pages visitors load; the Studio has its own. */
const SITE_GROUP = '(site)';
const CHUNK_REFERENCE = /static\/chunks\/[\w.-]+\.js/g;

/** Every file under `folder`, as paths. */
async function filesUnder(folder) {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The JavaScript files a client reference manifest names as the entry chunks of its routes. */
function entryChunksOf(manifestSource) {
  // The manifest is a script assigning to globalThis.__RSC_MANIFEST; it runs in an empty context.
  const context = {};
  context.globalThis = context;
  vm.runInNewContext(manifestSource, context);
  const manifests = Object.values(context.__RSC_MANIFEST ?? {});
  return manifests.flatMap((manifest) => Object.values(manifest.entryJSFiles ?? {}).flat());
}

/**
 * The chunks (paths relative to `distDir`, such as `static/chunks/x.js`) that a visitor's browser
 * runs as a page of the site loads: the framework's, each page's own, the sections loaded near
 * the viewport (chart, gallery) and the chunks those load in turn. Not the Studio's, nor the
 * preview's editing overlay, most of whose code never runs on load.
 */
export async function siteChunksRunOnLoad(distDir) {
  const chunks = new Set();
  const buildManifest = JSON.parse(
    await readFile(path.join(distDir, 'build-manifest.json'), 'utf8'),
  );
  for (const file of buildManifest.rootMainFiles ?? []) chunks.add(file);

  const deferred = [];
  const appDir = path.join(distDir, 'server', 'app');
  const siteFiles = (await filesUnder(appDir)).filter(
    (file) => path.relative(appDir, file).split(path.sep)[0] === SITE_GROUP,
  );
  for (const file of siteFiles) {
    if (file.endsWith('_client-reference-manifest.js')) {
      for (const chunk of entryChunksOf(await readFile(file, 'utf8'))) chunks.add(chunk);
    } else if (file.endsWith('react-loadable-manifest.json')) {
      const loadable = JSON.parse(await readFile(file, 'utf8'));
      for (const { files = [] } of Object.values(loadable)) deferred.push(...files);
    }
  }

  // A deferred section's chunk names the chunks it imports in turn (the chart's second step).
  while (deferred.length > 0) {
    const chunk = deferred.pop();
    if (!chunk.endsWith('.js') || chunks.has(chunk)) continue;
    chunks.add(chunk);
    const source = await readFile(path.join(distDir, chunk), 'utf8');
    deferred.push(...(source.match(CHUNK_REFERENCE) ?? []));
  }
  return [...chunks].filter((chunk) => chunk.endsWith('.js')).sort();
}

/**
 * Starts each of the site's load-time chunks with the compile hint (once: a chunk that has it is
 * left as it is). Runs after Next.js has compiled a production build (next.config.mjs).
 */
export async function addCompileHints(distDir) {
  const chunks = await siteChunksRunOnLoad(distDir);
  let bytes = 0;
  for (const chunk of chunks) {
    const file = path.join(distDir, chunk);
    const source = await readFile(file, 'utf8');
    bytes += Buffer.byteLength(source);
    if (!source.startsWith(COMPILE_HINT)) await writeFile(file, COMPILE_HINT + source);
  }
  return { chunks, bytes };
}
