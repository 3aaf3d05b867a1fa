import 'server-only';
import { constantTimeEqual } from '@/lib/http/csrf';
import { getDb } from '@/lib/db/client';
import { getServerEnv } from '@/lib/env/server';
import { NO_STORE, apiError } from '@/lib/http/api-errors';
import { recordScheduledRun, runTick } from './tick';

/**
 * The token of an `Authorization: Bearer <token>` header, or '' for any other header. The scheme
 * name is case-insensitive (RFC 9110, section 11.1), so schedulers that send `bearer` or `BEARER`
 * are understood; one or more spaces may follow it.
 */
export function bearerToken(header: string | null): string {
  return /^bearer +(.*)$/i.exec(header ?? '')?.[1] ?? '';
}

export const CRON_FAILED_MESSAGE = 'The scheduled work failed; see the server log.';

/**
 * POST /api/cron/tick: the scheduled work for platforms without a long-lived server process,
 * called with `Authorization: Bearer <CRON_SECRET>`. Answers what it did.
 */
export async function handleCronTick(request: Request): Promise<Response> {
  const secret = getServerEnv().CRON_SECRET;
  if (!secret) return apiError('cron_not_configured');
  if (!constantTimeEqual(bearerToken(request.headers.get('authorization')), secret)) {
    return apiError('cron_unauthorized');
  }
  const startedAt = new Date();
  try {
    const report = await runTick(await getDb());
    await recordScheduledRun(startedAt);
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
    await recordScheduledRun(startedAt, error);
    console.error('POST /api/cron/tick failed:', error);
    return apiError('server_error', { message: CRON_FAILED_MESSAGE });
  }
}
