import { handleBackupRequest } from '@/lib/db/backup/site-route';

/** POST /api/backup: the embedded database, dumped by the running site for npm run db:backup. */
export async function POST(request: Request): Promise<Response> {
  return handleBackupRequest(request);
}
