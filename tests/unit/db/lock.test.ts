import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { DataFolderInUseError, lockDataFolder } from '@/lib/db/lock';
import { createTestDataFolder } from './support/test-database';

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'tcsa-lock-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CONTENDER = path.resolve('tests/unit/db/support/lock-contender.ts');

type Outcome = { pid: number; won: boolean; message?: string };

/** Runs one contender (a separate Node process) that tries the lock at `startAt` and holds it for `holdMs`. */
function contender(dataDir: string, startAt: number, holdMs: number) {
  const child = spawn(process.execPath, [CONTENDER, dataDir, String(startAt), String(holdMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const outcome = new Promise<Outcome>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve(JSON.parse(line) as Outcome);
    });
    child.once('exit', (code) => reject(new Error(`contender exited (${code}) without a word`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, outcome, exited };
}

describe('the data folder lock', () => {
  it('names its holder next to the folder and removes that on release', () => {
    const dir = path.join(work, 'a');
    const lock = lockDataFolder(dir);
    expect(lock.lockFile).toBe(`${dir}.lock`);
    expect(JSON.parse(readFileSync(lock.lockFile, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.lockFile)).toBe(false);
    // Free again: it can be taken at once.
    lockDataFolder(dir).release();
  });

  it('is shared within one process and released with its last holder', async () => {
    const dir = path.join(work, 'shared');
    const first = lockDataFolder(dir);
    const second = lockDataFolder(dir);
    first.release();
    const other = contender(dir, 0, 0);
    expect((await other.outcome).won).toBe(false);
    second.release();
    const after = contender(dir, 0, 0);
    expect((await after.outcome).won).toBe(true);
  });

  it('refuses a folder another live process holds, naming it', async () => {
    const dir = path.join(work, 'b');
    const holder = contender(dir, 0, 30_000);
    try {
      const { pid } = await holder.outcome;
      expect(() => lockDataFolder(dir)).toThrow(DataFolderInUseError);
      expect(() => lockDataFolder(dir)).toThrow(
        new RegExp(`in use by process ${pid} \\(.*lock-contender`),
      );
    } finally {
      holder.child.kill('SIGKILL');
    }
  });

  it('four processes racing for a lock left by a killed process: exactly one wins, every round', async () => {
    const dir = path.join(work, 'race');
    for (let round = 0; round < 12; round += 1) {
      const killed = contender(dir, 0, 60_000);
      expect((await killed.outcome).won).toBe(true);
      killed.child.kill('SIGKILL');
      await killed.exited;
      // What the killed holder left behind still names it.
      expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(killed.child.pid);

      const startAt = Date.now() + 400;
      // The winner holds the lock until every racer has tried (a racer that started late still
      // finds it taken), and is killed then: no round waits out a fixed holding time.
      const racers = Array.from({ length: 4 }, () => contender(dir, startAt, 60_000));
      const outcomes = await Promise.all(racers.map((racer) => racer.outcome));
      for (const racer of racers) racer.child.kill('SIGKILL');
      const winners = outcomes.filter((outcome) => outcome.won);
      expect(winners, `round ${round}`).toHaveLength(1);
      for (const loser of outcomes.filter((outcome) => !outcome.won)) {
        expect(loser.message).toContain(`in use by process ${winners[0]!.pid}`);
      }
      await Promise.all(racers.map((racer) => racer.exited));
    }
  });

  it('a second process opening the same PGlite folder fails at once with a message naming the first', async () => {
    const dir = path.join(work, 'pglite');
    // A folder that holds a database already: opening it needs no initdb, the lock is the same.
    await createTestDataFolder(dir);
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
  });
});
