import { handleRegistration } from '@/lib/api/registration';

/** POST /api/events/{id}/register/ with JSON first_name, last_name, email (see lib/api/registration.ts). */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  return handleRegistration(request, (await params).id);
}
