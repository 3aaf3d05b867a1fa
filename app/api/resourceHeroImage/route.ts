import { serveList } from '@/lib/api/respond';

/** GET /api/resourceHeroImage/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('resourceHeroImage');
}
