import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECK_IDS, type CheckResult } from '@/lib/admin/system-checks';
import { SERVER_VARIABLES } from '@/lib/env/server-variables.mjs';
import { tempTree } from '../support/temp-tree';

/**
 * `npm run doctor` (scripts/doctor.ts) as it runs on a server: against a deliberately wrong
 * configuration with no site running it names each failing check and exits with 1; against a
 * running site it prints the site's own checks, asked with the token it keeps in the data folder.
 */

const root = process.cwd();
const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function doctor(args: string[], env: Record<string, string>) {
  // Every variable of the site set (most to nothing), so that no .env file of this checkout
  // changes the configuration under test.
  const blank = Object.fromEntries(SERVER_VARIABLES.map((name) => [name, '']));
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [tsxCli, '--conditions=react-server', 'scripts/doctor.ts', ...args],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          ...blank,
          NEXT_PUBLIC_SITE_URL: '',
          NEXT_PUBLIC_SANITY_PROJECT_ID: '',
          NODE_ENV: 'production',
          ...env,
        },
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

let site: Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  site = null;
});

describe('npm run doctor', () => {
  it('names each failing check of a wrong configuration, with what to do, and exits with 1', async () => {
    const folder = tempTree('tcsa-doctor-', {});
    const port = await closedPort();
    const { code, out } = await doctor([], {
      NEXT_PUBLIC_SITE_URL: 'http://tcsa.example.org',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CRON_SECRET: 'sixteen-chars-ok',
      PGLITE_DATA_DIR: path.join(folder, 'pglite'),
      BACKUP_DIR: path.join(folder, 'backups'),
      PORT: String(port),
    });
    expect(code, out).toBe(1);
    expect(out).toContain(`http://localhost:${port} did not answer (ECONNREFUSED).`);
    expect(out).toContain('No running site answered: checked the configuration here.');
    for (const failing of [
      '✗ Public address: Failed',
      '✗ Email: Failed',
      '✗ Secrets: Failed',
      '✗ Database: Failed',
      '✗ Scheduled work: Failed',
      '✗ Backups: Failed',
      '✗ Tested restore: Failed',
    ]) {
      expect(out).toContain(failing);
    }
    expect(out).toContain('✓ Data folders: Passed');
    expect(out).toContain('– Reverse proxy: Not checked');
    expect(out).toContain('– Sanity project: Not checked');
    expect(out).toContain('The public address http://tcsa.example.org is not https');
    expect(out).toContain('What to do: Replace CRON_SECRET in .env.local with a long random value');
    expect(out).toContain('No running site answered, so nothing does the scheduled work.');
    expect(out).toMatch(/\n1 passed, 7 failed, 2 not checked\.\n$/);
  });

  it('records a tested restore, and prints the running site’s own checks, asked with the token of the data folder', async () => {
    const folder = tempTree('tcsa-doctor-', {});
    const checks: CheckResult[] = CHECK_IDS.map((id) => ({
      id,
      status: 'pass',
      found: [{ key: 'siteAnswers', values: { url: `https://${id}.example.org` } }],
      fix: [],
    }));
    const asked: string[] = [];
    site = createServer((request, response) => {
      const token = readFileSync(path.join(folder, 'doctor-token'), 'utf8').trim();
      asked.push(`${request.method} ${request.url}`);
      const allowed = request.headers.authorization === `Bearer ${token}`;
      response.writeHead(allowed ? 200 : 401, { 'content-type': 'application/json' });
      response.end(JSON.stringify(allowed ? { checks } : { error: 'no' }));
    });
    await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    const { code, out } = await doctor(
      ['--site', origin, '--restore-tested', '/tmp/check/tcsa-2026-11-25T2301Z.tar.gz'],
      { PGLITE_DATA_DIR: path.join(folder, 'pglite'), BACKUP_DIR: folder },
    );
    expect(code, out).toBe(0);
    // --restore-tested records the test where the check reads it, before the checks.
    expect(out).toContain('Recorded: a restore of tcsa-2026-11-25T2301Z.tar.gz was tested today.');
    expect(
      JSON.parse(readFileSync(path.join(folder, 'restore-tested.json'), 'utf8')),
    ).toMatchObject({ backup: 'tcsa-2026-11-25T2301Z.tar.gz' });
    expect(asked).toEqual(['GET /api/doctor']);
    expect(out).toContain(`Asked the running site at ${origin}.`);
    expect(out).toContain(
      '✓ Scheduled work: Passed\n    https://scheduledWork.example.org answers.',
    );
    expect(out).toMatch(/\n10 passed, 0 failed, 0 not checked\.\n$/);
  });
});
