import {
  defineDocuments,
  defineLocations,
  type PresentationPluginOptions,
} from 'sanity/presentation';
import { PAGE_HERO_PAGES, pageHeroId } from '../schemas';

const PAGE_ROUTES = [
  { type: 'homePage', route: '/', title: 'Home' },
  { type: 'joinUsPage', route: '/joinus', title: 'Join us' },
  { type: 'servicesPage', route: '/services', title: 'Services' },
  { type: 'privacyPolicy', route: '/privacy-policy', title: 'Privacy policy' },
  { type: 'membershipPage', route: '/membership', title: 'Membership' },
] as const;

/** The emails' texts documents and the preview of the emails each words. */
const EMAIL_TEXTS = [
  {
    type: 'registrationEmailsTexts',
    group: 'registration',
    title: 'Emails about event registrations',
  },
  { type: 'consoleEmailsTexts', group: 'console', title: 'Emails to the club’s executives' },
  { type: 'membershipEmailsTexts', group: 'membership', title: 'Emails about memberships' },
] as const;

/** Which document each route of the site shows, and where each document appears. */
export const presentationResolve: PresentationPluginOptions['resolve'] = {
  mainDocuments: defineDocuments([
    ...PAGE_ROUTES.map(({ type, route }) => ({ route, filter: `_id == "${type}"` })),
    ...EMAIL_TEXTS.map(({ type, group }) => ({
      route: `/emails/preview/${group}`,
      filter: `_id == "${type}"`,
    })),
    ...PAGE_HERO_PAGES.map(({ page }) => ({
      route: `/${page}`,
      filter: `_id == "${pageHeroId(page)}"`,
    })),
  ]),
  locations: {
    ...Object.fromEntries(
      PAGE_ROUTES.map(({ type, route, title }) => [
        type,
        defineLocations({ locations: [{ title, href: route }] }),
      ]),
    ),
    // Each emails' texts document, beside the emails it words (sample data, drafts shown).
    ...Object.fromEntries(
      EMAIL_TEXTS.map(({ type, group, title }) => [
        type,
        defineLocations({ locations: [{ title, href: `/emails/preview/${group}` }] }),
      ]),
    ),
    siteSettings: defineLocations({
      message: 'Site settings appear on every page.',
      tone: 'positive',
      locations: [{ title: 'Home', href: '/' }],
    }),
    pageHero: defineLocations({
      select: { page: 'page' },
      resolve: (document) =>
        document?.page
          ? { locations: [{ title: `/${document.page}`, href: `/${document.page}` }] }
          : null,
    }),
  },
};
