import { inCopyWords } from '@/lib/copy/answer-response';
import { handleApplication } from '@/lib/submissions/endpoints';

/**
 * POST /api/applications/ with multipart/form-data applicant_name, applicant_email, position and
 * the file resume_file (see lib/submissions/endpoints.ts).
 */
export async function POST(request: Request): Promise<Response> {
  return inCopyWords(await handleApplication(request));
}
