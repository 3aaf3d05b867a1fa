import { serveList } from '@/lib/api/respond';

/** GET /api/sponsors/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('sponsors');
}
