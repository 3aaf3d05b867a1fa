import { handleDoctorRequest } from '@/lib/admin/system-route';

export const dynamic = 'force-dynamic';

/** GET /api/doctor: the System page's checks, for npm run doctor (token in the data folder). */
export async function GET(request: Request): Promise<Response> {
  return handleDoctorRequest(request);
}
