/**
 * The collections the console edits besides events: what each one's form asks, in words. No
 * server code, so the forms (client components) read the same specs as the server.
 */
import type { UploadPurpose } from '@/lib/media/kinds';

export type FieldSpec = {
  /** The property of the table's row (Drizzle's name). */
  column: string;
  label: string;
  kind: 'line' | 'text' | 'email' | 'link' | 'date' | 'media' | 'choice';
  required?: boolean;
  max?: number;
  purpose?: UploadPurpose;
  /** Fixed choices; 'member' and 'department' choices are read from the database. */
  choices?: readonly { value: string; label: string }[] | 'member' | 'department';
  hint?: string;
};

export type CollectionSpec = {
  /**
   * The collection's address in the console, /admin/<slug>. The team chart's is 'team': its key
   * stays 'members' (the API contract's name, posted by the forms and written in the audit log),
   * while /admin/members belongs to the club's paid members (lib/memberships).
   */
  slug: string;
  title: string;
  singular: string;
  /** What the site shows it on, for the list's heading. */
  shownOn: string;
  fields: readonly FieldSpec[];
  /** The columns of the list, besides the record's name. */
  listColumns: readonly string[];
};

const HERO_PAGES = [
  { value: 'events', label: 'Events' },
  { value: 'joinus', label: 'Join us' },
  { value: 'alumni', label: 'Alumni' },
  { value: 'services', label: 'Services' },
  { value: 'resources', label: 'Resources' },
] as const;

const IMAGE_COLLECTIONS = [
  { value: 'benefits', label: 'Join us: the benefits' },
  { value: 'services', label: 'Services: the showcases' },
  { value: 'resource_carousel', label: 'Resources: the slideshow' },
] as const;

export const COLLECTION_SPECS = {
  members: {
    slug: 'team',
    title: 'Team members',
    singular: 'team member',
    shownOn: 'the home page’s team chart',
    fields: [
      { column: 'firstName', label: 'First name', kind: 'line', required: true, max: 60 },
      { column: 'lastName', label: 'Last name', kind: 'line', required: true, max: 60 },
      {
        column: 'position',
        label: 'Position',
        kind: 'line',
        required: true,
        max: 100,
        hint: '“President”, “Vice President”, a position with “Lead” or “Manager”, or “VP Finance” places them in the chart.',
      },
      { column: 'departmentId', label: 'Department', kind: 'choice', choices: 'department' },
      {
        column: 'reportsTo',
        label: 'Reports to',
        kind: 'choice',
        choices: 'member',
        hint: 'Only the President reports to nobody.',
      },
      { column: 'email', label: 'Email', kind: 'email', max: 254 },
      { column: 'quote', label: 'Quote', kind: 'text', max: 300 },
      { column: 'pfpImg', label: 'Portrait', kind: 'media', purpose: 'portrait' },
    ],
    listColumns: ['position'],
  },
  alumni: {
    slug: 'alumni',
    title: 'Alumni',
    singular: 'alumnus',
    shownOn: '/alumni',
    fields: [
      {
        column: 'kind',
        label: 'Section',
        kind: 'choice',
        required: true,
        choices: [
          { value: 'club_member', label: 'Former Club Members' },
          { value: 'telfer', label: 'Telfer Alumni' },
        ],
      },
      { column: 'name', label: 'Name', kind: 'line', required: true, max: 120 },
      { column: 'position', label: 'Position', kind: 'line', required: true, max: 150 },
      { column: 'major', label: 'Major', kind: 'line', required: true, max: 120 },
      { column: 'email', label: 'Email', kind: 'email', max: 254 },
      { column: 'pfpImg', label: 'Portrait', kind: 'media', purpose: 'portrait' },
    ],
    listColumns: ['kind', 'position'],
  },
  sponsors: {
    slug: 'sponsors',
    title: 'Sponsors',
    singular: 'sponsor',
    shownOn: '/partnerships and the home page',
    fields: [
      { column: 'name', label: 'Name', kind: 'line', required: true, max: 120 },
      { column: 'logoImg', label: 'Logo', kind: 'media', purpose: 'logo', required: true },
      { column: 'link', label: 'Website', kind: 'link' },
      { column: 'description', label: 'Description', kind: 'text', max: 2000 },
      { column: 'instagram', label: 'Instagram', kind: 'link' },
    ],
    listColumns: ['link'],
  },
  gallery: {
    slug: 'gallery',
    title: 'Gallery',
    singular: 'gallery image',
    shownOn: 'the home page’s gallery',
    fields: [
      { column: 'image', label: 'Image', kind: 'media', purpose: 'gallery', required: true },
      { column: 'text', label: 'Caption', kind: 'line', required: true, max: 120 },
    ],
    listColumns: [],
  },
  resources: {
    slug: 'resources',
    title: 'Resources',
    singular: 'resource',
    shownOn: '/resources',
    fields: [
      { column: 'title', label: 'Title', kind: 'line', required: true, max: 150 },
      { column: 'description', label: 'Description', kind: 'text', required: true, max: 2000 },
      { column: 'resourceUrl', label: 'Link', kind: 'link', required: true },
      { column: 'thumbnailImg', label: 'Thumbnail', kind: 'media', purpose: 'thumbnail' },
    ],
    listColumns: ['resourceUrl'],
  },
  designs: {
    slug: 'designs',
    title: 'Designs',
    singular: 'design',
    shownOn: '/designs',
    fields: [
      { column: 'title', label: 'Title', kind: 'line', required: true, max: 150 },
      { column: 'description', label: 'Description', kind: 'text', max: 2000 },
      { column: 'image', label: 'Image', kind: 'media', purpose: 'design', required: true },
    ],
    listColumns: [],
  },
  positions: {
    slug: 'positions',
    title: 'Open positions',
    singular: 'open position',
    shownOn: '/joinus',
    fields: [
      { column: 'title', label: 'Title', kind: 'line', required: true, max: 150 },
      { column: 'description', label: 'Description', kind: 'text', required: true, max: 5000 },
      {
        column: 'postedAt',
        label: 'Posted on',
        kind: 'date',
        hint: 'Leave empty for today.',
      },
    ],
    listColumns: ['postedAt'],
  },
  heroes: {
    slug: 'heroes',
    title: 'Page banners',
    singular: 'page banner',
    shownOn: 'the wide picture at the top of each page (the first one of a page is shown)',
    fields: [
      { column: 'page', label: 'Page', kind: 'choice', required: true, choices: HERO_PAGES },
      { column: 'image', label: 'Image', kind: 'media', purpose: 'hero', required: true },
    ],
    listColumns: ['page'],
  },
  backgrounds: {
    slug: 'backgrounds',
    title: 'Background images',
    singular: 'background image',
    shownOn: '/joinus, /services and /resources',
    fields: [
      {
        column: 'collection',
        label: 'Where',
        kind: 'choice',
        required: true,
        choices: IMAGE_COLLECTIONS,
      },
      { column: 'title', label: 'Title', kind: 'line', max: 150 },
      { column: 'image', label: 'Image', kind: 'media', purpose: 'background', required: true },
      { column: 'link', label: 'Link', kind: 'link' },
    ],
    listColumns: ['collection'],
  },
  'home-hero': {
    slug: 'home-hero',
    title: 'Home page picture or video',
    singular: 'home page picture or video',
    shownOn: 'the top of the home page, behind its title (the first one is shown)',
    fields: [
      {
        column: 'video',
        label: 'Video',
        kind: 'media',
        purpose: 'video',
        hint: 'A video plays instead of the image when both are given.',
      },
      { column: 'image', label: 'Image', kind: 'media', purpose: 'hero' },
    ],
    listColumns: ['video', 'image'],
  },
} as const satisfies Record<string, CollectionSpec>;

export type CollectionSlug = keyof typeof COLLECTION_SPECS;

export function isCollectionSlug(value: string): value is CollectionSlug {
  return Object.hasOwn(COLLECTION_SPECS, value);
}

/** The collection a console address segment names (`team` names `members`), or null. */
export function collectionAt(segment: string): CollectionSlug | null {
  const found = Object.entries(COLLECTION_SPECS).find(([, spec]) => spec.slug === segment);
  return found ? (found[0] as CollectionSlug) : null;
}

/** The console address of a collection's list: /admin/team for the team chart. */
export function collectionPath(key: CollectionSlug): string {
  return `/admin/${COLLECTION_SPECS[key].slug}`;
}
