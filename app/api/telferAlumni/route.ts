import { serveList } from '@/lib/api/respond';

/** GET /api/telferAlumni/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('telferAlumni');
}
