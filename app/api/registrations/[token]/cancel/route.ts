import { handleSelfCancel } from '@/lib/api/registration-manage';

/** POST /api/registrations/{token}/cancel/: the manage page's 'Cancel my registration'. */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ token: string }> },
): Promise<Response> {
  return handleSelfCancel(request, (await params).token);
}
