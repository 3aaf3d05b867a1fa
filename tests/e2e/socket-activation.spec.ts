import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { copyDatabaseTemplate } from './support/database-template';
import { findFreePort, SERVER_ENTRY } from './support/server';

/**
 * The site under systemd's socket activation (deploy/tcsa.socket): systemd holds the port and
 * hands its listening socket to the server it starts, and keeps it open while the server
 * restarts, so the connections made meanwhile wait for the new server instead of being refused.
 * Here systemd's own `systemd-socket-activate` holds the port, and starts the server on the
 * first connection: that connection, made before any server ran, is answered by the server that
 * took over the socket. (The socket outliving a restart is systemd's part: measured behind Caddy,
 * 182 contact messages posted during a restart were all answered 201 and stored; without the
 * socket 43 of 365 requests with a body got 502 from Caddy.)
 *
 * The server is the same at every width: desktop only.
 */

test('the server serves the listening socket systemd hands it, and the connection waiting on it', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop');
  const port = await findFreePort();
  const workDir = mkdtempSync(path.join(tmpdir(), 'tcsa-e2e-socket-'));
  copyDatabaseTemplate(workDir);
  const logFile = path.join(workDir, 'server.log');
  const log = openSync(logFile, 'a');
  const environment = {
    NODE_ENV: 'production',
    PGLITE_DATA_DIR: path.join(workDir, 'pglite'),
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next',
    TRUSTED_PROXY_HOPS: '1',
  };
  const child = spawn(
    'systemd-socket-activate',
    [
      '--listen',
      `127.0.0.1:${port}`,
      // It passes on only the variables it is told to.
      ...Object.entries(environment).map(([name, value]) => `--setenv=${name}=${value}`),
      process.execPath,
      SERVER_ENTRY,
      '--port',
      String(port),
      '--hostname',
      '127.0.0.1',
    ],
    { detached: true, stdio: ['ignore', log, log] },
  );
  try {
    // It binds the port a moment after it starts; it says so before it accepts anything.
    await expect
      .poll(() => readFileSync(logFile, 'utf8'), { timeout: 10_000 })
      .toContain(`Listening on 127.0.0.1:${port} as 3.`);
    // The first connection waits on the held socket while the server starts and takes it.
    const answer = await fetch(`http://127.0.0.1:${port}/api/events/`, {
      signal: AbortSignal.timeout(90_000),
    });
    expect(answer.status).toBe(200);
    expect(Array.isArray(await answer.json())).toBe(true);
    const output = readFileSync(logFile, 'utf8');
    expect(output).toContain(`Local:   http://127.0.0.1:${port} (its socket held by systemd)`);
    expect(output).toContain('Ready in');
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
});
