import { serveList } from '@/lib/api/respond';

/** GET /api/designs/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('designs');
}
