import { homePage } from './homePage';
import { joinUsPage } from './joinUsPage';
import { membershipPage } from './membershipPage';
import { pageHero } from './pageHero';
import { privacyPolicy } from './privacyPolicy';
import { servicesPage } from './servicesPage';
import { siteSettings } from './siteSettings';
import { textsTypes } from './texts';

export const singletonTypes = [
  siteSettings,
  homePage,
  joinUsPage,
  servicesPage,
  privacyPolicy,
  membershipPage,
  pageHero,
  ...textsTypes,
];

export * from './ids';
