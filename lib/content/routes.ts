import 'server-only';
import { cookies, draftMode } from 'next/headers';
import { revalidateTag } from 'next/cache';
import { invalidatePageCache } from '../http/page-cache';
import type { NextRequest } from 'next/server';
import { decodeSignatureHeader, isValidSignature } from '@sanity/webhook';
import { readLimitedBody } from '../api/guarded-post';
import { routeBodyLimit } from '../http/body-limits.mjs';
import { isSecureRequest } from '../http/csrf';
import { getServerEnv } from '../env/server';
import { getSanityClient } from './client';
import { safeRedirectPath, secretsMatch } from './draft';
import { PREVIEW_LINK_NOT_VALID_PATH, type PreviewLinkProblem } from './preview';
import { readToken } from './token';

/**
 * The handlers behind `app/api/draft-mode/*` and `app/api/revalidate`, kept here so the route
 * files stay one line and the tests can call them with `next/headers` mocked.
 */

const NO_STORE = { 'Cache-Control': 'no-store' };

function errorResponse(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: NO_STORE });
}

/** A redirect to a path of this site; relative, so it holds behind any proxy or host name. */
function redirectTo(path: string, status: 303 | 307 = 307): Response {
  return new Response(null, { status, headers: { Location: path, ...NO_STORE } });
}

/** Whether the request comes from a browser navigation, which wants a page, not JSON. */
function wantsHtml(request: Request): boolean {
  return (
    request.headers.get('sec-fetch-mode') === 'navigate' ||
    (request.headers.get('accept') ?? '').includes('text/html')
  );
}

/** The Presentation tool's own query parameters (next-sanity's preview-url-secret flow). */
const PRESENTATION_SECRET_PARAM = 'sanity-preview-secret';
const PRESENTATION_PATHNAME_PARAM = 'sanity-preview-pathname';
const PRESENTATION_PERSPECTIVE_COOKIE = 'sanity-preview-perspective';
/** Next.js's draft-mode cookie. */
export const DRAFT_MODE_COOKIE = '__prerender_bypass';

/**
 * Next.js sets its draft-mode cookie `SameSite=None; Secure` whatever the connection. WebKit
 * (Safari, and WeChat on iPhones) refuses a Secure cookie sent over plain http, even from
 * localhost where Chromium keeps it: a preview opened on http showed no drafts, and Exit preview
 * (a Secure cookie's removal) was ignored. The cookie is set again as the CSRF cookie is, Secure
 * only over https, and SameSite=Lax: the only page that may frame the site is its own Studio's
 * Presentation tool (frame-ancestors 'self'), which is on the same site. The Presentation tool's
 * own enable flow is next-sanity's, with its cookies, and is left as it is.
 */
async function setDraftModeCookie(request: Request, enabled: boolean): Promise<void> {
  const store = await cookies();
  const value = enabled ? store.get(DRAFT_MODE_COOKIE)?.value : '';
  if (value === undefined) return;
  store.set({
    name: DRAFT_MODE_COOKIE,
    value,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request),
    path: '/',
    ...(enabled ? {} : { expires: new Date(0) }),
  });
}

/**
 * GET /api/draft-mode/enable?secret=…&redirect=/path
 *
 * With a Sanity project and read token, the Presentation tool opens this route with its own
 * one-time secret, which next-sanity checks against the Content Lake. Otherwise (and for a
 * reviewer's link) the `secret` must equal SANITY_PREVIEW_SECRET, compared in constant time.
 * Either way the redirect stays on this site.
 */
export async function enableDraftMode(request: Request): Promise<Response> {
  const url = new URL(request.url);

  if (url.searchParams.has(PRESENTATION_SECRET_PARAM)) {
    const client = getSanityClient();
    const token = readToken();
    if (!client || !token) {
      return errorResponse(401, 'Studio previews need a Sanity project and SANITY_API_READ_TOKEN');
    }
    url.searchParams.set(
      PRESENTATION_PATHNAME_PARAM,
      safeRedirectPath(url.searchParams.get(PRESENTATION_PATHNAME_PARAM)),
    );
    // Loaded only for this flow: it checks the secret against the Content Lake.
    const { defineEnableDraftMode } = await import('next-sanity/draft-mode');
    const { GET } = defineEnableDraftMode({ client: client.withConfig({ token }) });
    return GET(new Request(url, { headers: request.headers }));
  }

  const expected = getServerEnv().SANITY_PREVIEW_SECRET;
  const given = url.searchParams.get('secret');
  // A person who opened the link gets a page saying so; other clients keep the JSON answer.
  const refuse = (reason: PreviewLinkProblem, error: string) =>
    wantsHtml(request)
      ? redirectTo(`${PREVIEW_LINK_NOT_VALID_PATH}?reason=${reason}`, 303)
      : errorResponse(401, error);
  if (!expected) {
    return refuse(
      'not-configured',
      'Preview is not configured on this site (SANITY_PREVIEW_SECRET)',
    );
  }
  if (!given) return refuse('missing', 'Missing preview secret');
  if (!secretsMatch(given, expected)) return refuse('wrong', 'Invalid preview secret');

  (await draftMode()).enable();
  await setDraftModeCookie(request, true);
  return redirectTo(safeRedirectPath(url.searchParams.get('redirect')));
}

/** GET /api/draft-mode/disable?redirect=/path — ends draft mode and goes back to the page. */
export async function disableDraftMode(request: Request): Promise<Response> {
  const url = new URL(request.url);
  (await draftMode()).disable();
  await setDraftModeCookie(request, false);
  const cookieStore = await cookies();
  if (cookieStore.has(PRESENTATION_PERSPECTIVE_COOKIE)) {
    cookieStore.delete(PRESENTATION_PERSPECTIVE_COOKIE);
  }
  return redirectTo(safeRedirectPath(url.searchParams.get('redirect')));
}

/** The header Sanity signs its webhooks in. */
const SIGNATURE_HEADER = 'sanity-webhook-signature';

/**
 * A webhook body is a small projection (`{_type, _id}`): anything larger is refused unread
 * (lib/http/body-limits.mjs, where the server entry finds the same limit).
 */
const WEBHOOK_LIMIT = routeBodyLimit('webhook');
export const MAX_WEBHOOK_BODY_BYTES = WEBHOOK_LIMIT.bytes;

/**
 * How far a signature's timestamp may be from this server's clock. A signed request replayed
 * later than this is refused, and clocks a little apart still agree.
 */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

/** How long the Content Lake may take to serve a just-published document everywhere. */
const CONSISTENCY_WAIT_MS = 3000;

type WebhookBody = { _type?: unknown; _id?: unknown };

/**
 * The signatures a handler has accepted, each kept until its timestamp is out of the tolerance
 * window (after which it is refused as expired anyway), so that a captured request cannot be
 * sent again within its five minutes. Only validly signed requests are recorded, so nobody but
 * the signer can fill it. Kept in the process's memory: with several instances, a replay sent
 * to another instance within the window is not recognised (README, "Connecting a Sanity
 * project").
 */
export class SeenSignatures {
  private readonly expiries = new Map<string, number>();

  /** Records the signature until `expiresAt` (included); false when it is already recorded. */
  remember(key: string, expiresAt: number, now: number): boolean {
    for (const [seen, expiry] of this.expiries) {
      if (expiry < now) this.expiries.delete(seen);
    }
    if (this.expiries.has(key)) return false;
    this.expiries.set(key, expiresAt);
    return true;
  }
}

export type RevalidateOptions = {
  /**
   * Runs work after the answer has gone out: Next.js's `after` in the server. The webhook
   * revalidates at once, and once more when the Content Lake's CDN has surely caught up, so that
   * a read made in between cannot keep the old copy.
   */
  afterResponse?: (task: () => Promise<void>) => void;
  now?: () => number;
  /** The signatures already accepted (each handler has its own unless given one). */
  seenSignatures?: SeenSignatures;
};

/**
 * The signature's timestamp in milliseconds and its digest, or null when the header is not
 * Sanity's format. The two identify a delivery however the header is spelled.
 */
function decodeSignature(signature: string): { timestamp: number; digest: string } | null {
  try {
    const { timestamp, hashedPayload } = decodeSignatureHeader(signature);
    return Number.isFinite(timestamp) ? { timestamp, digest: hashedPayload } : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/revalidate — Sanity's publish webhook. The body (projection `{_type, _id}`) must
 * carry a valid `sanity-webhook-signature` made with SANITY_REVALIDATE_SECRET, dated within
 * WEBHOOK_TOLERANCE_MS of now, and not already received (409: a captured request sent again);
 * the cache tag of the document's type then expires, so the next visit renders the published
 * change. The body is read only up to MAX_WEBHOOK_BODY_BYTES (413
 * beyond), before the signature is checked, so an unsigned flood costs no memory.
 */
export function createRevalidateHandler({
  afterResponse,
  now = Date.now,
  seenSignatures = new SeenSignatures(),
}: RevalidateOptions = {}) {
  return async function revalidate(request: NextRequest): Promise<Response> {
    const secret = getServerEnv().SANITY_REVALIDATE_SECRET;
    if (!secret) {
      return errorResponse(
        401,
        'Revalidation is not configured on this site (SANITY_REVALIDATE_SECRET)',
      );
    }
    const signature = request.headers.get(SIGNATURE_HEADER);
    if (!signature) return errorResponse(401, 'Missing signature');
    const decoded = decodeSignature(signature);
    if (decoded === null) return errorResponse(401, 'Invalid signature');
    const { timestamp } = decoded;
    if (Math.abs(now() - timestamp) > WEBHOOK_TOLERANCE_MS) {
      return errorResponse(
        401,
        'The signature has expired: its timestamp is more than 5 minutes from now',
      );
    }
    const read = await readLimitedBody(request, MAX_WEBHOOK_BODY_BYTES);
    if (!read.ok) {
      return read.code === 'client_aborted'
        ? errorResponse(400, 'The request was interrupted before it had fully arrived')
        : errorResponse(413, WEBHOOK_LIMIT.message);
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
    } catch {
      return errorResponse(400, 'The body is not JSON');
    }
    let valid: boolean;
    try {
      valid = await isValidSignature(text, signature, secret.trim());
    } catch {
      valid = false;
    }
    if (!valid) return errorResponse(401, 'Invalid signature');
    const fresh = seenSignatures.remember(
      `${timestamp}:${decoded.digest}`,
      timestamp + WEBHOOK_TOLERANCE_MS,
      now(),
    );
    if (!fresh) {
      return errorResponse(
        409,
        'This webhook delivery has already been received: a signed request is accepted once',
      );
    }
    let body: WebhookBody | null;
    try {
      body = text.trim() ? (JSON.parse(text) as WebhookBody | null) : null;
    } catch {
      return errorResponse(400, 'The body is not JSON');
    }
    const type = typeof body === 'object' && body !== null ? body._type : undefined;
    if (typeof type !== 'string' || type === '') {
      return errorResponse(400, 'The body has no _type: project the webhook as {_type, _id}');
    }
    const tags = [type];
    const revalidate = () => {
      for (const tag of tags) revalidateTag(tag, { expire: 0 });
      // The pages rendered from the old content go too.
      invalidatePageCache();
    };
    revalidate();
    afterResponse?.(async () => {
      await new Promise((resolve) => setTimeout(resolve, CONSISTENCY_WAIT_MS));
      revalidate();
    });
    return Response.json({ revalidated: true, tags, now: Date.now() }, { headers: NO_STORE });
  };
}
