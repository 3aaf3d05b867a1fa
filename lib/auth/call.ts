import 'server-only';
import { parseSetCookieHeader, toCookieOptions } from 'better-auth/cookies';
import { cookies, headers } from 'next/headers';
import { isSecureConnection } from '@/lib/http/csrf';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address.mjs';
import { clientAddress } from '@/lib/http/rate-limit';
import { AUTH_BASE_PATH, AUTH_INTERNAL_ORIGIN, getAuth } from './server';

/** The library's answer to a call: its status, its JSON body (or null) and its headers. */
export type AuthAnswer = { status: number; body: unknown; headers: Headers };

/**
 * The header the client's address travels in: set by the server entry from the connection
 * (lib/http/client-address.mjs), passed on to the library, which reads it (lib/auth/server.ts).
 */
export { CLIENT_ADDRESS_HEADER };

/**
 * Calls one of Better Auth's endpoints from a Server Action, through the library's own request
 * handler so that its rate limit and checks run as they would behind its HTTP route. The
 * request carries the visitor's cookies, user agent and address; the cookies the library sets
 * are set on the visitor's answer (Secure when the visitor came over HTTPS).
 *
 * Next.js has already refused a Server Action posted from another origin, and proxy.ts before
 * it, so the request is addressed to the library's own fixed origin.
 */
export async function callAuth(
  endpoint: string,
  body?: Record<string, unknown>,
): Promise<AuthAnswer> {
  const incoming = await headers();
  const outgoing = new Headers({ origin: AUTH_INTERNAL_ORIGIN });
  const cookie = incoming.get('cookie');
  if (cookie) outgoing.set('cookie', cookie);
  const userAgent = incoming.get('user-agent');
  if (userAgent) outgoing.set('user-agent', userAgent);
  const address = clientAddress(incoming);
  if (address) outgoing.set(CLIENT_ADDRESS_HEADER, address);
  if (body) outgoing.set('content-type', 'application/json');

  const auth = await getAuth();
  const response = await auth.handler(
    new Request(`${AUTH_INTERNAL_ORIGIN}${AUTH_BASE_PATH}${endpoint}`, {
      method: body ? 'POST' : 'GET',
      headers: outgoing,
      body: body ? JSON.stringify(body) : undefined,
    }),
  );

  const setCookie = response.headers.get('set-cookie');
  if (setCookie) {
    const secure = isSecureConnection(incoming);
    const jar = await cookies();
    for (const [name, attributes] of parseSetCookieHeader(setCookie)) {
      const options = toCookieOptions(attributes);
      jar.set(name, attributes.value, {
        ...options,
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure,
      });
    }
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
