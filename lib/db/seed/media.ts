import type { SeedHeroPage } from './images';

/** Site-relative URLs of the generated images. */
export const media = {
  eventPoster: (slug: string) => `/media/events/${slug}-poster.svg`,
  eventThumbnail: (slug: string) => `/media/events/${slug}.svg`,
  member: (key: string) => `/media/members/${key}.svg`,
  alumnus: (name: string) => `/media/alumni/${slugify(name)}.svg`,
  gallery: (slug: string) => `/media/gallery/${slug}.svg`,
  sponsor: (slug: string) => `/media/sponsors/${slug}.svg`,
  homeHero: () => '/media/hero/home.svg',
  pageHero: (page: SeedHeroPage) => `/media/hero/${page}.svg`,
  benefit: (slug: string) => `/media/backgrounds/benefit-${slug}.svg`,
  service: (slug: string) => `/media/backgrounds/service-${slug}.svg`,
  carousel: (slug: string) => `/media/carousel/${slug}.svg`,
  resource: (slug: string) => `/media/resources/${slug}.svg`,
  design: (slug: string) => `/media/designs/${slug}.svg`,
};

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
