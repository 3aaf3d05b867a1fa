import { inCopyWords } from '@/lib/copy/answer-response';
import { handleRegistration } from '@/lib/registrations/register-endpoint';

/** POST /api/events/{id}/register/ with JSON first_name, last_name, email (see lib/registrations/register-endpoint.ts). */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  return inCopyWords(await handleRegistration(request, (await params).id));
}
