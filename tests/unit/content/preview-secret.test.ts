import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../support/temp-tree';

/**
 * `npm start` hands reviewers a preview link on the embedded default (scripts/start.sh): the
 * secret comes from scripts/preview-secret.mjs, run here in throwaway project folders.
 */

const SCRIPT = path.resolve('scripts/preview-secret.mjs');

function secretIn(dir: string, env: Record<string, string> = {}): string {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('NEXT_PUBLIC_SANITY') && name !== 'SANITY_PREVIEW_SECRET',
    ),
  );
  return execFileSync(process.execPath, [SCRIPT], {
    cwd: dir,
    env: { ...clean, NODE_ENV: 'test', ...env },
    encoding: 'utf8',
  });
}

describe('the preview secret of the embedded default', () => {
  it("is made once, kept in the data folder for the site's account only, and reused", () => {
    const dir = tempTree('tcsa-preview-secret-', {});
    const first = secretIn(dir);
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const file = path.join(dir, '.data', 'preview-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(secretIn(dir)).toBe(first);
  });

  it('is the configured one when SANITY_PREVIEW_SECRET is set, in the environment or .env.local', () => {
    expect(
      secretIn(tempTree('tcsa-preview-secret-', {}), { SANITY_PREVIEW_SECRET: 'from-env' }),
    ).toBe('from-env');
    const dir = tempTree('tcsa-preview-secret-', {
      '.env.local': 'SANITY_PREVIEW_SECRET=from-file\n',
    });
    expect(secretIn(dir)).toBe('from-file');
  });

  it('is not printed when a Sanity project is configured (the Studio has its own flow)', () => {
    const dir = tempTree('tcsa-preview-secret-', {
      '.env': 'NEXT_PUBLIC_SANITY_PROJECT_ID=abc123\n',
    });
    expect(secretIn(dir)).toBe('');
  });
});
