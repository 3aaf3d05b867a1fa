import { describe, expect, it } from 'vitest';
import { imageUrl, offlineImageUrl } from '@/lib/content/image';

describe('image URLs without a Sanity project', () => {
  const ref = 'image-09d5e4e43b3f3b572b869a932361cb57d6fc69f3-1200x630-jpg';
  const file = '/content-assets/09d5e4e43b3f3b572b869a932361cb57d6fc69f3-1200x630.jpg';

  it('map the asset of an image field to the bundled file the site serves', () => {
    expect(imageUrl({ asset: { _ref: ref } }, { width: 600 })).toBe(file);
    expect(offlineImageUrl(ref)).toBe(file);
    expect(offlineImageUrl({ _ref: ref })).toBe(file);
  });

  it('are null for an empty field or an id that is not an image asset', () => {
    expect(imageUrl(null)).toBeNull();
    expect(imageUrl(undefined)).toBeNull();
    expect(offlineImageUrl('file-abc-pdf')).toBeNull();
    expect(offlineImageUrl({ asset: { url: 'https://example.com/a.png' } })).toBeNull();
  });
});
