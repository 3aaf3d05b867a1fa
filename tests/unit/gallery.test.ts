import { describe, expect, it } from 'vitest';
import {
  bendAt,
  GALLERY_SETTINGS,
  galleryItemsOrFallback,
  loopedItems,
  snapToStep,
  wrappedOffset,
} from '@/app/(site)/_components/gallery/items';
import { defaultCopy } from '@/lib/copy/catalogue';

describe('gallery items', () => {
  it('falls back to 12 built-in picture and caption pairs when none are returned', () => {
    const fallback = galleryItemsOrFallback([], defaultCopy('home').galleryPlaceholderCaptions);
    expect(fallback).toHaveLength(12);
    for (const item of fallback) {
      expect(item.image).toMatch(/^\/gallery\/fallback-\d{2}\.svg$/);
      expect(item.text.length).toBeGreaterThan(0);
    }
  });

  it("captions the built-in pictures with the editors' lines, one per picture", () => {
    const items = galleryItemsOrFallback([], 'First\n\n  Second  \nThird');
    expect(items.slice(0, 3).map((item) => item.text)).toEqual(['First', 'Second', 'Third']);
    // Fewer lines than pictures: the rest repeat the first line rather than showing nothing.
    expect(items[11]?.text).toBe('First');
  });

  it('uses the returned items when there are any', () => {
    const items = [{ image: '/media/gallery/a.svg', text: 'A' }];
    expect(galleryItemsOrFallback(items, 'Unused')).toBe(items);
  });

  it('doubles the list for looping', () => {
    const items = [
      { image: 'a', text: 'A' },
      { image: 'b', text: 'B' },
    ];
    expect(loopedItems(items).map((item) => item.text)).toEqual(['A', 'B', 'A', 'B']);
  });

  it('keeps the constants of the spec', () => {
    expect(GALLERY_SETTINGS).toMatchObject({
      scrollSpeed: 0.4,
      snapDebounceMs: 200,
      dragFactor: 0.05,
      easing: 0.05,
      bend: 3,
      mobileBend: 0,
      borderRadius: 0.05,
      heightPx: 400,
      mobileHeightPx: 230,
    });
  });
});

describe('gallery motion', () => {
  it('snaps to whole image steps', () => {
    expect(snapToStep(0.4 * 10, 10)).toBe(0);
    expect(snapToStep(14.9, 10)).toBe(10);
    expect(snapToStep(-16, 10)).toBe(-20);
  });

  it('wraps positions around the loop', () => {
    expect(wrappedOffset(0, 0, 100)).toBe(0);
    expect(wrappedOffset(10, 30, 100)).toBe(-20);
    expect(wrappedOffset(0, 60, 100)).toBe(40);
    expect(wrappedOffset(90, 0, 100)).toBe(-10);
  });

  it('curves items down the arc by the bend, and not at all with bend 0', () => {
    expect(bendAt(5, 10, 0)).toEqual({ y: 0, rotation: 0 });
    const centre = bendAt(0, 10, 3);
    expect(centre.y).toBeCloseTo(0);
    expect(centre.rotation).toBeCloseTo(0);
    const edge = bendAt(10, 10, 3);
    expect(edge.y).toBeCloseTo(-3);
    expect(edge.rotation).toBeLessThan(0);
    expect(bendAt(-10, 10, 3).rotation).toBeGreaterThan(0);
  });
});
