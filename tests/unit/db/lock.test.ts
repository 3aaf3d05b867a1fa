import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { DataFolderInUseError, lockDataFolder } from '@/lib/db/lock';

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'tcsa-lock-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the data folder lock', () => {
  it('writes the owner pid next to the folder and removes it on release', () => {
    const dir = path.join(work, 'a');
    const lock = lockDataFolder(dir);
    expect(lock.lockFile).toBe(`${dir}.lock`);
    expect(JSON.parse(readFileSync(lock.lockFile, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.lockFile)).toBe(false);
  });

  it('refuses a folder held by a live process, naming it', async () => {
    const dir = path.join(work, 'b');
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(
        `${dir}.lock`,
        JSON.stringify({ pid: holder.pid, host: 'h', startedAt: 'then', command: 'x' }),
      );
      expect(() => lockDataFolder(dir)).toThrow(DataFolderInUseError);
      expect(() => lockDataFolder(dir)).toThrow(
        new RegExp(`in use by process ${holder.pid} \\(sleep 30`),
      );
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that died (killed, crashed)', async () => {
    const dir = path.join(work, 'c');
    const dead = spawn('true');
    await new Promise((resolve) => dead.once('exit', resolve));
    writeFileSync(
      `${dir}.lock`,
      JSON.stringify({ pid: dead.pid, host: 'h', startedAt: 'then', command: 'x' }),
    );
    const lock = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(lock.lockFile, 'utf8')).pid).toBe(process.pid);
    lock.release();
    writeFileSync(`${dir}.lock`, 'half-written');
    lockDataFolder(dir).release();
  });

  it('a second process opening the same PGlite folder fails at once with a message naming the first', async () => {
    const dir = path.join(work, 'pglite');
    const handle = await openDatabase({ dataDir: dir, migrate: false });
    try {
      const child = await run(
        path.resolve('node_modules/.bin/tsx'),
        ['--conditions=react-server', 'tests/unit/db/support/open-data-dir.ts', dir],
        { encoding: 'utf8' },
      ).catch((error: { stdout: string; code: number }) => error);
      expect(child.stdout).toContain(
        `failed: The embedded database folder ${dir} is already in use by process ${process.pid}`,
      );
    } finally {
      await handle.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
    // Starting a second Node process with tsx takes most of this on a busy two-core machine; the
    // refusal itself is immediate (the child never waits for the lock).
  }, 60_000);
});
