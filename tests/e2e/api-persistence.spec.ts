import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { copyDatabaseTemplate } from './support/database-template';
import { type RunningSite, SERVER_ENTRY, findFreePort, startSite } from './support/server';

/**
 * Durability of the embedded database: a registration acknowledged with 201 is still there
 * after the server process is killed (SIGKILL, no shutdown) and started again on the same data
 * folder. The lock of the killed process ended with it: the restart takes it at once.
 */

const run = promisify(execFile);

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one server restart is enough');
});

/** The process group of the server that holds the data folder's lock. */
function serverProcessGroup(dataDir: string): number {
  const { pid } = JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8')) as { pid: number };
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name: state, ppid, pgrp.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

async function register(site: RunningSite, eventId: number, email: string) {
  const csrf = await fetch(`${site.baseURL}/api/csrf/`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return fetch(`${site.baseURL}/api/events/${eventId}/register/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-CSRFToken': csrfToken,
      Cookie: `csrftoken=${csrfToken}`,
      Origin: site.baseURL,
    },
    body: JSON.stringify({ first_name: 'Hao', last_name: 'Zhou', email }),
  });
}

test('a 201 registration survives the server being killed with SIGKILL and restarted', async () => {
  test.setTimeout(180_000);
  const work = mkdtempSync(path.join(tmpdir(), 'tcsa-persist-'));
  const dataDir = path.join(work, 'pglite');
  const email = `persist.${Date.now()}@example.org`;
  let site: RunningSite | null = null;
  try {
    // The seeded database, copied: a production server seeds nothing by itself.
    copyDatabaseTemplate(work);
    site = await startSite({ PGLITE_DATA_DIR: dataDir });
    const events = (await (await fetch(`${site.baseURL}/api/events/`)).json()) as {
      id: number;
      starts_at: string | null;
      capacity: number | null;
    }[];
    const event = events.find(
      (candidate) =>
        candidate.starts_at &&
        Date.parse(candidate.starts_at) > Date.now() &&
        candidate.capacity === null,
    )!;
    expect((await register(site, event.id, email)).status).toBe(201);

    process.kill(-serverProcessGroup(dataDir), 'SIGKILL');
    await site.stop();

    site = await startSite({ PGLITE_DATA_DIR: dataDir });
    const again = await register(site, event.id, email);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: 'You are already registered: we have emailed your link again.',
      code: 'already_registered',
    });
    await site.stop();
    site = null;

    const { stdout } = await run(
      path.resolve('node_modules/.bin/tsx'),
      [
        '--conditions=react-server',
        'scripts/db/export-registrations.ts',
        '--event',
        String(event.id),
      ],
      { env: { ...process.env, PGLITE_DATA_DIR: dataDir, DATABASE_URL: '' } },
    );
    expect(stdout.split('\r\n')[0]).toBe(
      'id,event_id,event_title,first_name,last_name,email,registered_at',
    );
    expect(stdout).toContain(`,Hao,Zhou,${email},`);
  } finally {
    await site?.stop();
    rmSync(work, { recursive: true, force: true });
  }
});

test('a second server on the same data folder refuses to start, naming the server that holds it, before it says Ready', async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'tcsa-second-'));
  const dataDir = path.join(work, 'pglite');
  let site: RunningSite | null = null;
  try {
    site = await startSite({ PGLITE_DATA_DIR: dataDir });
    const { pid } = JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8')) as { pid: number };
    const port = await findFreePort();
    const second = spawn(
      process.execPath,
      [SERVER_ENTRY, '--port', String(port), '--hostname', '127.0.0.1'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_ENV: 'production', PGLITE_DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    );
    let output = '';
    second.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    second.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(
      `The TCSA site cannot start: The embedded database folder ${dataDir} is already in use by process ${pid}`,
    );
    // It never said it was ready, nor listened: the refusal comes first.
    expect(output).not.toMatch(/Ready/);
    expect(await fetch(`http://127.0.0.1:${port}/`).catch(() => null)).toBeNull();
    // The first server goes on serving, from the empty database it started on: a production
    // server never fills it with the sample club (whose members the scheduled work would email).
    const events = await fetch(`${site.baseURL}/api/events/`);
    expect(events.status).toBe(200);
    expect(await events.json()).toEqual([]);
  } finally {
    await site?.stop();
    rmSync(work, { recursive: true, force: true });
  }
});
