/** How long the texts of cards may be (spec sections 2 and 9), and how they are cut. */

export const EVENT_CARD_TEXT_LIMIT = 32;
export const SPONSOR_DESCRIPTION_LIMIT = 150;
export const SPONSOR_DESCRIPTION_KEEP = 147;

/**
 * Cuts `text` to its first `keep` characters plus '...' when it is longer than `limit`.
 * Counts characters, not UTF-16 units, so a Chinese name or an emoji is never split.
 */
export function truncate(text: string, keep: number, limit: number = keep): string {
  const characters = Array.from(text);
  return characters.length > limit ? `${characters.slice(0, keep).join('')}...` : text;
}
