import 'server-only';
import { headers } from 'next/headers';
import { isSecureConnection } from '@/lib/csrf';
import { publicEnv } from '@/lib/env/public';

/**
 * An absolute address of the site for a link staff pass on (an invitation, a reset link): the
 * configured site URL, else the address this request came to.
 */
export async function siteLink(pathAndQuery: string): Promise<string> {
  const configured = publicEnv.NEXT_PUBLIC_SITE_URL;
  if (configured) return new URL(pathAndQuery, configured).toString();
  const incoming = await headers();
  const host =
    incoming.get('x-forwarded-host')?.split(',')[0]?.trim() || incoming.get('host') || 'localhost';
  const scheme = isSecureConnection(incoming) ? 'https' : 'http';
  return new URL(pathAndQuery, `${scheme}://${host}`).toString();
}
