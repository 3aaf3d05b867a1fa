/**
 * The seed content: what a fresh clone shows. It reads like a real club's site and exercises
 * every rule and fallback of the spec (pyramid placement, missing event fields, long sponsor
 * descriptions, alumni of both kinds). Event dates are days relative to the seeding day, so there
 * are always past and upcoming events. Addresses use the reserved example.org domain so that no
 * real person is ever emailed. Images are the project's own files under public/media/
 * (scripts/generate-seed-media.ts draws them from this file).
 */

import type { EventCategory } from '../../events/categories';

export type SeedEvent = {
  slug: string;
  title: string;
  description: string | null;
  /** Days after the seeding day, and the start time in club time; null = date to be announced. */
  start: { days: number; hour: number; minute: number } | null;
  duration: string | null;
  location: string | null;
  organizer: string | null;
  poster: boolean;
  thumbnail: boolean;
  capacity: number | null;
  /** Registration settings (default: no waitlist, first come first served). */
  waitlist?: boolean;
  review?: boolean;
  category?: EventCategory;
  /** Member events: places kept for members and staff, and the two opening times. */
  memberPlaces?: number;
  staffPlaces?: number;
  membersOnly?: boolean;
  deposit?: boolean;
  /** Days after the seeding day, at this hour in club time. */
  memberOpens?: { days: number; hour: number };
  publicOpens?: { days: number; hour: number };
};

export const SEED_EVENTS: SeedEvent[] = [
  {
    slug: 'welcome-back-social',
    title: 'Welcome Back Social 迎新会',
    description:
      'Kick off the semester with the TCSA family. Meet the new executive team, play ice-breaker games, and find classmates from your program over bubble tea and snacks. New and returning students are all welcome.',
    start: { days: -150, hour: 18, minute: 0 },
    duration: '3 hours',
    location: 'Desmarais Building, Room 12102',
    organizer: 'TCSA Events Team',
    poster: true,
    thumbnail: true,
    capacity: null,
  },
  {
    slug: 'mid-autumn-mooncake-night',
    title: 'Mid-Autumn Mooncake Night 中秋赏月',
    description:
      'Celebrate the Mid-Autumn Festival away from home: lantern riddles, mooncake tasting with five regional flavours, and a moon-viewing walk along the Rideau Canal if the sky is clear.',
    start: { days: -100, hour: 19, minute: 0 },
    duration: '2 hours',
    location: 'University Centre, Agora',
    organizer: 'TCSA Events Team',
    poster: true,
    thumbnail: true,
    capacity: null,
  },
  {
    slug: 'resume-linkedin-workshop',
    title: 'Resume & LinkedIn Workshop',
    description:
      'Telfer alumni now working in finance, consulting and tech review resumes one-on-one and show how Canadian recruiters read a LinkedIn profile. Bring a printed copy of your resume.',
    start: { days: -45, hour: 17, minute: 30 },
    duration: '90 minutes',
    location: 'Desmarais Building, Room 4101',
    organizer: 'TCSA × Telfer Career Centre',
    poster: true,
    thumbnail: true,
    capacity: 40,
  },
  {
    slug: 'hot-pot-networking-night',
    title: 'Hot Pot Networking Night 火锅之夜',
    description:
      'An evening of Sichuan hot pot with upper-year students and recent graduates. Tables are mixed by program so everyone leaves with new contacts (and a full stomach).',
    start: { days: -10, hour: 18, minute: 30 },
    duration: '3 hours',
    location: 'Somerset Street West, Chinatown',
    organizer: 'TCSA External Affairs',
    poster: false,
    thumbnail: true,
    capacity: null,
  },
  {
    slug: 'lunar-new-year-gala',
    title: 'Lunar New Year Gala 春节晚会',
    description:
      "TCSA's biggest night of the year: traditional dance and music performances, a lion dance, a red-envelope raffle and a Chinese New Year dinner. Dress code: festive red.",
    start: { days: 6, hour: 18, minute: 30 },
    duration: '4 hours',
    location: 'Tabaret Hall, 550 Cumberland Street',
    organizer: 'TCSA Events Team',
    poster: true,
    thumbnail: true,
    capacity: 150,
  },
  {
    slug: 'case-competition-bootcamp',
    title: 'Case Competition Bootcamp',
    description:
      'A one-day crash course on business case competitions: frameworks, slide design and a timed practice case judged by past winners. Teams of four are formed on the day. Places are limited.',
    start: { days: 13, hour: 10, minute: 0 },
    duration: '6 hours',
    location: 'Desmarais Building, Room 3105',
    organizer: 'TCSA Internal Affairs',
    poster: true,
    thumbnail: true,
    capacity: 12,
    // A small event that fills up: its waitlist moves up by itself when someone cancels.
    waitlist: true,
  },
  {
    slug: 'dumpling-making-workshop',
    title: 'Dumpling Making Workshop 包饺子',
    description:
      'Learn to fold jiaozi the way families do at New Year: three fillings, two folding styles, and everything you make is yours to eat. Vegetarian fillings available.',
    start: { days: 24, hour: 16, minute: 0 },
    duration: '2 hours',
    location: 'University Centre, Room 215',
    organizer: 'TCSA Internal Affairs',
    poster: false,
    thumbnail: true,
    capacity: 40,
    // Not first come, first served: organisers confirm or decline each registration.
    review: true,
  },
  {
    slug: 'accounting-careers-info-session',
    title: 'Accounting Careers Info Session',
    description:
      'CPA student ambassadors explain the path from a Telfer accounting degree to the CPA designation, co-op timelines, and what firms look for in first-year and second-year applicants.',
    start: { days: 38, hour: 18, minute: 0 },
    duration: '2 hours',
    location: 'Desmarais Building, Room 1160',
    organizer: 'TCSA × CPA Student Ambassadors',
    poster: true,
    thumbnail: true,
    capacity: null,
  },
  {
    slug: 'spring-formal',
    title: 'Spring Formal & Awards Night',
    description:
      'Close the year in style: a three-course dinner, the member awards, and a farewell to the graduating executives. Tickets include a professional photo.',
    start: { days: 75, hour: 19, minute: 0 },
    duration: '5 hours',
    location: 'Alumni Auditorium, University Centre',
    organizer: 'TCSA Events Team',
    poster: true,
    thumbnail: true,
    capacity: 200,
  },
  {
    slug: 'alumni-networking-night',
    title: 'Networking Night with Telfer Alumni',
    description:
      'Meet Telfer alumni working in banking, consulting and accounting in Ottawa and Toronto: speed-networking rounds, then open conversation over snacks. Members register first.',
    start: { days: 20, hour: 18, minute: 30 },
    duration: '3 hours',
    location: 'Desmarais Building, 12th floor lounge',
    organizer: 'TCSA External Affairs',
    poster: false,
    thumbnail: false,
    capacity: 60,
    waitlist: true,
    category: 'Networking',
    // In its member window: members since yesterday, everyone in three days.
    memberPlaces: 20,
    staffPlaces: 5,
    memberOpens: { days: -1, hour: 9 },
    publicOpens: { days: 3, hour: 9 },
  },
  {
    slug: 'big-four-office-tour',
    title: 'Big Four Office Tour (Members Only)',
    description:
      'A morning at a Big Four firm in downtown Ottawa: a tour of the office, a panel of recent hires and a Q&A on co-op and new-graduate hiring. Places are few; the firm selects participants from the applications.',
    start: { days: 30, hour: 9, minute: 30 },
    duration: '3 hours',
    location: 'Downtown Ottawa (the address is sent to the selected participants)',
    organizer: 'TCSA External Affairs',
    poster: false,
    thumbnail: false,
    capacity: 15,
    review: true,
    category: 'Office tour',
    membersOnly: true,
    memberOpens: { days: -2, hour: 9 },
  },
  {
    slug: 'mock-interview-day',
    title: 'Mock Interview Day',
    description:
      'Twenty-minute mock interviews with recruiters and senior students, with written feedback. A refundable CA$5 deposit holds your slot and is returned when you attend.',
    start: { days: 16, hour: 13, minute: 0 },
    duration: '4 hours',
    location: 'Telfer Career Centre, Desmarais 2nd floor',
    organizer: 'TCSA Internal Affairs',
    poster: false,
    thumbnail: false,
    capacity: 30,
    waitlist: true,
    category: 'Workshop',
    deposit: true,
    // Member places kept, and everyone may register now.
    memberPlaces: 10,
    memberOpens: { days: -7, hour: 9 },
    publicOpens: { days: -2, hour: 9 },
  },
  {
    slug: 'dragon-boat-festival-picnic',
    title: 'Dragon Boat Festival Picnic 端午野餐',
    description:
      'Zongzi, games and a picnic by the water to mark the Dragon Boat Festival. Date and place will be announced once the park permit is confirmed.',
    start: null,
    duration: null,
    location: null,
    organizer: null,
    poster: false,
    thumbnail: false,
    capacity: null,
  },
];

export const SEED_DEPARTMENTS = [
  'Executive Board',
  'Internal Affairs',
  'External Affairs',
  'Finance',
  'Marketing',
  'Events',
  'Media & Communications',
] as const;

export type SeedDepartment = (typeof SEED_DEPARTMENTS)[number];

export type SeedMember = {
  key: string;
  firstName: string;
  lastName: string;
  position: string;
  department: SeedDepartment | null;
  reportsTo: string | null;
  quote: string | null;
  avatar: boolean;
};

/**
 * The executive team. Every rule of the team pyramid (spec section 4) is exercised: a President
 * with no leader, two 'Vice President's, leaders whose position contains 'Lead' or 'Manager'
 * (the Design Lead has no department, so the chart names it 'Design'), members under leaders,
 * and a 'VP Finance' with two direct reports.
 */
export const SEED_MEMBERS: SeedMember[] = [
  {
    key: 'president',
    firstName: 'Wei',
    lastName: 'Zhang',
    position: 'President',
    department: 'Executive Board',
    reportsTo: null,
    quote: 'A club is only as strong as the friendships it builds. 众人拾柴火焰高。',
    avatar: true,
  },
  {
    key: 'vp-internal',
    firstName: 'Yuxuan',
    lastName: 'Li',
    position: 'Vice President',
    department: 'Internal Affairs',
    reportsTo: 'president',
    quote: 'Every great event starts with a spreadsheet.',
    avatar: true,
  },
  {
    key: 'vp-external',
    firstName: 'Jiaming',
    lastName: 'Chen',
    position: 'Vice President',
    department: 'External Affairs',
    reportsTo: 'president',
    quote: 'Partnerships are long games: show up, follow up, deliver.',
    avatar: true,
  },
  {
    key: 'vp-finance',
    firstName: 'Xinyi',
    lastName: 'Wang',
    position: 'VP Finance',
    department: 'Finance',
    reportsTo: 'president',
    quote: 'Every dollar of sponsorship goes back to our members.',
    avatar: true,
  },
  {
    key: 'treasurer',
    firstName: 'Haoran',
    lastName: 'Liu',
    position: 'Treasurer',
    department: 'Finance',
    reportsTo: 'vp-finance',
    quote: 'Balanced books, happy club.',
    avatar: true,
  },
  {
    key: 'finance-associate',
    firstName: 'Siyu',
    lastName: 'Zhao',
    position: 'Finance Associate',
    department: 'Finance',
    reportsTo: 'vp-finance',
    quote: null,
    avatar: true,
  },
  {
    key: 'marketing-lead',
    firstName: 'Zihan',
    lastName: 'Huang',
    position: 'Marketing Lead',
    department: 'Marketing',
    reportsTo: 'vp-external',
    quote: 'Tell the story first; the numbers follow.',
    avatar: true,
  },
  {
    key: 'events-manager',
    firstName: 'Ruoxi',
    lastName: 'Zhou',
    position: 'Events Manager',
    department: 'Events',
    reportsTo: 'vp-internal',
    quote: 'The best events feel effortless because someone planned everything.',
    avatar: true,
  },
  {
    key: 'design-lead',
    firstName: 'Kevin',
    lastName: 'Wu',
    position: 'Design Lead',
    department: null,
    reportsTo: 'vp-external',
    quote: 'Good design is invisible until it is missing.',
    avatar: true,
  },
  {
    key: 'media-manager',
    firstName: 'Emily',
    lastName: 'Xu',
    position: 'Media Manager',
    department: 'Media & Communications',
    reportsTo: 'vp-internal',
    quote: 'If it was not photographed, did it even happen?',
    avatar: true,
  },
  {
    key: 'marketing-associate',
    firstName: 'Tianyu',
    lastName: 'Sun',
    position: 'Marketing Associate',
    department: 'Marketing',
    reportsTo: 'marketing-lead',
    quote: 'Always be posting.',
    avatar: true,
  },
  {
    key: 'social-coordinator',
    firstName: 'Mengqi',
    lastName: 'Ma',
    position: 'Social Media Coordinator',
    department: 'Marketing',
    reportsTo: 'marketing-lead',
    quote: null,
    avatar: true,
  },
  {
    key: 'event-coordinator-1',
    firstName: 'Jason',
    lastName: 'Hu',
    position: 'Event Coordinator',
    department: 'Events',
    reportsTo: 'events-manager',
    quote: 'Plan B is just Plan A with better timing.',
    avatar: true,
  },
  {
    key: 'event-coordinator-2',
    firstName: 'Yiran',
    lastName: 'Guo',
    position: 'Event Coordinator',
    department: 'Events',
    reportsTo: 'events-manager',
    quote: null,
    avatar: false,
  },
  {
    key: 'graphic-designer',
    firstName: 'Chloe',
    lastName: 'Lin',
    position: 'Graphic Designer',
    department: null,
    reportsTo: 'design-lead',
    quote: 'Red is not a colour, it is a mood.',
    avatar: true,
  },
  {
    key: 'ui-designer',
    firstName: 'Bowen',
    lastName: 'He',
    position: 'UI Designer',
    department: null,
    reportsTo: 'design-lead',
    quote: null,
    avatar: true,
  },
  {
    key: 'photographer',
    firstName: 'Shuyi',
    lastName: 'Gao',
    position: 'Photographer',
    department: 'Media & Communications',
    reportsTo: 'media-manager',
    quote: 'Golden hour waits for no one.',
    avatar: true,
  },
  {
    key: 'videographer',
    firstName: 'Andy',
    lastName: 'Luo',
    position: 'Videographer',
    department: 'Media & Communications',
    reportsTo: 'media-manager',
    quote: null,
    avatar: true,
  },
];

export type SeedAlumnus = {
  kind: 'club_member' | 'telfer';
  name: string;
  position: string;
  major: string;
  email: string | null;
  avatar: boolean;
};

export const SEED_ALUMNI: SeedAlumnus[] = [
  {
    kind: 'club_member',
    name: 'Lily Feng',
    position: 'Founding President (2019–2021), now Financial Analyst',
    major: 'Finance',
    email: 'lily.feng@example.org',
    avatar: true,
  },
  {
    kind: 'club_member',
    name: 'Michael Deng',
    position: 'VP External (2020–2022), now Audit Associate',
    major: 'Accounting',
    email: 'michael.deng@example.org',
    avatar: true,
  },
  {
    kind: 'club_member',
    name: 'Grace Pan',
    position: 'Events Manager (2021–2023), now Marketing Coordinator',
    major: 'Marketing',
    email: null,
    avatar: true,
  },
  {
    kind: 'club_member',
    name: 'Daniel Cao',
    position: 'Web Lead (2021–2022), now Software Developer',
    major: 'Computer Science',
    email: 'daniel.cao@example.org',
    avatar: false,
  },
  {
    kind: 'club_member',
    name: 'Sophie Ren',
    position: 'Design Lead (2022–2024), now Product Designer',
    major: 'Economics',
    email: 'sophie.ren@example.org',
    avatar: true,
  },
  {
    kind: 'club_member',
    name: 'Leo Jiang',
    position: 'Treasurer (2022–2024), now Junior Accountant',
    major: 'International Management',
    email: 'leo.jiang@example.org',
    avatar: true,
  },
  {
    kind: 'telfer',
    name: 'Ming Xie',
    position: 'Senior Consultant, Ottawa',
    major: 'Telfer',
    email: 'ming.xie@example.org',
    avatar: true,
  },
  {
    kind: 'telfer',
    name: 'Annie Qiu',
    position: 'Portfolio Manager, Toronto',
    major: 'Telfer',
    email: 'annie.qiu@example.org',
    avatar: true,
  },
  {
    kind: 'telfer',
    name: 'Eric Yuan',
    position: 'Founder of a Kanata fintech start-up',
    major: 'Telfer',
    email: null,
    avatar: false,
  },
  {
    kind: 'telfer',
    name: 'Helen Shi',
    position: 'HR Business Partner, federal public service',
    major: 'Telfer',
    email: 'helen.shi@example.org',
    avatar: true,
  },
  {
    kind: 'telfer',
    name: 'Victor Peng',
    position: 'Supply Chain Manager, Montréal',
    major: 'Telfer',
    email: 'victor.peng@example.org',
    avatar: true,
  },
];

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

export type SeedSponsor = {
  slug: string;
  name: string;
  link: string | null;
  description: string;
  /** Initials and accent colour of the generated logo mark. */
  mark: string;
  accent: string;
};

export const SEED_SPONSORS: SeedSponsor[] = [
  {
    slug: 'maple-dragon-bubble-tea',
    name: 'Maple Dragon Bubble Tea',
    link: 'https://example.org/maple-dragon-bubble-tea',
    description:
      'A family-run bubble tea shop two blocks from campus and a TCSA partner since our first Welcome Back Social. Members get 15% off every drink on presentation of their membership card, and the shop sponsors the drinks at our orientation events every September.',
    mark: 'MD',
    accent: '#C8102E',
  },
  {
    slug: 'rideau-dumpling-house',
    name: 'Rideau Dumpling House',
    link: 'https://example.org/rideau-dumpling-house',
    description:
      'Hand-made dumplings on Rideau Street. They host our Dumpling Making Workshop every winter, supply the ingredients, and their chefs teach three folding styles to anyone brave enough to try.',
    mark: 'RD',
    accent: '#B5651D',
  },
  {
    slug: 'capital-tutoring-centre',
    name: 'Capital Tutoring Centre',
    link: 'https://example.org/capital-tutoring-centre',
    description: 'Bilingual tutoring for first-year accounting, statistics and economics courses.',
    mark: 'CT',
    accent: '#1F4E79',
  },
  {
    slug: 'northern-lantern-travel',
    name: 'Northern Lantern Travel',
    link: 'https://example.org/northern-lantern-travel',
    description: 'Student fares home for the holidays, and group trips to Québec City.',
    mark: 'NL',
    accent: '#2E7D32',
  },
  {
    slug: 'lotus-financial-group',
    name: 'Lotus Financial Group',
    link: 'https://example.org/lotus-financial-group',
    description:
      'An Ottawa advisory firm whose analysts mentor our Case Competition Bootcamp teams. Lotus sponsors the bootcamp prizes, opens two summer internship places to TCSA members each year, and runs a personal-finance evening for international students every fall.',
    mark: 'LF',
    accent: '#6A1B9A',
  },
  {
    slug: 'byward-print-co',
    name: 'ByWard Print Co.',
    link: null,
    description: 'Prints our gala posters and tickets at cost.',
    mark: 'BP',
    accent: '#37474F',
  },
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

export type SeedResource = { slug: string; title: string; description: string; url: string };

export const SEED_RESOURCES: SeedResource[] = [
  {
    slug: 'telfer-school',
    title: 'Telfer School of Management',
    description:
      'Programs, co-op, the Career Centre and academic advising at the Telfer School of Management.',
    url: 'https://telfer.uottawa.ca/en/',
  },
  {
    slug: 'study-permit',
    title: 'Studying in Canada: permits and work rules',
    description:
      'The Government of Canada pages on study permits, working while you study and staying after graduation.',
    url: 'https://www.canada.ca/en/immigration-refugees-citizenship/services/study-canada.html',
  },
  {
    slug: 'library',
    title: 'uOttawa Library',
    description:
      'Databases, course reserves, group study rooms and research help for business students.',
    url: 'https://biblio.uottawa.ca/en',
  },
  {
    slug: 'student-taxes',
    title: 'Taxes for international students',
    description:
      'How the Canada Revenue Agency treats tuition credits, scholarships and part-time income, and why filing matters.',
    url: 'https://www.canada.ca/en/revenue-agency.html',
  },
  {
    slug: 'transit',
    title: 'Getting around Ottawa',
    description: 'OC Transpo trip planner, U-Pass details and O-Train schedules.',
    url: 'https://www.octranspo.com/en/',
  },
  {
    slug: 'university',
    title: 'University of Ottawa',
    description:
      'Important dates, campus services, health and wellness, and the academic calendar.',
    url: 'https://www.uottawa.ca/en',
  },
];

export type SeedDesign = { slug: string; title: string; description: string | null };

export const SEED_DESIGNS: SeedDesign[] = [
  {
    slug: 'gala-poster',
    title: 'Lunar New Year Gala poster',
    description: 'Gold foil lettering on our signature red, printed in A2 for campus boards.',
  },
  {
    slug: 'welcome-kit',
    title: 'Welcome Week social kit',
    description: 'Instagram posts, stories and a printed schedule for orientation week.',
  },
  { slug: 'sponsor-deck', title: 'Sponsorship deck cover', description: null },
  {
    slug: 'mooncake-box',
    title: 'Mid-Autumn mooncake box',
    description: 'Packaging for the mooncakes we gave to members at Mooncake Night.',
  },
  { slug: 'hoodie', title: 'TCSA hoodie', description: null },
  {
    slug: 'bootcamp-brand',
    title: 'Case Bootcamp identity',
    description: 'Logo, slide template and certificates for the Case Competition Bootcamp.',
  },
];

export type SeedPosition = { title: string; description: string; postedDaysAgo: number };

export const SEED_POSITIONS: SeedPosition[] = [
  {
    title: 'Marketing Associate',
    description:
      'Plan and write our social posts, help run campaigns for the gala, and grow our audience on three platforms. About 4 hours a week.',
    postedDaysAgo: 3,
  },
  {
    title: 'Event Coordinator',
    description:
      'Book rooms, coordinate volunteers and run the day-of checklist for our events. Organised people who stay calm under pressure.',
    postedDaysAgo: 9,
  },
  {
    title: 'Graphic Designer',
    description:
      'Design posters, social graphics and merchandise with the Design Lead. Share a portfolio link in your application.',
    postedDaysAgo: 16,
  },
  {
    title: 'Finance Associate',
    description:
      'Track the budget, process reimbursements and prepare sponsorship invoices with the VP Finance. Accounting students preferred.',
    postedDaysAgo: 30,
  },
];

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

export function memberEmail(member: Pick<SeedMember, 'firstName' | 'lastName'>): string {
  return `${slugify(member.firstName)}.${slugify(member.lastName)}@example.org`;
}
