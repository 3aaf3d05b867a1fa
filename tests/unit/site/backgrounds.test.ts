import { describe, expect, it } from 'vitest';
import {
  BENEFIT_PLACEHOLDER_IMAGES,
  SERVICE_DEFAULT_IMAGES,
  pickBackgrounds,
} from '@/lib/site/backgrounds';

const image = (name: string) => ({ id: 1, image: `/media/${name}.svg` });

describe('pickBackgrounds', () => {
  it('uses the first three images in order for the three benefit blocks and ignores the rest', () => {
    const images = ['a', 'b', 'c', 'd'].map(image);
    expect(pickBackgrounds(images, BENEFIT_PLACEHOLDER_IMAGES)).toEqual([
      '/media/a.svg',
      '/media/b.svg',
      '/media/c.svg',
    ]);
  });

  it('fills the blocks the server sends no image for with the placeholders of those blocks', () => {
    expect(pickBackgrounds([image('a')], BENEFIT_PLACEHOLDER_IMAGES)).toEqual([
      '/media/a.svg',
      '/images/benefits/placeholder-2.svg',
      '/images/benefits/placeholder-3.svg',
    ]);
    expect(pickBackgrounds([image('a'), image('b')], BENEFIT_PLACEHOLDER_IMAGES)).toEqual([
      '/media/a.svg',
      '/media/b.svg',
      '/images/benefits/placeholder-3.svg',
    ]);
  });

  it('uses only placeholders when there are no images', () => {
    expect(pickBackgrounds([], BENEFIT_PLACEHOLDER_IMAGES)).toEqual([
      ...BENEFIT_PLACEHOLDER_IMAGES,
    ]);
  });

  it('treats a blank image URL as missing', () => {
    expect(pickBackgrounds([{ image: '  ' }, image('b')], BENEFIT_PLACEHOLDER_IMAGES)).toEqual([
      '/images/benefits/placeholder-1.svg',
      '/media/b.svg',
      '/images/benefits/placeholder-3.svg',
    ]);
  });

  it('gives the four service showcases one image each', () => {
    const picked = pickBackgrounds(['v', 'm'].map(image), SERVICE_DEFAULT_IMAGES);
    expect(picked).toEqual([
      '/media/v.svg',
      '/media/m.svg',
      '/images/services/web-development.svg',
      '/images/services/event-hosting.svg',
    ]);
  });
});
