import 'server-only';
import { getDatabase } from '@/lib/db/client';
import { NO_STORE } from '@/lib/http/api-errors';
import { constantTimeEqual } from '@/lib/http/csrf';
import { bearerToken } from '@/lib/jobs/cron-route';
import { DATA_DIR_HEADER, isDumpablePglite, readBackupToken } from './site-dump';

function refused(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: NO_STORE });
}

/**
 * POST /api/backup with `Authorization: Bearer <token of <data folder>.backup-token>`: the
 * embedded database's data folder, gzipped, taken by this server (see ./site-dump.ts).
 */
export async function handleBackupRequest(request: Request): Promise<Response> {
  const handle = await getDatabase();
  if (handle.kind !== 'pglite' || handle.location === 'memory://') {
    return refused(
      404,
      'This site has no embedded data folder to back up; on PostgreSQL, npm run db:backup uses pg_dump.',
    );
  }
  const token = await readBackupToken(handle.location);
  if (!token) {
    return refused(
      404,
      'Backups through the site are not set up: run npm run db:backup on this server.',
    );
  }
  if (!constantTimeEqual(bearerToken(request.headers.get('authorization')), token)) {
    // Says nothing of where the data folder is: the caller is not known yet.
    return refused(401, 'The backup token does not match the one beside the data folder.');
  }
  const client = (handle.db as unknown as { $client?: unknown }).$client;
  if (!isDumpablePglite(client)) {
    return refused(500, 'The embedded database client cannot dump its data folder.');
  }
  try {
    const dump = await client.dumpDataDir('gzip');
    return new Response(dump.stream(), {
      headers: {
        ...NO_STORE,
        'Content-Type': 'application/gzip',
        'Content-Length': String(dump.size),
        [DATA_DIR_HEADER]: encodeURIComponent(handle.location),
      },
    });
  } catch (error) {
    console.error('POST /api/backup failed:', error);
    return refused(500, 'The backup failed; see the server log.');
  }
}
