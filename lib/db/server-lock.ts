import path from 'node:path';
import { configuredOpenOptions } from './client';
import { DataFolderInUseError, lockDataFolder } from './lock';

/**
 * The server's hold on its embedded data folder, taken at start (instrumentation.ts) and kept
 * for the process's life. Nothing to hold with DATABASE_URL or an in-memory database. A folder
 * held by another process (or a lock that cannot be taken at all) ends this one with exit code 1
 * and a message naming the holder.
 */
export function holdConfiguredDataFolder(): void {
  const { databaseUrl, dataDir } = configuredOpenOptions();
  if (databaseUrl || !dataDir || dataDir === 'memory://') return;
  try {
    lockDataFolder(path.resolve(dataDir));
  } catch (error) {
    // A server that cannot hold its data folder would only answer 500s: it does not start.
    const reason =
      error instanceof DataFolderInUseError
        ? error.message
        : `the lock of the embedded database folder ${path.resolve(dataDir)} could not be taken: ${(error as Error).message}`;
    console.error(`The TCSA site cannot start: ${reason}`);
    process.exit(1);
  }
}
