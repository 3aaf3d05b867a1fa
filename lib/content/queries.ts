import { defineQuery } from 'next-sanity';

/**
 * Every GROQ query of the site. `npm run typegen` reads this module and writes each query's
 * result type to `sanity.types.ts` (e.g. `siteSettingsQuery` → `SiteSettingsQueryResult`).
 * The same queries run against the Content Lake and, offline, over the bundled dataset.
 *
 * Singletons are matched by type and id: the type lets typegen infer the result, the id makes
 * sure a stray second document of the type can never be shown.
 */

export const siteSettingsQuery = defineQuery(`
  *[_type == "siteSettings" && _id == "siteSettings"][0]{
    title,
    welcomeMessage,
    contactEmail,
    footerText,
    "socialAccounts": socialAccounts[]->{
      _id,
      platform,
      label,
      handle,
      "link": coalesce(link, "")
    },
    shareImage{
      alt,
      asset,
      crop,
      hotspot,
      "width": asset->metadata.dimensions.width,
      "height": asset->metadata.dimensions.height
    }
  }
`);

export const homePageQuery = defineQuery(`
  *[_type == "homePage" && _id == "homePage"][0]{
    heroTitle,
    heroMessage,
    ctaText,
    ctaLink,
    roadmapTitle,
    "roadmap": roadmap[]{ year, events, peopleInfluenced } | order(year asc),
    teamTitle,
    eventsTitle,
    eventsMoreLabel,
    sponsorsTitle
  }
`);

export const joinUsPageQuery = defineQuery(`
  *[_type == "joinUsPage" && _id == "joinUsPage"][0]{
    heroTitle,
    heroMessage,
    "benefits": benefits[]{ _key, title, body },
    positionsTitle,
    formTitle,
    nameLabel,
    emailLabel,
    positionLabel,
    resumeLabel,
    submitLabel,
    submitConfirmation
  }
`);

export const servicesPageQuery = defineQuery(`
  *[_type == "servicesPage" && _id == "servicesPage"][0]{
    heroTitle,
    heroMessage,
    "showcases": showcases[]{ _key, title, body, button{ text, link } },
    formTitle,
    nameLabel,
    emailLabel,
    needsLabel,
    submitLabel
  }
`);

export const privacyPolicyQuery = defineQuery(`
  *[_type == "privacyPolicy" && _id == "privacyPolicy"][0]{
    title,
    effectiveDate,
    body
  }
`);

/** The membership pages' content: benefits, the form page's notices, the FAQ and the policies. */
export const membershipPageQuery = defineQuery(`
  *[_type == "membershipPage" && _id == "membershipPage"][0]{
    heroMessage,
    intro,
    "benefits": benefits[]{ _key, title, body },
    duration,
    disclaimer,
    refundSummary,
    privacyNotice,
    howToPay,
    nextSteps,
    eventsIntro,
    "faq": faq[]{ _key, question, answer },
    "policies": policies[]{ _key, anchor, title, body }
  }
`);

export const pageHeroQuery = defineQuery(`
  *[_type == "pageHero" && _id == $id][0]{
    page,
    title,
    subtitle
  }
`);

/** A page's "texts" document (lib/copy/catalogue.ts); its fields are read by name. */
export const textsQuery = defineQuery(`
  *[_id == $id][0]
`);
