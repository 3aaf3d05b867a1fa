import { handleServiceRequest } from '@/lib/api/submissions';

/** POST /api/serviceRequests/ with JSON name, email, needs (see lib/api/submissions.ts). */
export function POST(request: Request): Promise<Response> {
  return handleServiceRequest(request);
}
