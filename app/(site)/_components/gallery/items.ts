/** The gallery's data and constants (spec sections 2 and 9); no WebGL here, so it stays light. */

export type GalleryItem = { image: string; text: string };

export const GALLERY_SETTINGS = {
  scrollSpeed: 0.4,
  snapDebounceMs: 200,
  dragFactor: 0.05,
  easing: 0.05,
  bend: 3,
  mobileBend: 0,
  borderRadius: 0.05,
  captionFont: 'bold 30px',
  /** Self-hosted from @fontsource; its CSS loads with the carousel's code, not with the page. */
  captionFontFamily: "'DM Sans', sans-serif",
  heightPx: 400,
  mobileHeightPx: 230,
} as const;

const FALLBACK_PICTURES = 12;

/**
 * The 12 built-in pictures shown when the server returns none, captioned with the editors'
 * lines (the home page's texts); a picture without its line gets the first one.
 */
export function fallbackGalleryItems(captions: string): GalleryItem[] {
  const lines = captions
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return Array.from({ length: FALLBACK_PICTURES }, (_, index) => ({
    image: `/gallery/fallback-${String(index + 1).padStart(2, '0')}.svg`,
    text: lines[index] ?? lines[0] ?? '',
  }));
}

export function galleryItemsOrFallback(
  items: readonly GalleryItem[],
  captions: string,
): readonly GalleryItem[] {
  return items.length > 0 ? items : fallbackGalleryItems(captions);
}

/** The list doubled, so the carousel can loop without a visible seam. */
export function loopedItems(items: readonly GalleryItem[]): GalleryItem[] {
  return [...items, ...items];
}

/** The nearest whole step to a scroll position. */
export function snapToStep(target: number, step: number): number {
  if (step <= 0) return target;
  return Math.round(target / step) * step;
}

/** Where an item sits on the loop: wrapped into [-total/2, total/2). */
export function wrappedOffset(base: number, scroll: number, total: number): number {
  const shifted = (((base - scroll + total / 2) % total) + total) % total;
  return shifted - total / 2;
}

/** The arc of the bend: how far an item at `x` drops, and how much it tilts. */
export function bendAt(
  x: number,
  halfWidth: number,
  bend: number,
): { y: number; rotation: number } {
  if (bend === 0) return { y: 0, rotation: 0 };
  const depth = Math.abs(bend);
  const radius = (halfWidth * halfWidth + depth * depth) / (2 * depth);
  const effectiveX = Math.min(Math.abs(x), halfWidth);
  const arc = radius - Math.sqrt(radius * radius - effectiveX * effectiveX);
  const tilt = Math.sign(x) * Math.asin(effectiveX / radius);
  return bend > 0 ? { y: -arc, rotation: -tilt } : { y: arc, rotation: tilt };
}
