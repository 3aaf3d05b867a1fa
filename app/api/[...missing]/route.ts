import { apiError } from '@/lib/http/api-errors';

/**
 * Any /api/... path that is not an endpoint of the contract: a JSON 404, like the contract's own
 * failures, instead of the site's HTML not-found page.
 */
function notFound(): Response {
  return apiError('not_found');
}

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
