import { inCopyWords } from '@/lib/copy/answer-response';
import { handleServiceRequest } from '@/lib/submissions/endpoints';

/** POST /api/serviceRequests/ with JSON name, email, needs (see lib/submissions/endpoints.ts). */
export async function POST(request: Request): Promise<Response> {
  return inCopyWords(await handleServiceRequest(request));
}
