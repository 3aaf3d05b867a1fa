import { handleMembershipApplication } from '@/lib/memberships/public-endpoints';

/** POST /api/membership/applications/ (see lib/memberships/public-endpoints.ts). */
export function POST(request: Request): Promise<Response> {
  return handleMembershipApplication(request);
}
