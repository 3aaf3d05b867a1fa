import { serveList } from '@/lib/api/respond';

/** GET /api/eventHeroImage/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('eventHeroImage');
}
