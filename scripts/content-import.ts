/**
 * `npm run content:import`: imports the dataset bundled in studio/dataset/ into the Sanity project
 * of NEXT_PUBLIC_SANITY_PROJECT_ID (dataset NEXT_PUBLIC_SANITY_DATASET, default "production"),
 * read from the environment, .env.local or .env. Documents that already exist are kept; pass
 * `-- --replace` to overwrite them with the bundled copy. Needs `npx sanity login` first.
 *
 * The dataset is first checked against the schema's shapes, as the site checks every read
 * (lib/content/coerce.ts): a value of another shape (rich text where a plain text belongs, an
 * object where a list does) is named and nothing is imported, so the Studio never opens a
 * document it cannot edit.
 */
import './lib/env-files.mjs';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseNdjson } from '../lib/content/bundled';
import { datasetShapeProblems, describeShapeProblems } from '../lib/content/dataset-check';

const DATASET = 'studio/dataset/production.ndjson';

for (const file of ['.env.local', '.env']) {
  try {
    process.loadEnvFile(file);
  } catch {
    // The file is optional.
  }
}

const problems = datasetShapeProblems(parseNdjson(readFileSync(DATASET, 'utf8')));
if (problems.length > 0) {
  console.error(
    `${DATASET} has values of another shape than the schema's; correct them, then import again:\n` +
      describeShapeProblems(problems),
  );
  process.exit(1);
}

const projectId = process.env.NEXT_PUBLIC_SANITY_PROJECT_ID?.trim();
const dataset = process.env.NEXT_PUBLIC_SANITY_DATASET?.trim() || 'production';
if (!projectId) {
  console.error(
    'Set NEXT_PUBLIC_SANITY_PROJECT_ID (in .env.local or the shell) to the Sanity project to import into.',
  );
  process.exit(1);
}

const extra = process.argv.slice(2);
const mode = extra.includes('--replace') ? [] : ['--missing'];
const result = spawnSync(
  'sanity',
  [
    'dataset',
    'import',
    DATASET,
    '--project-id',
    projectId,
    '--dataset',
    dataset,
    ...mode,
    ...extra,
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
