import { handleMessage } from '@/lib/submissions/endpoints';

/** POST /api/messages/ with JSON sender_name, sender_email, message (see lib/submissions/endpoints.ts). */
export function POST(request: Request): Promise<Response> {
  return handleMessage(request);
}
