import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hostname } from 'node:os';
import type { DatabaseSync } from 'node:sqlite';

/**
 * PGlite takes no lock of its own: two processes that open the same data folder both appear to
 * work and silently lose rows. This lock makes the second process fail at once with a message
 * that names the first.
 *
 * The exclusion itself is SQLite's file lock (Node's built-in `node:sqlite`): the holder keeps an
 * exclusive transaction open on `<data folder>.lock.sqlite`, and the operating system's record
 * lock behind it is atomic and ends with the process however it ends (killed, crashed). There is
 * no stale lock to judge and take over, so processes starting together can never both win, and
 * a restart after a crash takes the lock at once. `<data folder>.lock` only says who holds it
 * (pid, command, start time), for the message; it decides nothing.
 *
 * Within one process the lock is shared: the server takes it at start (instrumentation.ts) and
 * the database client takes it again when it opens the folder; it is released with the last.
 */

type LockOwner = { pid: number; host: string; startedAt: string; command: string };

export class DataFolderInUseError extends Error {
  readonly owner: LockOwner | null;
  readonly lockFile: string;
  constructor(dataDir: string, lockFile: string, owner: LockOwner | null) {
    const who = owner
      ? `process ${owner.pid} (${owner.command || 'unknown command'}, since ${owner.startedAt})`
      : 'another process';
    super(
      `The embedded database folder ${dataDir} is already in use by ${who}. PGlite allows one` +
        ` process per data folder: stop that process, give this one another PGLITE_DATA_DIR, or` +
        ` set DATABASE_URL to share a PostgreSQL server.`,
    );
    this.name = 'DataFolderInUseError';
    this.owner = owner;
    this.lockFile = lockFile;
  }
}

export type DataFolderLock = { lockFile: string; release: () => void };

type HeldLock = { holders: number; database: DatabaseSync; ownerFile: string };

const HELD = Symbol.for('tcsa.dataFolderLocks');

/** This process's locks, on globalThis: the server's bundles each have their own module copies. */
function heldLocks(): Map<string, HeldLock> {
  const store = globalThis as typeof globalThis & { [HELD]?: Map<string, HeldLock> };
  return (store[HELD] ??= new Map());
}

/** SQLite's "database is locked" (SQLITE_BUSY). */
const SQLITE_BUSY = 5;

function readOwner(ownerFile: string): LockOwner | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(ownerFile, 'utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'pid' in parsed &&
      typeof parsed.pid === 'number'
    ) {
      const owner = parsed as Partial<LockOwner> & { pid: number };
      return {
        pid: owner.pid,
        host: String(owner.host ?? ''),
        startedAt: String(owner.startedAt ?? ''),
        command: String(owner.command ?? ''),
      };
    }
  } catch {
    // Not written yet by a holder that has just taken the lock, or left by a dead one.
  }
  return null;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 200);
  } catch {
    return pid === process.pid ? process.argv.slice(0, 3).join(' ') : '';
  }
}

/** The holder as its owner file names it, once that file names a live process (it is written just after the lock is taken). */
function currentOwner(ownerFile: string): LockOwner | null {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const owner = readOwner(ownerFile);
    if (owner && isAlive(owner.pid))
      return { ...owner, command: commandOf(owner.pid) || owner.command };
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
  }
  return null;
}

/**
 * Opens the lock database and begins its exclusive transaction. Busy means another process holds
 * it, unless no live process is named: a holder killed mid-transaction leaves SQLite a journal to
 * roll back, and processes starting at that very moment can all be told busy while they recover
 * it. Then the attempt is made again, a few times, at random short intervals.
 */
function takeExclusive(
  lockDatabase: string,
  dataDir: string,
  ownerFile: string,
  Sqlite: typeof DatabaseSync,
): DatabaseSync {
  for (let attempt = 1; ; attempt += 1) {
    const database = new Sqlite(lockDatabase, { timeout: 0 });
    try {
      database.exec('BEGIN EXCLUSIVE');
      return database;
    } catch (error) {
      database.close();
      if ((error as { errcode?: number }).errcode !== SQLITE_BUSY) throw error;
      const owner = currentOwner(ownerFile);
      if (owner || attempt >= 10) throw new DataFolderInUseError(dataDir, ownerFile, owner);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5 + Math.random() * 45);
    }
  }
}

/**
 * Takes the lock of `dataDir`, or throws DataFolderInUseError when another process holds it.
 * Answers at once when a live process holds it; waits only while a killed holder's leftovers are
 * recovered (see takeExclusive).
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  const ownerFile = `${dataDir}.lock`;
  const locks = heldLocks();
  let held = locks.get(dataDir);
  if (!held) {
    // Loaded at run time, out of the bundler's sight: a built-in module of Node 22.5 and later.
    const { DatabaseSync: Sqlite } = process.getBuiltinModule('node:sqlite');
    mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
    // The lock file is created once and never deleted: deleting it could let two processes lock
    // two different files of the same name.
    const database = takeExclusive(`${dataDir}.lock.sqlite`, dataDir, ownerFile, Sqlite);
    const me: LockOwner = {
      pid: process.pid,
      host: hostname(),
      startedAt: new Date().toISOString(),
      command: commandOf(process.pid),
    };
    const temporary = `${ownerFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(me));
    renameSync(temporary, ownerFile);
    held = { holders: 0, database, ownerFile };
    locks.set(dataDir, held);
    process.once('exit', () => releaseAll(dataDir));
  }
  held.holders += 1;
  let released = false;
  return {
    lockFile: ownerFile,
    release: () => {
      if (released) return;
      released = true;
      const current = locks.get(dataDir);
      if (!current) return;
      current.holders -= 1;
      if (current.holders <= 0) releaseAll(dataDir);
    },
  };
}

function releaseAll(dataDir: string): void {
  const locks = heldLocks();
  const held = locks.get(dataDir);
  if (!held) return;
  locks.delete(dataDir);
  // Only remove the owner file while it still names us (it always should).
  if (readOwner(held.ownerFile)?.pid === process.pid) {
    try {
      unlinkSync(held.ownerFile);
    } catch {
      // Already gone.
    }
  }
  try {
    held.database.close();
  } catch {
    // Closing ends the transaction, and with it the lock; a failure here ends with the process.
  }
}
