import { handleMemberIdRequest } from '@/lib/memberships/public-endpoints';

/** POST /api/membership/member-id/ (see lib/memberships/public-endpoints.ts). */
export function POST(request: Request): Promise<Response> {
  return handleMemberIdRequest(request);
}
