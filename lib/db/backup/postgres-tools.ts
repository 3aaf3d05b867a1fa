import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The major version of a `server_version_num` (170005 → 17). */
export function majorVersion(serverVersionNum: string | number): number {
  return Math.floor(Number(serverVersionNum) / 10_000);
}

/**
 * PostgreSQL's pg_dump or pg_restore of the server's major version: Debian installs each version
 * under /usr/lib/postgresql/<major>/bin (postgresql-client-<major>), and the one on PATH is used
 * when its version is the same. A pg_dump older than the server refuses to dump it, and an archive
 * written by a newer pg_dump cannot be read by an older pg_restore, so the versions must match.
 */
export async function postgresTool(name: 'pg_dump' | 'pg_restore', major: number): Promise<string> {
  const debianPath = `/usr/lib/postgresql/${major}/bin/${name}`;
  if (existsSync(debianPath)) return debianPath;
  try {
    const { stdout } = await run(name, ['--version']);
    const found = /(\d+)(?:\.\d+)?/.exec(stdout)?.[1];
    if (Number(found) === major) return name;
  } catch {
    // Not on PATH: the message below says what to install.
  }
  throw new BackupError(
    `${name} ${major} is needed for this PostgreSQL ${major} server and was not found. On Debian or` +
      ` Ubuntu install it with "sudo apt-get install postgresql-client-${major}" (from` +
      ` apt.postgresql.org when your release does not carry version ${major}), then run this again.`,
  );
}

/** The server address without its password, and the password for PGPASSWORD (not on the command line). */
export function connectionForTools(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { url: url.toString(), env };
}

/** Runs a PostgreSQL tool; its own error output becomes the message when it fails. */
export async function runTool(command: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(command, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new BackupError(`${command} failed: ${stderr || (error as Error).message}`);
  }
}
