import { inCopyWords } from '@/lib/copy/answer-response';
import { MEMBERSHIP_ANSWER_KEYS } from '@/lib/copy/answers';
import { handleChangeRequestConfirmation } from '@/lib/memberships/public-endpoints';

/** POST /api/membership/change-requests/confirm/ (see lib/memberships/public-endpoints.ts). */
export async function POST(request: Request): Promise<Response> {
  return inCopyWords(await handleChangeRequestConfirmation(request), MEMBERSHIP_ANSWER_KEYS);
}
