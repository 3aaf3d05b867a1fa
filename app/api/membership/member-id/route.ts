import { inCopyWords } from '@/lib/copy/answer-response';
import { MEMBERSHIP_ANSWER_KEYS } from '@/lib/copy/answers';
import { handleMemberIdRequest } from '@/lib/memberships/public-endpoints';

/** POST /api/membership/member-id/ (see lib/memberships/public-endpoints.ts). */
export async function POST(request: Request): Promise<Response> {
  return inCopyWords(await handleMemberIdRequest(request), MEMBERSHIP_ANSWER_KEYS);
}
