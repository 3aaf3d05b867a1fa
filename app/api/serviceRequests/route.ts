import { handleServiceRequest } from '@/lib/submissions/endpoints';

/** POST /api/serviceRequests/ with JSON name, email, needs (see lib/submissions/endpoints.ts). */
export function POST(request: Request): Promise<Response> {
  return handleServiceRequest(request);
}
