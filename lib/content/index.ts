/**
 * The content source of the site (server-only). Pages read their static copy with these
 * functions; see `read.ts` for draft mode and the result types.
 */
export {
  CONTENT_TAGS,
  getHomePage,
  getJoinUsPage,
  getMembershipPage,
  getPageHero,
  getPrivacyPolicy,
  getServicesPage,
  getSiteSettings,
} from './read';
export type {
  HomePageContent,
  JoinUsPageContent,
  MembershipPageContent,
  PageHeroContent,
  PageHeroPage,
  PrivacyPolicyContent,
  ReadOptions,
  ServicesPageContent,
  SiteSettings,
} from './read';
export { imageUrl } from './image';
export { isDraftModeEnabled } from './draft';
export { isSanityConfigured } from './project';
export { jsonForScript, organizationJsonLd, socialBadgesFrom } from './site-settings';
