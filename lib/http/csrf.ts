/**
 * Anti-forgery for the registration POST, with the spec's names: the browser holds a random
 * token in the `csrftoken` cookie and sends it back in the `X-CSRFToken` header; a request whose
 * header does not match its cookie is refused. A page on another site can make the browser send
 * the cookie but can neither read it nor set the header, so it cannot forge the pair.
 *
 * - The cookie is issued by proxy.ts on every page response that lacks a valid one, and by
 *   `GET /api/csrf/` (which also answers `{"csrfToken": "..."}`). It is readable by scripts
 *   (not HttpOnly, by design of the double-submit pattern), SameSite=Lax, Secure over HTTPS.
 * - The request's Origin must be the site's own (see `verifyCsrf`).
 *
 * No server-only code here: the proxy, the route handlers and the browser all use this module.
 */

import { randomHex } from './random-hex.mjs';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
/** One year, as Django's csrftoken cookie. */
export const CSRF_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

/** 32 random bytes, hex-encoded (64 characters). */
export function createCsrfToken(): string {
  return randomHex(32);
}

export function isWellFormedCsrfToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

/** Compares two strings in time that depends only on their lengths, not on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    difference |= (left[index] ?? 0) ^ (right[index] ?? 0);
  }
  return difference === 0;
}

/** The value of cookie `name` in a Cookie header (or `document.cookie`). */
export function readCookie(
  cookieHeader: string | null | undefined,
  name: string,
): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export type CsrfCookie = {
  name: string;
  value: string;
  path: string;
  sameSite: 'lax';
  secure: boolean;
  httpOnly: false;
  maxAge: number;
};

/** The cookie to set (for `response.cookies.set(...)`). */
export function csrfCookie(value: string, secure: boolean): CsrfCookie {
  return {
    name: CSRF_COOKIE,
    value,
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    maxAge: CSRF_COOKIE_MAX_AGE,
  };
}

/** Whether the visitor reached the site over HTTPS (directly or through a proxy that says so). */
export function isSecureRequest(request: Request): boolean {
  return isSecureConnection(request.headers, request.url);
}

/** The same from the request's headers, and its URL when known (Server Actions have none). */
export function isSecureConnection(headers: Headers, url?: string): boolean {
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  if (forwarded) return forwarded === 'https';
  return url !== undefined && new URL(url).protocol === 'https:';
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export type CsrfOptions = {
  /** The site's configured URL (NEXT_PUBLIC_SITE_URL). */
  siteUrl?: string;
  /** Other origins whose pages may post here (CSRF_TRUSTED_ORIGINS, as Django's setting). */
  trustedOrigins?: readonly string[];
};

/**
 * The origins this request may come from: the request URL's own, the one its Host (or
 * X-Forwarded-Host and X-Forwarded-Proto) header names, `siteUrl` when configured, and the
 * trusted origins.
 */
export function ownOrigins(
  request: Request,
  { siteUrl, trustedOrigins = [] }: CsrfOptions = {},
): Set<string> {
  const origins = new Set<string>();
  const add = (value: string | null) => {
    if (value) origins.add(value);
  };
  add(originOf(request.url));
  const host =
    request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host');
  if (host) {
    const protocol =
      request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() ||
      new URL(request.url).protocol.replace(':', '');
    add(originOf(`${protocol}://${host}`));
  }
  if (siteUrl) add(originOf(siteUrl));
  for (const trusted of trustedOrigins) add(originOf(trusted));
  return origins;
}

export type CsrfFailure = 'csrf_origin_mismatch' | 'csrf_cookie_missing' | 'csrf_token_mismatch';

/**
 * Checks a state-changing request; returns why it is refused, or null when it may proceed.
 *
 * 1. Origin: when the request has an `Origin` header it must be one of the site's own origins or
 *    a trusted one
 *    (`Origin: null`, sent by sandboxed and privacy-restricted contexts, is refused). Without an
 *    Origin, a `Referer` must likewise be the site's own, and `Sec-Fetch-Site: cross-site` is
 *    refused. A request with none of them (curl, scripts, server-to-server) passes this step:
 *    browsers always send Origin on a cross-origin POST, so only non-browser clients reach it,
 *    and they still need the token pair below.
 * 2. Token: the `csrftoken` cookie must be present and well formed, and the `X-CSRFToken` header
 *    must equal it (compared in constant time).
 */
export function verifyCsrf(request: Request, options: CsrfOptions = {}): CsrfFailure | null {
  if (!isFromOwnOrigin(request, options)) return 'csrf_origin_mismatch';

  const cookie = readCookie(request.headers.get('cookie'), CSRF_COOKIE);
  if (!isWellFormedCsrfToken(cookie)) return 'csrf_cookie_missing';
  const header = request.headers.get(CSRF_HEADER);
  if (header === null || !constantTimeEqual(header, cookie)) return 'csrf_token_mismatch';
  return null;
}

/** Step 1 of verifyCsrf alone: whether a browser sent the request from one of `ownOrigins`. */
export function isFromOwnOrigin(request: Request, options: CsrfOptions = {}): boolean {
  const origins = ownOrigins(request, options);
  const origin = request.headers.get('origin');
  if (origin !== null) {
    const parsed = originOf(origin);
    return parsed !== null && origins.has(parsed);
  }
  const referer = request.headers.get('referer');
  if (referer !== null) {
    const parsed = originOf(referer);
    return parsed !== null && origins.has(parsed);
  }
  return request.headers.get('sec-fetch-site') !== 'cross-site';
}

/**
 * In the browser: the token to send in the X-CSRFToken header. Reads the csrftoken cookie, or
 * when it is missing asks `GET /api/csrf/` for one (which also sets the cookie).
 */
export async function getCsrfToken(): Promise<string> {
  const fromCookie = readCookie(
    typeof document === 'undefined' ? '' : document.cookie,
    CSRF_COOKIE,
  );
  if (isWellFormedCsrfToken(fromCookie)) return fromCookie;
  const response = await fetch('/api/csrf/', { credentials: 'include', cache: 'no-store' });
  const body: unknown = await response.json();
  const token =
    typeof body === 'object' && body !== null && 'csrfToken' in body ? body.csrfToken : null;
  if (typeof token !== 'string' || !isWellFormedCsrfToken(token)) {
    throw new Error('Could not obtain a CSRF token from /api/csrf/.');
  }
  return token;
}
