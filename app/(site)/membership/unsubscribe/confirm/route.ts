import { getDb } from '@/lib/db/client';
import {
  UNSUBSCRIBE_PATH,
  unsubscribeWithToken,
  type UnsubscribeOutcome,
} from '@/lib/memberships/unsubscribe';

/**
 * POST /membership/unsubscribe/confirm: the unsubscribe page's form (the token in the body), or a
 * mail client's one-click unsubscribe (RFC 8058: `List-Unsubscribe=One-Click` in the body, the
 * token in the address). The form is answered with the page saying what happened (303); the
 * one-click POST with a short text. A GET changes nothing: it shows the page with its button.
 */

export const dynamic = 'force-dynamic';

/** A token and the one-click field fit many times over: a larger body is not one of these. */
const BODY_BYTES = 4096;

const NO_STORE = { 'Cache-Control': 'private, no-store' };

function pageOf(result: UnsubscribeOutcome['kind'] | 'invalid'): Response {
  const shown = result === 'unsubscribed' ? 'done' : 'invalid';
  return new Response(null, {
    status: 303,
    headers: { Location: `${UNSUBSCRIBE_PATH}?result=${shown}`, ...NO_STORE },
  });
}

export async function POST(request: Request): Promise<Response> {
  const length = Number(request.headers.get('content-length') ?? '0');
  if (!Number.isFinite(length) || length > BODY_BYTES) {
    return new Response('Request too large.', { status: 413, headers: NO_STORE });
  }
  let form: FormData | null = null;
  try {
    form = await request.formData();
  } catch {
    // Not a form: the token may still be in the address (a one-click POST with no body).
  }
  const oneClick = form?.get('List-Unsubscribe') === 'One-Click';
  const token = form?.get('token') ?? new URL(request.url).searchParams.get('token');
  const outcome = await unsubscribeWithToken(await getDb(), token);
  if (oneClick) {
    return outcome.kind === 'unsubscribed'
      ? new Response('Unsubscribed.', { status: 200, headers: NO_STORE })
      : new Response('This link does not work.', { status: 400, headers: NO_STORE });
  }
  return pageOf(outcome.kind);
}

/** Opened in a browser: the page with its button, which changes nothing until pressed. */
export function GET(request: Request): Response {
  const token = new URL(request.url).searchParams.get('token');
  const location = token
    ? `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`
    : UNSUBSCRIBE_PATH;
  return new Response(null, { status: 307, headers: { Location: location, ...NO_STORE } });
}
