import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * PGlite takes no lock of its own: two processes that open the same data folder both appear to
 * work and silently lose rows. This file lock (`<data folder>.lock`, holding the owner's pid)
 * makes the second process fail at once with a message that names the first.
 */

type LockOwner = { pid: number; host: string; startedAt: string; command: string };

export class DataFolderInUseError extends Error {
  readonly owner: LockOwner;
  readonly lockFile: string;
  constructor(dataDir: string, lockFile: string, owner: LockOwner) {
    super(
      `The embedded database folder ${dataDir} is already in use by process ${owner.pid}` +
        ` (${owner.command || 'unknown command'}, since ${owner.startedAt}). PGlite allows one` +
        ` process per data folder: stop that process, give this one another PGLITE_DATA_DIR, or` +
        ` set DATABASE_URL to share a PostgreSQL server. If process ${owner.pid} is not a TCSA` +
        ` server, delete ${lockFile} and try again.`,
    );
    this.name = 'DataFolderInUseError';
    this.owner = owner;
    this.lockFile = lockFile;
  }
}

function readOwner(lockFile: string): LockOwner | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(lockFile, 'utf8'));
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
    // Unreadable or half-written: treated as stale below.
  }
  return null;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false; // Our own pid from a previous life (a restarted container).
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
    return process.argv.slice(0, 3).join(' ');
  }
}

export type DataFolderLock = { lockFile: string; release: () => void };

/**
 * Takes the lock of `dataDir`, or throws DataFolderInUseError when a live process holds it. A
 * lock left by a process that died (killed, crashed) is taken over.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  const lockFile = `${dataDir}.lock`;
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    command: commandOf(process.pid),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(lockFile, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockFile);
      if (owner && isAlive(owner.pid)) {
        throw new DataFolderInUseError(dataDir, lockFile, {
          ...owner,
          command: commandOf(owner.pid) || owner.command,
        });
      }
      try {
        unlinkSync(lockFile);
      } catch {
        // Another process removed it first; try again.
      }
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(me));
    } finally {
      closeSync(fd);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      // Only remove the file while it is still ours.
      if (readOwner(lockFile)?.pid === process.pid) {
        try {
          unlinkSync(lockFile);
        } catch {
          // Already gone.
        }
      }
    };
    process.on('exit', release);
    return { lockFile, release };
  }
  throw new Error(`Could not take the lock ${lockFile}; another process keeps replacing it.`);
}
