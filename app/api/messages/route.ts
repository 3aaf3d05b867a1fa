import { inCopyWords } from '@/lib/copy/answer-response';
import { handleMessage } from '@/lib/submissions/endpoints';

/** POST /api/messages/ with JSON sender_name, sender_email, message (see lib/submissions/endpoints.ts). */
export async function POST(request: Request): Promise<Response> {
  return inCopyWords(await handleMessage(request));
}
