import 'server-only';
import { headers } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { PAGE_RENDER_HEADER, sitePageCache } from './page-cache';

/**
 * Called when a data read fails. When this request is one of the page cache's renders, the page
 * shows the failure, and the cache must not keep it for later visitors (lib/http/page-cache.ts).
 */
export async function noteFailedRead(): Promise<void> {
  let renderId: string | null;
  try {
    renderId = (await headers()).get(PAGE_RENDER_HEADER);
  } catch (error) {
    unstable_rethrow(error);
    // Outside a request (scripts, tests): there is no page to keep.
    return;
  }
  if (renderId) sitePageCache().noteFailedRead(renderId);
}
