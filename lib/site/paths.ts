import { FOOTER_LINKS, NAV_LINKS } from './constants';

/**
 * The site's public paths. A vocabulary of their own, so that the page cache (which keeps these
 * pages) and the sitemap read them without loading the SEO helpers and the copy they read.
 */

/** The membership pages linked from /membership (the overview itself is in the navigation). */
export const MEMBERSHIP_PATHS = [
  '/membership/join',
  '/membership/events',
  '/membership/faq',
  '/membership/policies',
  '/membership/member-id',
  '/membership/change-details',
] as const;

/** Every public page: the navigation's and the footer's, plus the pages only linked from others. */
export const SITEMAP_PATHS: readonly string[] = [
  ...new Set(
    [...NAV_LINKS, ...FOOTER_LINKS]
      .map((link) => link.href)
      .concat('/designs', ...MEMBERSHIP_PATHS),
  ),
];
