import { handleChangeRequest } from '@/lib/memberships/public-endpoints';

/** POST /api/membership/change-requests/ (see lib/memberships/public-endpoints.ts). */
export function POST(request: Request): Promise<Response> {
  return handleChangeRequest(request);
}
