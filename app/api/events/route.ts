import { serveList } from '@/lib/api/respond';

/** GET /api/events/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('events');
}
