import { COPY_PAGE_IDS, textsDocumentId } from '../../lib/copy/catalogue';

/**
 * The fixed documents of the static copy. Each singleton type has exactly one document whose id
 * is the type's name; the page heroes are five fixed documents of one type, one per page.
 * The Studio's structure, its document actions and the site's queries all read these lists.
 */

export const SINGLETON_TYPES = [
  'siteSettings',
  'homePage',
  'joinUsPage',
  'servicesPage',
  'privacyPolicy',
  'membershipPage',
] as const;

export type SingletonType = (typeof SINGLETON_TYPES)[number];

export const PAGE_HERO_TYPE = 'pageHero';

export const PAGE_HERO_PAGES = [
  { page: 'events', title: 'Events page' },
  { page: 'alumni', title: 'Alumni page' },
  { page: 'resources', title: 'Resources page' },
  { page: 'designs', title: 'Designs page' },
  { page: 'partnerships', title: 'Partnerships page' },
] as const;

export type PageHeroPage = (typeof PAGE_HERO_PAGES)[number]['page'];

/** The document id of a page's hero copy, e.g. `pageHero-events`. */
export function pageHeroId(page: PageHeroPage): string {
  return `${PAGE_HERO_TYPE}-${page}`;
}

/** The "texts" documents, one per page (lib/copy/catalogue.ts); each type's id is its name. */
export const TEXTS_TYPES: readonly string[] = COPY_PAGE_IDS.map(textsDocumentId);

/** Types whose documents are fixed: they cannot be created, duplicated or deleted in the Studio. */
export const FIXED_DOCUMENT_TYPES: ReadonlySet<string> = new Set<string>([
  ...SINGLETON_TYPES,
  PAGE_HERO_TYPE,
  ...TEXTS_TYPES,
]);
