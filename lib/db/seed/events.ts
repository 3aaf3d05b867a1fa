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
