import { getDb } from '@/lib/db/client';
import { getServerEnv } from '@/lib/env/server';
import { apiError, NO_STORE } from '@/lib/http/api-errors';
import { databaseFingerprint, testRecords } from '@/lib/testing/database-fingerprint';

/**
 * GET /api/test-hooks/database/: the database's fingerprint, or with `?view=records` the ids a
 * test aims at (lib/testing/database-fingerprint.ts), for the end-to-end tests of a server
 * started with TCSA_ENABLE_TEST_FAULTS=1 only. Anywhere else it is what any unknown API path
 * is: a JSON 404.
 */
export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  if (getServerEnv().TCSA_ENABLE_TEST_FAULTS !== '1') return apiError('not_found');
  const db = await getDb();
  const view = new URL(request.url).searchParams.get('view');
  const body = view === 'records' ? await testRecords(db) : await databaseFingerprint(db);
  return Response.json(body, { headers: NO_STORE });
}
