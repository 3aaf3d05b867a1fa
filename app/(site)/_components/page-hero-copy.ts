import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { getPageHero, type PageHeroPage } from '@/lib/content';

export type PageHeroCopy = { title: string; message: string | null };

/**
 * The hero title and subtitle of a page as the content source has them. The spec's title is the
 * fallback, so a content outage or a document not yet published never leaves a page without its
 * heading; the outage is logged.
 */
export async function readPageHeroCopy(
  page: PageHeroPage,
  fallbackTitle: string,
  fallbackMessage: string | null = null,
): Promise<PageHeroCopy> {
  try {
    const hero = await getPageHero(page);
    return {
      title: hero?.title?.trim() || fallbackTitle,
      message: hero?.subtitle?.trim() || fallbackMessage,
    };
  } catch (error) {
    unstable_rethrow(error);
    console.error(`Failed to load the ${page} page's hero copy`, error);
    return { title: fallbackTitle, message: fallbackMessage };
  }
}
