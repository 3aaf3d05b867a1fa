import { describe, expect, it } from 'vitest';
import { queryBundledDataset, type Perspective } from '@/lib/content/bundled';
import * as queries from '@/lib/content/queries';
import { COPY_PAGE_IDS, textsDocumentId } from '@/lib/copy/catalogue';
import { PAGE_HERO_PAGES, pageHeroId } from '@/schemas';

/**
 * The bundled dataset is checked offline by running every query of the site over it, in both
 * perspectives: each must find its document, with every field the schema requires.
 */

const PERSPECTIVES: Perspective[] = ['published', 'drafts'];

/** Parameters of the queries that take some; one run per value. */
const PARAMS: Record<string, Record<string, unknown>[]> = {
  pageHeroQuery: PAGE_HERO_PAGES.map(({ page }) => ({ id: pageHeroId(page) })),
  textsQuery: COPY_PAGE_IDS.map((page) => ({ id: textsDocumentId(page) })),
};

/** Fields that the schema lets editors leave empty. */
const OPTIONAL_FIELDS = new Set(['heroMessage', 'subtitle', 'button', 'crop', 'hotspot']);

function nullPaths(value: unknown, path = '$'): string[] {
  if (value === null || value === undefined) return [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => nullPaths(item, `${path}[${index}]`));
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
      OPTIONAL_FIELDS.has(key) ? [] : nullPaths(child, `${path}.${key}`),
    );
  }
  return [];
}

const queryEntries: [string, string][] = Object.entries(queries as Record<string, unknown>).filter(
  (entry): entry is [string, string] => typeof entry[1] === 'string',
);

describe('every query of lib/content/queries.ts over the bundled dataset', () => {
  it('the module has the queries the site reads', () => {
    expect(queryEntries.map(([name]) => name).sort()).toEqual([
      'homePageQuery',
      'joinUsPageQuery',
      'membershipPageQuery',
      'pageHeroQuery',
      'privacyPolicyQuery',
      'servicesPageQuery',
      'siteSettingsQuery',
      'textsQuery',
    ]);
  });

  for (const [name, query] of queryEntries) {
    for (const perspective of PERSPECTIVES) {
      for (const params of PARAMS[name] ?? [{}]) {
        it(`${name} ${JSON.stringify(params)} (${perspective}) finds its document with every required field`, async () => {
          const result = await queryBundledDataset(query, params, perspective);
          expect(result).not.toBeNull();
          expect(nullPaths(result)).toEqual([]);
        });
      }
    }
  }
});

describe('the static copy of the spec, as published', () => {
  it('site settings: title, contact email, three badges (the chat one without a link), footer', async () => {
    const settings = await queryBundledDataset(queries.siteSettingsQuery);
    expect(settings).toMatchObject({
      title: 'TELFER CHINESE STUDENT ASSOCIATION',
      contactEmail: 'tcsa.telfer@gmail.com',
      footerText: '© 2025 TCSA',
      socialAccounts: [
        { platform: 'short-video', link: 'https://www.douyin.com/user/tcsa_telfer' },
        { platform: 'chat', link: '' },
        { platform: 'lifestyle', link: 'https://www.xiaohongshu.com/user/profile/tcsa_telfer' },
      ],
    });
  });

  it('home page: hero, the Join us call to action and the roadmap of spec section 9', async () => {
    const home = await queryBundledDataset(queries.homePageQuery);
    expect(home).toMatchObject({
      heroTitle: 'TELFER CHINESE STUDENT ASSOCIATION',
      ctaText: 'Join us',
      ctaLink: '/joinus',
      roadmapTitle: 'CLUB ROADMAP',
      teamTitle: 'OUR TEAM STRUCTURE',
      eventsTitle: 'UPCOMING EVENTS',
      sponsorsTitle: 'Our Sponsors & Partners',
      roadmap: [
        { year: 2023, events: 2, peopleInfluenced: 3300 },
        { year: 2024, events: 10, peopleInfluenced: 4527 },
        { year: 2025, events: 6, peopleInfluenced: 3836 },
      ],
    });
  });

  it('join-us page: hero, the three benefits in order, positions heading and form copy', async () => {
    const joinUs = (await queryBundledDataset(queries.joinUsPageQuery)) as {
      benefits: { title: string }[];
    };
    expect(joinUs).toMatchObject({
      heroTitle: 'BECOME A MEMBER OF TCSA',
      positionsTitle: 'Available Positions',
      formTitle: 'Tell us About Yourself !',
      nameLabel: 'Name',
      emailLabel: 'Email',
      positionLabel: 'Position Applying For',
      resumeLabel: 'Upload Resume',
      submitLabel: 'Submit',
      submitConfirmation: 'Are you sure you want to submit your application?',
    });
    expect(joinUs.benefits.map((benefit) => benefit.title)).toEqual([
      'Professional Growth & Networking',
      'Leadership & Real-society Experience',
      'Community & Campus Engagement',
    ]);
  });

  it('services page: hero, the four showcases (Explore Designs to /designs) and the form copy', async () => {
    const services = (await queryBundledDataset(queries.servicesPageQuery)) as {
      showcases: { title: string; button: unknown }[];
    };
    expect(services).toMatchObject({
      heroTitle: 'COLLABORATE WITH US',
      formTitle: 'Let us contact you',
      nameLabel: 'Name / Organization Name',
      emailLabel: 'Email',
      needsLabel: 'Tell us about your needs!',
      submitLabel: 'Send',
    });
    expect(services.showcases.map(({ title, button }) => ({ title, button }))).toEqual([
      { title: 'Video Production', button: null },
      {
        title: 'Marketing Materials Design',
        button: { text: 'Explore Designs', link: '/designs' },
      },
      { title: 'Website Design & Development', button: null },
      { title: 'Event Hosting Service', button: null },
    ]);
  });

  it('privacy policy: ten headed sections, PIPEDA named, a placeholder effective date', async () => {
    const policy = (await queryBundledDataset(queries.privacyPolicyQuery)) as {
      effectiveDate: string;
      body: { style?: string; children?: { text: string }[] }[];
    };
    const headings = policy.body
      .filter((block) => block.style === 'h2')
      .map((block) => block.children?.map((child) => child.text).join(''));
    expect(headings).toEqual([
      '1. Information we collect',
      '2. How we use your information',
      '3. Consent',
      '4. Cookies',
      '5. Third-party services',
      '6. Data storage and security',
      '7. Disclosure of information',
      '8. Your rights',
      '9. Contact us',
      '10. Updates to this policy',
    ]);
    expect(JSON.stringify(policy.body)).toContain('(PIPEDA)');
    expect(policy.effectiveDate).toBe('2025-01-01');
  });

  it('page heroes: the titles of spec section 2', async () => {
    const heroes: Record<string, unknown> = {};
    for (const { page } of PAGE_HERO_PAGES) {
      heroes[page] = await queryBundledDataset(queries.pageHeroQuery, { id: pageHeroId(page) });
    }
    expect(heroes).toEqual({
      events: {
        page: 'events',
        title: 'EVENTS',
        subtitle: 'Stay Connected, Stay Inspired. Discover Our Events!',
      },
      alumni: { page: 'alumni', title: 'MEET THE ALUMNI', subtitle: null },
      resources: { page: 'resources', title: 'USEFUL RESOURCES', subtitle: null },
      designs: { page: 'designs', title: 'Design Portfolio', subtitle: null },
      partnerships: { page: 'partnerships', title: 'OUR PARTNERS', subtitle: null },
    });
  });
});
