import { type NextRequest, NextResponse } from 'next/server';
import {
  CSRF_COOKIE,
  createCsrfToken,
  csrfCookie,
  isSecureRequest,
  isWellFormedCsrfToken,
} from '@/lib/csrf';

/**
 * Runs before every page request (not /api, not static files):
 * - a page path with a trailing slash is redirected (308) to the path without it, since
 *   next.config.mjs turns Next.js's own slash redirects off so that the API's /api/events/ paths
 *   answer directly;
 * - a visitor without a valid `csrftoken` cookie gets one, so the registration form can send it
 *   back in the X-CSRFToken header (see lib/csrf.ts).
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname.length > 1 && pathname.endsWith('/')) {
    // A plain URL: NextURL would keep the trailing slash it was parsed with.
    const url = new URL(request.url);
    url.pathname = pathname.replace(/\/+$/, '') || '/';
    url.search = search;
    return NextResponse.redirect(url, 308);
  }

  const response = NextResponse.next();
  if (!isWellFormedCsrfToken(request.cookies.get(CSRF_COOKIE)?.value)) {
    response.cookies.set(csrfCookie(createCsrfToken(), isSecureRequest(request)));
  }
  return response;
}

export const config = {
  matcher: [
    // Everything except the API, Next.js's own files, the media folder and files with an extension.
    '/((?!api(?:/|$)|_next/|media/|.*\\.[A-Za-z0-9]+$).*)',
  ],
};
