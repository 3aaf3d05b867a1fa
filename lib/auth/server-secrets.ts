import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { serverSecrets } from '@/lib/db/schema';
import { randomHex } from '@/lib/http/random-hex.mjs';

/**
 * A secret the server keeps in the database, made the first time it is asked for: every
 * instance on one database gets the same value, and a restart keeps it.
 */
export async function getServerSecret(db: Database, name: string): Promise<string> {
  // Concurrent first calls both insert; the primary key keeps the first, and both read it.
  await db
    .insert(serverSecrets)
    .values({ name, value: randomHex(32) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`The server secret ${name} could not be stored.`);
  return row.value;
}
