import { handleMessage } from '@/lib/api/submissions';

/** POST /api/messages/ with JSON sender_name, sender_email, message (see lib/api/submissions.ts). */
export function POST(request: Request): Promise<Response> {
  return handleMessage(request);
}
