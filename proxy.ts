import { type NextRequest, NextResponse } from 'next/server';
import {
  CSRF_COOKIE,
  createCsrfToken,
  csrfCookie,
  isSecureRequest,
  isWellFormedCsrfToken,
} from '@/lib/csrf';
import { projectId as sanityProjectId } from '@/lib/content/env';
import { NONCE_HEADER } from '@/lib/nonce-header';
import {
  PAGE_CACHE_HEADER,
  PAGE_RENDER_HEADER,
  pageCacheKey,
  sitePageCache,
} from '@/lib/page-cache';
import { contentSecurityPolicy, createNonce, isStudioPath } from '@/lib/security-headers.mjs';

/**
 * Runs before every page request (not /api, not static files):
 * - a page path with a trailing slash is redirected (308) to the path without it, since
 *   next.config.mjs turns Next.js's own slash redirects off so that the API's /api/events/ paths
 *   answer directly;
 * - a visitor without a valid `csrftoken` cookie gets one, so the registration form can send it
 *   back in the X-CSRFToken header (see lib/csrf.ts);
 * - every page gets its Content-Security-Policy with a fresh nonce (lib/security-headers.mjs).
 *   Next.js reads the policy from the request headers and puts the nonce on its own scripts;
 *   server components read it from `x-nonce` (lib/nonce.ts). The other security headers are
 *   sent on every path, static files and the API included, by next.config.mjs;
 * - in production, a page is answered from the page cache when it can be, with this answer's own
 *   nonce in it (lib/page-cache.ts). The cache's own renders come through here too: they get the
 *   nonce the cache chose, so that it can find it again, and no cookie.
 */
export function proxy(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  if (pathname.length > 1 && pathname.endsWith('/')) {
    // A plain URL: NextURL would keep the trailing slash it was parsed with.
    const url = new URL(request.url);
    url.pathname = pathname.replace(/\/+$/, '') || '/';
    url.search = search;
    return NextResponse.redirect(url, 308);
  }

  const production = process.env.NODE_ENV === 'production';
  const studio = isStudioPath(pathname);
  const cache = production && !studio ? sitePageCache() : null;
  const renderId = cache?.renderIdOf(request.headers) ?? null;
  // The Studio is prerendered: a nonce could never reach its scripts (see its policy).
  const nonce = studio ? undefined : (renderId ?? createNonce());
  const policy = contentSecurityPolicy({ nonce, studio, dev: !production, sanityProjectId });

  const cacheKey = cache && !renderId ? pageCacheKey(request) : null;
  const cached = cacheKey && nonce ? cache?.answer(cacheKey, request.url, nonce) : null;
  let response: NextResponse;
  if (cached) {
    response = new NextResponse(asStream(cached.body), { status: 200, headers: cached.headers });
    response.headers.set(PAGE_CACHE_HEADER, cached.status);
  } else {
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set('content-security-policy', policy);
    if (nonce) requestHeaders.set(NONCE_HEADER, nonce);
    else requestHeaders.delete(NONCE_HEADER);
    // Only the cache's own renders carry a render id, and the page sees just the id.
    if (renderId) requestHeaders.set(PAGE_RENDER_HEADER, renderId);
    else requestHeaders.delete(PAGE_RENDER_HEADER);
    response = NextResponse.next({ request: { headers: requestHeaders } });
    if (cacheKey) response.headers.set(PAGE_CACHE_HEADER, 'miss');
  }
  response.headers.set('Content-Security-Policy', policy);
  if (!renderId && !isWellFormedCsrfToken(request.cookies.get(CSRF_COOKIE)?.value)) {
    response.cookies.set(csrfCookie(createCsrfToken(), isSecureRequest(request)));
  }
  return response;
}

/**
 * The bytes as a one-chunk stream. A Response given the bytes themselves copies them twice
 * before sending (most of a cached answer's cost); a stream hands them over as they are.
 */
function asStream(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

export const config = {
  matcher: [
    // Everything except the API, Next.js's own files, the media folder and files with an extension.
    '/((?!api(?:/|$)|_next/|media/|.*\\.[A-Za-z0-9]+$).*)',
  ],
};
