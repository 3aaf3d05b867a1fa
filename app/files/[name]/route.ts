import { MEDIA_CONTENT_SECURITY_POLICY } from '@/lib/http/security-headers.mjs';
import { byteRange } from '@/lib/media/range';
import { contentTypeOf, isMediaName, mediaStore } from '@/lib/media/store';

/**
 * The console's stored media (lib/media/store.ts) at /files/<content hash>.<ext>. A name is the
 * hash of the content, so the answer never changes and browsers keep it for a year. Byte ranges
 * are served, which Safari needs to play a video.
 */

const YEAR = 60 * 60 * 24 * 365;

function notFound(): Response {
  return new Response('Not found', {
    status: 404,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Security-Policy': MEDIA_CONTENT_SECURITY_POLICY,
      'Cache-Control': 'no-store',
    },
  });
}

async function answer(request: Request, name: string, withBody: boolean): Promise<Response> {
  if (!isMediaName(name)) return notFound();
  const media = await mediaStore().get(name);
  if (!media) return notFound();
  const headers = new Headers({
    'Content-Type': contentTypeOf(name),
    'Cache-Control': `public, max-age=${YEAR}, immutable`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': MEDIA_CONTENT_SECURITY_POLICY,
    'Accept-Ranges': 'bytes',
  });
  const rangeHeader = request.headers.get('range');
  if (rangeHeader) {
    const range = byteRange(rangeHeader, media.size);
    if (!range) {
      headers.set('Content-Range', `bytes */${media.size}`);
      return new Response(null, { status: 416, headers });
    }
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${media.size}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
    return new Response(withBody ? media.stream(range) : null, { status: 206, headers });
  }
  headers.set('Content-Length', String(media.size));
  return new Response(withBody ? media.stream() : null, { status: 200, headers });
}

type Context = { params: Promise<{ name: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return answer(request, (await params).name, true);
}

export async function HEAD(request: Request, { params }: Context): Promise<Response> {
  return answer(request, (await params).name, false);
}
