import { serveList } from '@/lib/api/respond';

/** GET /api/servicesBgImages/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('servicesBgImages');
}
