import { serveList } from '@/lib/api/respond';

/** GET /api/members/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('members');
}
