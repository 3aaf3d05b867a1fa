import 'server-only';
import { siteUrl } from '@/lib/env/public';

/**
 * An absolute address of the site for a link staff pass on (an invitation, a reset link): the
 * site's public address (siteUrl), as every link the server emails. Never the address a request
 * names in its Host header, which the client chooses.
 */
export async function siteLink(pathAndQuery: string): Promise<string> {
  return new URL(pathAndQuery, siteUrl()).toString();
}
