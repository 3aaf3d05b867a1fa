import type { Metadata } from 'next';
import { getCopy } from '@/lib/copy/read';
import { tabTitle } from '@/lib/site/seo';

/**
 * The not-found page's metadata: its tab title from the Studio. The unknown path's page
 * ([...missing]) gives the same, because the page's metadata, streamed in after the not-found
 * page's, is what the tab shows in the end: without it, the tab went back to the site's title.
 */
export async function notFoundMetadata(): Promise<Metadata> {
  const copy = await getCopy('site');
  return { title: { absolute: tabTitle(copy, 'titleNotFound') }, robots: { index: false } };
}
