import { inCopyWords } from '@/lib/copy/answer-response';
import { NO_ENDPOINT_ANSWER_KEYS } from '@/lib/copy/answers';
import { apiError } from '@/lib/http/api-errors';

/**
 * Any /api/... path that is not an endpoint of the contract: a JSON 404, like the contract's own
 * failures, instead of the site's HTML not-found page.
 */
function notFound(): Promise<Response> {
  return inCopyWords(apiError('not_found'), NO_ENDPOINT_ANSWER_KEYS);
}

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
