import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` and `npm test` rebuild only when the build is out of date (scripts/lib/common.sh):
 * a newer source file, and also NEXT_PUBLIC_* values or .env files other than the build's, since
 * Next.js bakes those into the browser's code. The Sanity project's variables are the exception:
 * the server reads them when it runs. Each case runs the shell functions in a project folder of
 * its own.
 */

const COMMON = path.resolve('scripts/lib/common.sh');
const work = mkdtempSync(path.join(tmpdir(), 'tcsa-build-current-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function project(): string {
  const dir = mkdtempSync(path.join(work, 'project-'));
  mkdirSync(path.join(dir, 'app'));
  writeFileSync(path.join(dir, 'app', 'page.tsx'), 'export default 1;');
  const old = new Date(Date.now() - 60_000);
  utimesSync(path.join(dir, 'app', 'page.tsx'), old, old);
  mkdirSync(path.join(dir, '.next'));
  return dir;
}

/** Runs `script` with common.sh sourced, in `dir`, with only `env` as NEXT_PUBLIC_* values. */
function shell(dir: string, script: string, env: Record<string, string> = {}): string {
  const clean: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('NEXT_PUBLIC_')),
  );
  return execFileSync('bash', ['-c', `set -euo pipefail; source "${COMMON}"; ${script}`], {
    cwd: dir,
    env: { ...clean, NODE_ENV: 'test', NEXT_DIST_DIR: '.next', ...env },
    encoding: 'utf8',
  });
}

/** Fakes a finished build made with `env`, as build_site records it. */
function built(dir: string, env: Record<string, string> = {}): void {
  writeFileSync(path.join(dir, '.next', 'BUILD_ID'), 'test');
  shell(dir, 'build_inputs >"$(build_inputs_stamp)"', env);
}

const current = (dir: string, env: Record<string, string> = {}) =>
  shell(dir, 'if build_is_current; then echo current; else echo stale; fi', env).trim();

describe('build_is_current', () => {
  it('is current for the same sources, NEXT_PUBLIC_* values and .env files', () => {
    const dir = project();
    built(dir, { NEXT_PUBLIC_SITE_URL: 'https://tcsa.example.org' });
    expect(current(dir, { NEXT_PUBLIC_SITE_URL: 'https://tcsa.example.org' })).toBe('current');
  });

  it('is stale when a NEXT_PUBLIC_* value was set, changed or removed since the build', () => {
    const dir = project();
    built(dir);
    expect(current(dir, { NEXT_PUBLIC_SITE_URL: 'https://tcsa.example.org' })).toMatch(
      /rebuilding\.\nstale$/,
    );
    built(dir, { NEXT_PUBLIC_SITE_URL: 'https://tcsa.example.org' });
    expect(current(dir, { NEXT_PUBLIC_SITE_URL: 'https://tcsa.example.org' })).toBe('current');
    expect(current(dir, { NEXT_PUBLIC_SITE_URL: 'https://club.example.org' })).toMatch(/stale$/);
    expect(current(dir)).toMatch(/stale$/);
  });

  it('is stale when an .env file appeared or changed since the build', () => {
    const dir = project();
    built(dir);
    writeFileSync(path.join(dir, '.env.local'), 'NEXT_PUBLIC_SITE_URL=https://tcsa.example.org\n');
    expect(current(dir)).toMatch(/stale$/);
    built(dir);
    expect(current(dir)).toBe('current');
    writeFileSync(path.join(dir, '.env.local'), 'NEXT_PUBLIC_SITE_URL=https://club.example.org\n');
    expect(current(dir)).toMatch(/stale$/);
  });

  it("stays current when only the Sanity project's variables changed, in the environment or an .env file", () => {
    const dir = project();
    writeFileSync(path.join(dir, '.env'), 'SANITY_PREVIEW_SECRET=a-long-random-string\n');
    built(dir);
    const sanity = {
      NEXT_PUBLIC_SANITY_PROJECT_ID: 'abc123',
      NEXT_PUBLIC_SANITY_DATASET: 'staging',
      NEXT_PUBLIC_SANITY_API_VERSION: '2025-10-01',
    };
    expect(current(dir, sanity)).toBe('current');
    writeFileSync(
      path.join(dir, '.env'),
      'NEXT_PUBLIC_SANITY_PROJECT_ID=abc123\nSANITY_PREVIEW_SECRET=a-long-random-string\nexport NEXT_PUBLIC_SANITY_DATASET=staging\n',
    );
    expect(current(dir)).toBe('current');
    // The rest of the file still counts.
    writeFileSync(path.join(dir, '.env'), 'NEXT_PUBLIC_SANITY_PROJECT_ID=abc123\n');
    expect(current(dir)).toMatch(/stale$/);
  });

  it('is stale when a source file is newer than the build, or there is no build', () => {
    const dir = project();
    expect(current(dir)).toBe('stale');
    built(dir);
    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(dir, 'app', 'page.tsx'), future, future);
    expect(current(dir)).toBe('stale');
  });
});
