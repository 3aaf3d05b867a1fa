import { describe, expect, it } from 'vitest';
import {
  applyPerspective,
  bundledDocuments,
  parseNdjson,
  queryBundledDataset,
  queryDocuments,
  resolveExportedAssets,
  type ContentDocument,
} from '@/lib/content/bundled';
import { servicesPageQuery, siteSettingsQuery } from '@/lib/content/queries';

/** A small dataset in the export format: a page referencing an author that has a draft. */
const FIXTURE: ContentDocument[] = [
  { _id: 'author-1', _type: 'author', name: 'Published name' },
  { _id: 'drafts.author-1', _type: 'author', name: 'Draft name' },
  {
    _id: 'page-1',
    _type: 'page',
    title: 'Published page',
    author: { _type: 'reference', _ref: 'author-1' },
  },
  { _id: 'drafts.page-2', _type: 'page', title: 'Never published' },
  { _id: 'versions.rSpring.page-1', _type: 'page', title: 'Release version' },
  { _id: '_.releases.rSpring', _type: 'system.release', name: 'rSpring' },
];

const PAGES_WITH_AUTHOR =
  '*[_type == "page"] | order(_id asc){ _id, _originalId, title, "author": author->name }';

describe('perspectives over an exported dataset', () => {
  it('published: only published documents, no drafts, no release versions, no system documents', () => {
    const ids = applyPerspective(FIXTURE, 'published').map((document) => document._id);
    expect(ids).toEqual(['author-1', 'page-1']);
  });

  it('drafts: each draft replaces its published document under the published id, keeping _originalId', () => {
    const documents = applyPerspective(FIXTURE, 'drafts');
    expect(documents.map((document) => document._id).sort()).toEqual([
      'author-1',
      'page-1',
      'page-2',
    ]);
    const author = documents.find((document) => document._id === 'author-1');
    expect(author).toMatchObject({ name: 'Draft name', _originalId: 'drafts.author-1' });
    expect(documents.find((document) => document._id === 'page-1')).toMatchObject({
      title: 'Published page',
      _originalId: 'page-1',
    });
  });

  it('a dereference follows the published document in the published perspective', async () => {
    const result = await queryDocuments(applyPerspective(FIXTURE, 'published'), PAGES_WITH_AUTHOR);
    expect(result).toEqual([
      { _id: 'page-1', _originalId: null, title: 'Published page', author: 'Published name' },
    ]);
  });

  it('a dereference follows the draft in the drafts perspective, and never-published drafts appear', async () => {
    const result = await queryDocuments(applyPerspective(FIXTURE, 'drafts'), PAGES_WITH_AUTHOR);
    expect(result).toEqual([
      { _id: 'page-1', _originalId: 'page-1', title: 'Published page', author: 'Draft name' },
      { _id: 'page-2', _originalId: 'drafts.page-2', title: 'Never published', author: null },
    ]);
  });

  it('a release version is never seen, in either perspective', async () => {
    for (const perspective of ['published', 'drafts'] as const) {
      const titles = await queryDocuments(
        applyPerspective(FIXTURE, perspective),
        '*[_type == "page"].title',
      );
      expect(titles).not.toContain('Release version');
    }
  });
});

describe('the bundled dataset (studio/dataset/production.ndjson)', () => {
  it('holds every document once, with drafts, a release version and a release', () => {
    const published = bundledDocuments('published').map((document) => document._id);
    expect(new Set(published).size).toBe(published.length);
    expect(published).toEqual(
      expect.arrayContaining([
        'siteSettings',
        'homePage',
        'joinUsPage',
        'servicesPage',
        'privacyPolicy',
        'pageHero-events',
        'pageHero-alumni',
        'pageHero-resources',
        'pageHero-designs',
        'pageHero-partnerships',
      ]),
    );
    expect(published.some((id) => id.startsWith('drafts.') || id.startsWith('versions.'))).toBe(
      false,
    );
  });

  it('published by default: the site settings dereference the published social accounts', async () => {
    const settings = (await queryBundledDataset(siteSettingsQuery)) as {
      socialAccounts: { label: string; handle: string }[];
    };
    expect(settings.socialAccounts.map((account) => account.handle)).toEqual([
      '@tcsa_telfer',
      'TCSA_Telfer',
      '@TCSA渥大',
    ]);
  });

  it('drafts perspective: the same reference now resolves to the social account draft', async () => {
    const settings = (await queryBundledDataset(siteSettingsQuery, {}, 'drafts')) as {
      socialAccounts: { label: string; handle: string }[];
    };
    expect(settings.socialAccounts.map((account) => account.handle)).toEqual([
      '@tcsa_telfer',
      'TCSA_Telfer',
      '@TCSA_uOttawa',
    ]);
  });

  it('the services page draft differs visibly from the published page, and its release version never shows', async () => {
    const published = (await queryBundledDataset(servicesPageQuery, {}, 'published')) as {
      heroMessage: string;
    };
    const draft = (await queryBundledDataset(servicesPageQuery, {}, 'drafts')) as {
      heroMessage: string;
    };
    expect(published.heroMessage).toBe(
      'Video, design, web and event services by Telfer students, for clubs, companies and community partners.',
    );
    expect(draft.heroMessage).toBe(
      'Now booking for the winter term: tell us about your project and our team will reply within three days.',
    );
    const versionMessages = await queryBundledDataset(
      '*[_id in path("versions.**")].heroMessage',
      {},
      'drafts',
    );
    expect(versionMessages).toEqual([]);
  });

  it('gives exported images the asset reference and asset document the Content Lake would', async () => {
    const image = await queryBundledDataset(
      '*[_id == "siteSettings"][0].shareImage{ asset, "url": asset->url, "width": asset->metadata.dimensions.width }',
    );
    expect(image).toEqual({
      asset: {
        _type: 'reference',
        _ref: 'image-09d5e4e43b3f3b572b869a932361cb57d6fc69f3-1200x630-jpg',
      },
      url: '/content-assets/09d5e4e43b3f3b572b869a932361cb57d6fc69f3-1200x630.jpg',
      width: 1200,
    });
  });
});

describe('reading the export format', () => {
  it('names the line that is not JSON or not a document', () => {
    expect(() => parseNdjson('{"_id":"a","_type":"t"}\n{oops')).toThrow(/Line 2/);
    expect(() => parseNdjson('{"_id":"a","_type":"t"}\n\n{"title":"x"}')).toThrow(
      /Line 3 of the dataset is not a document/,
    );
  });

  it('refuses an asset pointer it cannot serve offline', () => {
    const documents: ContentDocument[] = [
      {
        _id: 'x',
        _type: 't',
        image: { _type: 'image', _sanityAsset: 'image@https://example.com/a.png' },
      },
    ];
    expect(() => resolveExportedAssets(documents)).toThrow(/Unsupported asset/);
  });
});
