import { handleCronTick } from '@/lib/jobs/cron-route';

/** POST /api/cron/tick: reminders and email delivery for an outside scheduler (lib/jobs). */
export async function POST(request: Request): Promise<Response> {
  return handleCronTick(request);
}
