import 'server-only';
import { constantTimeEqual } from '@/lib/csrf';
import { getDb } from '@/lib/db/client';
import { getServerEnv } from '@/lib/env/server';
import { NO_STORE, apiError } from '@/lib/http';
import { runTick } from './tick';

/**
 * POST /api/cron/tick: the scheduled work for platforms without a long-lived server process,
 * called with `Authorization: Bearer <CRON_SECRET>`. Answers what it did.
 */
export async function handleCronTick(request: Request): Promise<Response> {
  const secret = getServerEnv().CRON_SECRET;
  if (!secret) return apiError('cron_not_configured');
  const header = request.headers.get('authorization') ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  if (!constantTimeEqual(given, secret)) return apiError('cron_unauthorized');
  try {
    const report = await runTick(await getDb());
    return Response.json(
      {
        reminders_queued: report.reminders,
        emails_sent: report.delivery.sent,
        emails_failed: report.delivery.failed,
        smtp_configured: report.delivery.skipped === null,
      },
      { headers: NO_STORE },
    );
  } catch (error) {
    console.error('POST /api/cron/tick failed:', error);
    return apiError('server_error', { message: 'The scheduled work failed; see the server log.' });
  }
}
