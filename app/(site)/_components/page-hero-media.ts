import 'server-only';
import type { HeroMediaSource } from '@/app/_components/Hero';
import { getPageHeroImages } from '@/lib/api/reads';
import type { HeroPage } from '@/lib/db/schema';

/** What the Hero logs when a page's hero image cannot be read (the page keeps its default background). */
export const HERO_IMAGE_ERROR = 'Failed to load hero image';

/** The first hero image of a page, still loading, for the Hero's `media`. */
export function pageHeroMedia(page: HeroPage): Promise<HeroMediaSource | null> {
  const media = getPageHeroImages(page).then((images) =>
    images[0] ? { image: images[0].image } : null,
  );
  // The Hero awaits this later, inside its own Suspense boundary; until then this handler keeps a
  // failed read from being reported as an unhandled rejection. The Hero still sees the failure.
  media.catch(() => {});
  return media;
}
