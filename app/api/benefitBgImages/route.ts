import { serveList } from '@/lib/api/respond';

/** GET /api/benefitBgImages/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('benefitBgImages');
}
