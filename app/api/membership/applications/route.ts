import { inCopyWords } from '@/lib/copy/answer-response';
import { MEMBERSHIP_ANSWER_KEYS } from '@/lib/copy/answers';
import { handleMembershipApplication } from '@/lib/memberships/public-endpoints';

/** POST /api/membership/applications/ (see lib/memberships/public-endpoints.ts). */
export async function POST(request: Request): Promise<Response> {
  return inCopyWords(await handleMembershipApplication(request), MEMBERSHIP_ANSWER_KEYS);
}
