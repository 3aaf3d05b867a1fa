import { unstable_rethrow } from 'next/navigation';
import { getMembershipPage } from '@/lib/content';
import { inCopyWords } from '@/lib/copy/answer-response';
import { MEMBERSHIP_ANSWER_KEYS } from '@/lib/copy/answers';
import { handleApplicationConfirmation } from '@/lib/memberships/public-endpoints';

/** The Studio's 'what happens next' for the email with how to pay; null when it cannot be read. */
async function publishedNextSteps(): Promise<string | null> {
  try {
    return (await getMembershipPage({ perspective: 'published' }))?.nextSteps ?? null;
  } catch (error) {
    unstable_rethrow(error);
    console.error('Failed to load the membership pages content for the application email.');
    return null;
  }
}

/** POST /api/membership/applications/confirm/ (see lib/memberships/public-endpoints.ts). */
export async function POST(request: Request): Promise<Response> {
  return inCopyWords(
    await handleApplicationConfirmation(request, { nextSteps: publishedNextSteps }),
    MEMBERSHIP_ANSWER_KEYS,
  );
}
