import { serveList } from '@/lib/api/respond';

/** GET /api/resourceCarouselImages/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('resourceCarouselImages');
}
