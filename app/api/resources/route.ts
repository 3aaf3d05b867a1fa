import { serveList } from '@/lib/api/respond';

/** GET /api/resources/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('resources');
}
