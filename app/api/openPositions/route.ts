import { serveList } from '@/lib/api/respond';

/** GET /api/openPositions/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('openPositions');
}
