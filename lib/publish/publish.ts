import 'server-only';
import { sql } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import { invalidateJsonAnswers } from '@/lib/api/json-answers';
import { DATABASE_CACHE_TAGS } from '@/lib/api/sources';
import { getDatabase } from '@/lib/db/client';
import { invalidatePageCache } from '@/lib/http/page-cache';
import { PUBLISH_CHANNEL, publishPayload } from './channel';

export type DatabaseTag = (typeof DATABASE_CACHE_TAGS)[number];

/**
 * After the console changed what the site shows: the cached reads of those tables and every
 * cached page go, on this instance at once, and on the other instances of a PostgreSQL
 * deployment as soon as they hear the NOTIFY (lib/publish/listen.ts). Called from Server
 * Actions, after the change is committed.
 */
export async function publishChange(tags: readonly DatabaseTag[]): Promise<void> {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  invalidatePageCache();
  invalidateJsonAnswers(tags);
  const database = await getDatabase();
  if (database.kind !== 'postgres') return;
  try {
    await database.db.execute(
      // pg_notify takes the channel as a value, so no identifier is built from text.
      sqlNotify(tags),
    );
  } catch (error) {
    // The change is saved and this instance shows it; the others catch up within CACHE_SECONDS.
    console.error('Telling the other instances about a change failed:', error);
  }
}

function sqlNotify(tags: readonly DatabaseTag[]) {
  return sql`select pg_notify(${PUBLISH_CHANNEL}, ${publishPayload(tags)})`;
}
