import { serveList } from '@/lib/api/respond';

/** GET /api/sponsorImages/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('sponsorImages');
}
