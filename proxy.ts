import { type NextRequest, NextResponse } from 'next/server';
import {
  CSRF_COOKIE,
  createCsrfToken,
  csrfCookie,
  isFromOwnOrigin,
  isSecureRequest,
  isWellFormedCsrfToken,
} from '@/lib/http/csrf';
import { sanityProject } from '@/lib/content/project';
import { getServerEnv } from '@/lib/env/server';
import { isTrustedOrigin, setApiHeaders } from '@/lib/http/api-headers';
import { NONCE_HEADER } from '@/lib/http/nonce-header';
import { freshJson, listSourceAt } from '@/lib/api/json-answers';
import { currentReadGeneration } from '@/lib/publish/read-generation';
import { TEST_FAULT_COOKIE } from '@/lib/testing/fault-cookie';
import { PUBLISHED_VIEW_PARAM } from '@/lib/content/preview';
import {
  type CachedAnswer,
  PAGE_CACHE_HEADER,
  PAGE_RENDER_HEADER,
  pageCacheKey,
  parsePageKey,
  serverRenderOrigin,
  sitePageCache,
} from '@/lib/http/page-cache';
import {
  API_CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  createNonce,
  isStudioPath,
} from '@/lib/http/security-headers.mjs';

/**
 * Runs before every request:
 * - an address with malformed percent-encoding (`/%ff`, `/_next/static/%ff.js`) is answered
 *   here, before Next.js's router fails to decode it with a bare 500: 400 in JSON under /api,
 *   the site's not-found page elsewhere; Next.js's own build files pass untouched otherwise;
 * - `/api/...`: a GET without a valid `csrftoken` cookie gets one, as Django's
 *   `ensure_csrf_cookie` does, so a client that only calls the API can post what it received;
 *   a page of a trusted origin (CSRF_TRUSTED_ORIGINS) may call the API from the browser (CORS);
 * - a page path with a trailing slash is redirected (308) to the path without it, since
 *   next.config.mjs turns Next.js's own slash redirects off so that the API's /api/events/ paths
 *   answer directly;
 * - a visitor without a valid `csrftoken` cookie gets one, so the registration form can send it
 *   back in the X-CSRFToken header (see lib/http/csrf.ts);
 * - every HTML answer gets its Content-Security-Policy with a fresh nonce (lib/http/security-headers.mjs),
 *   file-like paths too, whose answer may be the not-found page. Next.js reads the policy from
 *   the request headers and puts the nonce on its own scripts; server components read it from
 *   `x-nonce` (lib/http/nonce.ts). The other security headers are sent on every path by
 *   next.config.mjs;
 * - the console (/admin): a request that changes something must come from the site's own origin
 *   (403 otherwise), and its pages are never cached by anyone nor indexed;
 * - in production, a page is answered from the page cache when it can be, with this answer's own
 *   nonce in it (lib/http/page-cache.ts). The cache's own renders come through here too: they get the
 *   nonce the cache chose, so that it can find it again, and no cookie.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const api = pathname === '/api' || pathname.startsWith('/api/');
  if (!isWellEncoded(pathname)) return malformedAddress(request, api);
  // Next.js's own build files carry no HTML and never change: nothing to add.
  if (pathname.startsWith('/_next/')) return NextResponse.next();
  if (api) return apiAnswer(request);

  const studio = isStudioPath(pathname);
  const consolePath = isConsolePath(pathname);
  if (consolePath && request.method !== 'GET' && request.method !== 'HEAD') {
    if (!isFromOwnOrigin(request, { siteUrl: getServerEnv().NEXT_PUBLIC_SITE_URL })) {
      return refusedCrossOriginPost();
    }
  }
  const file = !studio && isFilePath(pathname);
  if (!file && pathname.length > 1 && pathname.endsWith('/')) {
    // A plain URL: NextURL would keep the trailing slash it was parsed with.
    const url = new URL(request.url);
    url.pathname = pathname.replace(/\/+$/, '') || '/';
    url.search = search;
    return NextResponse.redirect(url, 308);
  }

  const production = process.env.NODE_ENV === 'production';
  const renderOrigin = production && !studio ? serverRenderOrigin() : null;
  const cache = renderOrigin ? sitePageCache() : null;
  const renderId = cache?.renderIdOf(request.headers) ?? null;
  // The Studio's scripts carry no nonce: it has a policy of its own (see contentSecurityPolicy).
  const nonce = studio ? undefined : (renderId ?? createNonce());
  const policy = contentSecurityPolicy({
    nonce,
    studio,
    dev: !production,
    sanityProjectId: sanityProject()?.projectId,
  });

  const cacheKey = cache && !renderId && !file && !consolePath ? pageCacheKey(request) : null;
  let answer: CachedAnswer | null = null;
  if (cache && cacheKey && nonce) {
    const url = `${renderOrigin}${parsePageKey(cacheKey).path}`;
    answer = cache.answer(cacheKey, url, nonce) ?? (await cache.render(cacheKey, url, nonce));
  }
  let response: NextResponse;
  if (answer) {
    response = new NextResponse(asStream(answer.body), {
      status: answer.statusCode,
      headers: answer.headers,
    });
    response.headers.set(PAGE_CACHE_HEADER, answer.status);
  } else {
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set('content-security-policy', policy);
    if (nonce) requestHeaders.set(NONCE_HEADER, nonce);
    else requestHeaders.delete(NONCE_HEADER);
    // Only the cache's own renders carry a render id, and the page sees just the id.
    if (renderId) requestHeaders.set(PAGE_RENDER_HEADER, renderId);
    else requestHeaders.delete(PAGE_RENDER_HEADER);
    // The preview banner's "published page" link: this one answer leaves draft mode out.
    if (request.nextUrl.searchParams.has(PUBLISHED_VIEW_PARAM)) {
      withoutDraftModeCookie(requestHeaders);
    }
    response = NextResponse.next({ request: { headers: requestHeaders } });
  }
  response.headers.set('Content-Security-Policy', policy);
  if (consolePath) {
    // The console's pages hold club data: no shared cache keeps them, no search engine lists them.
    response.headers.set('Cache-Control', 'private, no-store');
    response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  }
  // Files are the same for everybody (and cached so): they set no cookie.
  if (!renderId && !file) ensureCsrfCookie(request, response);
  return response;
}

/** The club's console (/admin and below). */
function isConsolePath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * A form of the console posted from another site (a forged Server Action): refused before
 * Next.js runs the action, with words a person can act on.
 */
function refusedCrossOriginPost(): NextResponse {
  return new NextResponse(
    'Refused: this request to the TCSA console came from another site. Open the console at its own address and try again.',
    {
      status: 403,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
      },
    },
  );
}

/** The cookie by which Next.js knows a request is in draft mode. */
const DRAFT_MODE_COOKIE = '__prerender_bypass';

function withoutDraftModeCookie(headers: Headers): void {
  const cookie = headers.get('cookie');
  if (!cookie) return;
  const kept = cookie
    .split(';')
    .filter((pair) => pair.split('=')[0]?.trim() !== DRAFT_MODE_COOKIE)
    .join(';');
  headers.set('cookie', kept);
}

/** Gives a visitor without a valid `csrftoken` cookie a fresh one. */
function ensureCsrfCookie(request: NextRequest, response: NextResponse): void {
  if (!isWellFormedCsrfToken(request.cookies.get(CSRF_COOKIE)?.value)) {
    response.cookies.set(csrfCookie(createCsrfToken(), isSecureRequest(request)));
  }
}

/** Whether every percent-escape of the path decodes (as UTF-8). */
function isWellEncoded(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** A path that names a file (`/icon.svg`, `/media/…`) rather than a page. */
function isFilePath(pathname: string): boolean {
  return pathname.startsWith('/media/') || /\.[A-Za-z0-9]+$/.test(pathname);
}

/** Where a malformed page address is sent: a static route that renders the not-found page. */
const MALFORMED_PAGE_PATH = '/malformed-address';

const MALFORMED_ADDRESS_MESSAGE =
  'The address is malformed: it has a percent-encoded character that is not valid UTF-8.';

function malformedAddress(request: NextRequest, api: boolean): NextResponse {
  if (api) {
    const response = NextResponse.json(
      { error: MALFORMED_ADDRESS_MESSAGE },
      { status: 400, headers: { 'Cache-Control': 'no-store' } },
    );
    response.headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    return response;
  }
  const nonce = createNonce();
  const policy = contentSecurityPolicy({
    nonce,
    dev: process.env.NODE_ENV !== 'production',
    sanityProjectId: sanityProject()?.projectId,
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', policy);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.delete(PAGE_RENDER_HEADER);
  const response = NextResponse.rewrite(new URL(MALFORMED_PAGE_PATH, request.url), {
    request: { headers: requestHeaders },
  });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

/**
 * /api/...: the JSON answers' own policy and CORS for the trusted origins (lib/http/api-headers.ts);
 * the `csrftoken` cookie on any GET or HEAD that lacks a valid one (not on /api/csrf/, which
 * issues it with the token it answers). A trusted origin's preflight is answered here.
 */
function apiAnswer(request: NextRequest): NextResponse {
  const trustedOrigins = getServerEnv().CSRF_TRUSTED_ORIGINS;
  const preflight =
    request.method === 'OPTIONS' && isTrustedOrigin(request.headers.get('origin'), trustedOrigins);
  const list = preflight ? null : keptListAnswer(request);
  const response = preflight
    ? new NextResponse(null, { status: 204 })
    : list
      ? new NextResponse(asStream(list), { headers: { 'content-type': 'application/json' } })
      : NextResponse.next();
  setApiHeaders(response.headers, request, trustedOrigins);
  const csrfEndpoint = /^\/api\/csrf\/?$/.test(request.nextUrl.pathname);
  if ((request.method === 'GET' || request.method === 'HEAD') && !csrfEndpoint) {
    ensureCsrfCookie(request, response);
  }
  return response;
}

/**
 * A list endpoint's JSON as its route handler last serialized it (lib/api/json-answers.ts), while
 * fresh: the same for every visitor. Null for anything else, and for a request with a test fault
 * cookie, which the route handler answers itself.
 */
function keptListAnswer(request: NextRequest): Uint8Array<ArrayBuffer> | null {
  if (request.method !== 'GET' || request.nextUrl.search !== '') return null;
  const source = listSourceAt(request.nextUrl.pathname);
  if (!source || request.cookies.has(TEST_FAULT_COOKIE)) return null;
  return freshJson(source, currentReadGeneration());
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
    // Pages, the API, the Studio and the files at the root. Not the console's upload route
    // (it checks the origin itself; here its body would be cut at 10 MB) nor the job application
    // (below).
    '/((?!_next/|media/|files/|admin/upload$|api/applications/?$).*)',
    // The job application only without a body (a trusted origin's preflight): Next.js holds the
    // whole body of a request proxy.ts runs on in memory until its last byte has arrived, and an
    // application streams its resume to disk instead (lib/submissions/endpoints.ts), setting the API's
    // headers itself (lib/http/api-headers.ts).
    {
      source: '/api/applications',
      missing: [
        { type: 'header', key: 'content-length' },
        { type: 'header', key: 'transfer-encoding' },
      ],
    },
    {
      source: '/api/applications/',
      missing: [
        { type: 'header', key: 'content-length' },
        { type: 'header', key: 'transfer-encoding' },
      ],
    },
    // Next.js's build files and the media (most of the site's requests, answered without this
    // proxy; next.config.mjs and app/files give the media their policy) only with a
    // percent-escape, which may be malformed: Next.js's router would answer that with a bare 500.
    '/(_next|media|files)/(.*%.*)',
  ],
};
