import 'server-only';
import { getServerEnv } from '@/lib/env/server';
import { invalidatePageCache } from '@/lib/http/page-cache';
import { listenForPublished } from './channel';
import { startNewReadGeneration } from './read-generation';

/**
 * Started with the server (instrumentation.ts) when the site runs on PostgreSQL: another
 * instance's change drops this one's cached reads and pages, so every instance shows it within
 * a second or two.
 */
export async function followOtherInstances(): Promise<void> {
  const databaseUrl = getServerEnv().DATABASE_URL;
  if (!databaseUrl) return;
  try {
    await listenForPublished(databaseUrl, () => {
      startNewReadGeneration();
      invalidatePageCache();
    });
  } catch (error) {
    console.error(
      'Could not listen for changes made on other instances; they will show here within a minute:',
      error,
    );
  }
}
