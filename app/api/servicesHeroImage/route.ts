import { serveList } from '@/lib/api/respond';

/** GET /api/servicesHeroImage/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('servicesHeroImage');
}
