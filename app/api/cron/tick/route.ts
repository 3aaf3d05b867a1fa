import { inCopyWords } from '@/lib/copy/answer-response';
import { CRON_ANSWER_KEYS } from '@/lib/copy/answers';
import { handleCronTick } from '@/lib/jobs/cron-route';

/** POST /api/cron/tick: reminders and email delivery for an outside scheduler (lib/jobs). */
export async function POST(request: Request): Promise<Response> {
  return inCopyWords(await handleCronTick(request), CRON_ANSWER_KEYS);
}
