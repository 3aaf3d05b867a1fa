import { handleDoctorRequest } from '@/lib/admin/system-route';
import { inCopyWords } from '@/lib/copy/answer-response';
import { DOCTOR_ANSWER_KEYS } from '@/lib/copy/answers';

export const dynamic = 'force-dynamic';

/** GET /api/doctor: the System page's checks, for npm run doctor (token in the data folder). */
export async function GET(request: Request): Promise<Response> {
  return inCopyWords(await handleDoctorRequest(request), DOCTOR_ANSWER_KEYS);
}
