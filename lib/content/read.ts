import 'server-only';
import { pageHeroId, type PageHeroPage } from '../../schemas/singletons/ids';
import type {
  HomePageQueryResult,
  JoinUsPageQueryResult,
  MembershipPageQueryResult,
  PageHeroQueryResult,
  PrivacyPolicyQueryResult,
  ServicesPageQueryResult,
  SiteSettingsQueryResult,
} from '../../sanity.types';
import type { Perspective } from './bundled';
import { testFaultFor } from '../testing/faults';
import { contentFetch } from './fetch';
import {
  homePageQuery,
  joinUsPageQuery,
  membershipPageQuery,
  pageHeroQuery,
  privacyPolicyQuery,
  servicesPageQuery,
  siteSettingsQuery,
} from './queries';

/**
 * Typed reads of the static copy, one per document. Each reads the drafts in draft mode and the
 * published copy otherwise (pass `{ perspective: 'published' }` where drafts must never show,
 * e.g. in `generateMetadata`). A result is null when the document does not exist yet, for
 * instance in a new Sanity project before `npm run content:import`.
 */

export type ReadOptions = { perspective?: Perspective };

/**
 * End-to-end tests reach a page's content failure and missing-document states through the fault
 * cookie of lib/testing/faults.ts, keyed by document type: `privacyPolicy=error` fails the read,
 * `privacyPolicy=empty` answers as if the document had not been published.
 */
async function withTestFault<T>(documentType: string, read: () => Promise<T>): Promise<T | null> {
  const fault = await testFaultFor(documentType);
  if (fault === 'error') {
    throw new Error(
      `Content read failed (simulated by the test fault cookie for '${documentType}')`,
    );
  }
  if (fault === 'empty') return null;
  return read();
}

export type SiteSettings = NonNullable<SiteSettingsQueryResult>;
export type HomePageContent = NonNullable<HomePageQueryResult>;
export type JoinUsPageContent = NonNullable<JoinUsPageQueryResult>;
export type ServicesPageContent = NonNullable<ServicesPageQueryResult>;
export type PrivacyPolicyContent = NonNullable<PrivacyPolicyQueryResult>;
export type PageHeroContent = NonNullable<PageHeroQueryResult>;
export type MembershipPageContent = NonNullable<MembershipPageQueryResult>;
export type { PageHeroPage };

/** Cache tags: the document types a query reads. `/api/revalidate` expires them on publish. */
export const CONTENT_TAGS = {
  siteSettings: ['siteSettings', 'socialAccount', 'sanity.imageAsset'],
  homePage: ['homePage'],
  joinUsPage: ['joinUsPage'],
  servicesPage: ['servicesPage'],
  privacyPolicy: ['privacyPolicy'],
  membershipPage: ['membershipPage'],
  pageHero: ['pageHero'],
} as const;

export function getSiteSettings(options: ReadOptions = {}): Promise<SiteSettingsQueryResult> {
  return contentFetch({ query: siteSettingsQuery, tags: CONTENT_TAGS.siteSettings, ...options });
}

export function getHomePage(options: ReadOptions = {}): Promise<HomePageQueryResult> {
  return contentFetch({ query: homePageQuery, tags: CONTENT_TAGS.homePage, ...options });
}

export function getJoinUsPage(options: ReadOptions = {}): Promise<JoinUsPageQueryResult> {
  return contentFetch({ query: joinUsPageQuery, tags: CONTENT_TAGS.joinUsPage, ...options });
}

export function getServicesPage(options: ReadOptions = {}): Promise<ServicesPageQueryResult> {
  return contentFetch({ query: servicesPageQuery, tags: CONTENT_TAGS.servicesPage, ...options });
}

export function getPrivacyPolicy(options: ReadOptions = {}): Promise<PrivacyPolicyQueryResult> {
  return withTestFault('privacyPolicy', () =>
    contentFetch({ query: privacyPolicyQuery, tags: CONTENT_TAGS.privacyPolicy, ...options }),
  );
}

/** The membership pages' content (lib/content/queries.ts `membershipPageQuery`). */
export function getMembershipPage(options: ReadOptions = {}): Promise<MembershipPageQueryResult> {
  return withTestFault('membershipPage', () =>
    contentFetch({ query: membershipPageQuery, tags: CONTENT_TAGS.membershipPage, ...options }),
  );
}

/** The hero copy of the events, alumni, resources, designs or partnerships page. */
export function getPageHero(
  page: PageHeroPage,
  options: ReadOptions = {},
): Promise<PageHeroQueryResult> {
  return contentFetch({
    query: pageHeroQuery,
    params: { id: pageHeroId(page) },
    tags: CONTENT_TAGS.pageHero,
    ...options,
  });
}
