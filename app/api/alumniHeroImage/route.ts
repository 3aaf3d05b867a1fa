import { serveList } from '@/lib/api/respond';

/** GET /api/alumniHeroImage/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('alumniHeroImage');
}
