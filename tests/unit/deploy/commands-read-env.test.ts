import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A command run on the server (`sudo -u tcsa npm run db:restore -- …`) must work on the database
 * and the bucket the site uses: it reads the site's .env files (scripts/lib/env-files.mjs) before
 * any module reads the environment, as the site itself does.
 */

const COMMANDS = [
  ...readdirSync('scripts/db')
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join('scripts/db', name)),
  'scripts/content-import.ts',
  'scripts/doctor.ts',
];

/** The module a file imports first. */
function firstImport(file: string): string | undefined {
  return /^import\s+(?:[^'"]*\s+from\s+)?['"]([^'"]+)['"]/m.exec(readFileSync(file, 'utf8'))?.[1];
}

describe('the commands of the server', () => {
  it.each(COMMANDS)('%s reads the site’s .env files first', (file) => {
    const envFiles = path.relative(path.dirname(file), 'scripts/lib/env-files.mjs');
    expect(firstImport(file)).toBe(envFiles.startsWith('.') ? envFiles : `./${envFiles}`);
  });
});
