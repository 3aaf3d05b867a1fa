// Imports the dataset bundled in studio/dataset/ into the Sanity project of
// NEXT_PUBLIC_SANITY_PROJECT_ID (dataset NEXT_PUBLIC_SANITY_DATASET, default "production"),
// read from the environment, .env.local or .env. Documents that already exist are kept; pass
// `-- --replace` to overwrite them with the bundled copy. Needs `npx sanity login` first.
import { spawnSync } from 'node:child_process';

for (const file of ['.env.local', '.env']) {
  try {
    process.loadEnvFile(file);
  } catch {
    // The file is optional.
  }
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
    'studio/dataset/production.ndjson',
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
