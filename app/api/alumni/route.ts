import { serveList } from '@/lib/api/respond';

/** GET /api/alumni/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('alumni');
}
