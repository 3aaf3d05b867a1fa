import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Migrates an embedded database folder and fills it with the seed content when it is empty, with
 * the project's own seed command (`npm run db:seed -- --if-empty`), as `npm start` does before it
 * serves: a production server seeds nothing by itself. Throws with the command's output when it
 * fails.
 */
export function seedFolderIfEmpty(dataDir: string, stdio: 'pipe' | 'inherit' = 'pipe'): void {
  execFileSync(
    process.execPath,
    [
      path.resolve('node_modules/tsx/dist/cli.mjs'),
      '--conditions=react-server',
      'scripts/db/seed.ts',
      '--if-empty',
    ],
    { env: { ...process.env, PGLITE_DATA_DIR: dataDir, DATABASE_URL: '' }, stdio },
  );
}
