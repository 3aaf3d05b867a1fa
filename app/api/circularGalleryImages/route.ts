import { serveList } from '@/lib/api/respond';

/** GET /api/circularGalleryImages/ (spec section 7). */
export function GET(): Promise<Response> {
  return serveList('circularGalleryImages');
}
