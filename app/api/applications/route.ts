import { handleApplication } from '@/lib/api/submissions';

/**
 * POST /api/applications/ with multipart/form-data applicant_name, applicant_email, position and
 * the file resume_file (see lib/api/submissions.ts).
 */
export function POST(request: Request): Promise<Response> {
  return handleApplication(request);
}
