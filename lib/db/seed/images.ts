export type SeedGalleryItem = { slug: string; text: string };

export const SEED_GALLERY: SeedGalleryItem[] = [
  { slug: 'lunar-gala-stage', text: 'Lunar New Year Gala' },
  { slug: 'welcome-week', text: 'Welcome Week' },
  { slug: 'mooncake-night', text: 'Mooncake Night' },
  { slug: 'hot-pot-night', text: 'Hot Pot Night' },
  { slug: 'case-bootcamp', text: 'Case Bootcamp' },
  { slug: 'dumpling-workshop', text: 'Dumpling Workshop' },
  { slug: 'executive-retreat', text: 'Executive Retreat' },
  { slug: 'graduation', text: 'Graduation Day' },
];

export type SeedHeroPage = 'events' | 'joinus' | 'alumni' | 'services' | 'resources';

export const SEED_PAGE_HEROES: SeedHeroPage[] = [
  'events',
  'joinus',
  'alumni',
  'services',
  'resources',
];

export const SEED_BENEFITS = [
  { slug: 'professional-growth', title: 'Professional Growth & Networking' },
  { slug: 'leadership', title: 'Leadership & Real-society Experience' },
  { slug: 'community', title: 'Community & Campus Engagement' },
] as const;

export const SEED_SERVICES = [
  { slug: 'video-production', title: 'Video Production', link: null },
  { slug: 'marketing-design', title: 'Marketing Materials Design', link: '/designs' },
  { slug: 'web-development', title: 'Website Design & Development', link: null },
  { slug: 'event-hosting', title: 'Event Hosting Service', link: null },
] as const;

export const SEED_CAROUSEL = [
  { slug: 'upcoming-events', title: 'See what is coming up this semester', link: '/events' },
  { slug: 'join-the-team', title: 'We are recruiting: join the executive team', link: '/joinus' },
  { slug: 'design-portfolio', title: 'Browse our design portfolio', link: '/designs' },
  { slug: 'work-with-us', title: 'Organisations: work with TCSA', link: '/services' },
] as const;
