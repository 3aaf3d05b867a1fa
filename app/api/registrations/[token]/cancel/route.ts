import { inCopyWords } from '@/lib/copy/answer-response';
import { handleSelfCancel } from '@/lib/registrations/manage-endpoint';

/** POST /api/registrations/{token}/cancel/: the manage page's 'Cancel my registration'. */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ token: string }> },
): Promise<Response> {
  return inCopyWords(await handleSelfCancel(request, (await params).token));
}
