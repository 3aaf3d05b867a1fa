import { serveList } from '@/lib/api/respond';

/** GET /api/joinUsHeroImage/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('joinUsHeroImage');
}
