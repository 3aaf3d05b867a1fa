import { API_CONTENT_SECURITY_POLICY } from '@/lib/http/security-headers.mjs';

/**
 * The headers proxy.ts gives every answer of the API: the JSON answers' own policy, and CORS for
 * the pages of a trusted origin (CSRF_TRUSTED_ORIGINS), with credentials, so they can read the
 * answers and send the cookie. Also used by the one endpoint proxy.ts does not run on for its
 * posts, the job application (its multipart body goes to disk as it arrives, never whole into
 * memory as Next.js would hold it for proxy.ts).
 */

/** What a browser page of a trusted origin may send to the API. */
export const CORS_ALLOWED_HEADERS = 'Content-Type, X-CSRFToken';
export const CORS_ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';

/** Sets the API's headers on `headers`; `preflight` adds what an OPTIONS answer needs. */
export function setApiHeaders(
  headers: Headers,
  request: { method: string; headers: Headers },
  trustedOrigins: readonly string[] | undefined,
): void {
  headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  const origin = request.headers.get('origin');
  if (!isTrustedOrigin(origin, trustedOrigins)) return;
  headers.set('Access-Control-Allow-Origin', origin);
  headers.set('Access-Control-Allow-Credentials', 'true');
  headers.append('Vary', 'Origin');
  if (request.method === 'OPTIONS') {
    headers.set('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS);
    headers.set('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS);
    headers.set('Access-Control-Max-Age', '600');
  }
}

/** Whether `origin` may call the API from the browser. */
export function isTrustedOrigin(
  origin: string | null,
  trustedOrigins: readonly string[] | undefined,
): origin is string {
  return origin !== null && (trustedOrigins ?? []).includes(origin);
}
