import { serveList } from '@/lib/api/respond';

/** GET /api/homeHeroMedia/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('homeHeroMedia');
}
