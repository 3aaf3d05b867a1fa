/**
 * Background images of the fixed blocks on /joinus (three benefits) and /services (four
 * showcases). The server's list fills the blocks in order; a block the list does not reach gets
 * a local image, so every block always has a background.
 */

/** Placeholders for the benefit blocks the server sends no image for. */
export const BENEFIT_PLACEHOLDER_IMAGES = [
  '/images/benefits/placeholder-1.svg',
  '/images/benefits/placeholder-2.svg',
  '/images/benefits/placeholder-3.svg',
] as const;

/** Local defaults of the four service showcases, in the order the page shows them. */
export const SERVICE_DEFAULT_IMAGES = [
  '/images/services/video-production.svg',
  '/images/services/marketing-design.svg',
  '/images/services/web-development.svg',
  '/images/services/event-hosting.svg',
] as const;

/**
 * One image URL per block: the first `fallbacks.length` images of the list in order, then the
 * fallbacks for the blocks left over. Images past the number of blocks are not used.
 */
export function pickBackgrounds(
  images: readonly { image: string }[],
  fallbacks: readonly string[],
): string[] {
  return fallbacks.map((fallback, index) => {
    const image = images[index]?.image.trim();
    return image ? image : fallback;
  });
}
