/**
 * The seed content: what a fresh clone shows. It reads like a real club's site and exercises
 * every rule and fallback of the spec (pyramid placement, missing event fields, long sponsor
 * descriptions, alumni of both kinds). Event dates are days relative to the seeding day, so there
 * are always past and upcoming events. Addresses use the reserved example.org domain so that no
 * real person is ever emailed. Images are the project's own files under public/media/
 * (scripts/generate-seed-media.ts draws them from the seed files).
 */

import { slugify } from './media';

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

export function memberEmail(member: Pick<SeedMember, 'firstName' | 'lastName'>): string {
  return `${slugify(member.firstName)}.${slugify(member.lastName)}@example.org`;
}
