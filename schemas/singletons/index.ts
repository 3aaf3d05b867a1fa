import { homePage } from './homePage';
import { joinUsPage } from './joinUsPage';
import { pageHero } from './pageHero';
import { privacyPolicy } from './privacyPolicy';
import { servicesPage } from './servicesPage';
import { siteSettings } from './siteSettings';

export const singletonTypes = [
  siteSettings,
  homePage,
  joinUsPage,
  servicesPage,
  privacyPolicy,
  pageHero,
];

export * from './ids';
