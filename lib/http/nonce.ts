import 'server-only';
import { headers } from 'next/headers';
import { NONCE_HEADER } from './nonce-header';

/**
 * This request's Content-Security-Policy nonce, for the page's own inline scripts (JSON-LD).
 * Reading it makes the page dynamic, which a per-request nonce requires anyway.
 */
export async function cspNonce(): Promise<string | undefined> {
  return (await headers()).get(NONCE_HEADER) ?? undefined;
}
