import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TypeNode } from 'groq-js';
import { coerceToType, isPortableText, portableTextToPlain, textOf } from '@/lib/content/coerce';
import { contentSchema } from '@/lib/content/shapes';
import { queryBundledDataset } from '@/lib/content/bundled';
import * as queries from '@/lib/content/queries';
import { COPY_PAGE_IDS, defaultCopy, textsDocumentId, type CopyPage } from '@/lib/copy/catalogue';
import { PAGE_HERO_PAGES, pageHeroId } from '@/schemas';
import { singletonTypes } from '@/schemas/singletons';

/**
 * Copy of the wrong shape (Portable Text in a plain field, a number, an object, an empty text)
 * renders as plain text or as the bundled copy, never as an error: each singleton's every field
 * is read through the site's own reads with a wrong value in it.
 */

const overrides = vi.hoisted(() => ({ current: {} as Record<string, Record<string, unknown>> }));

vi.mock('next/headers', () => ({
  draftMode: vi.fn(async () => ({ isEnabled: false, enable: vi.fn(), disable: vi.fn() })),
  cookies: vi.fn(async () => ({ get: () => undefined, has: () => false })),
}));

// The tests' copy stands in for what an import or the API stored (lib/testing/test-copy.ts).
vi.mock('@/lib/testing/test-copy', () => ({
  withTestCopy: async (id: string, result: unknown) =>
    overrides.current[id] && result && typeof result === 'object'
      ? { ...(result as Record<string, unknown>), ...overrides.current[id] }
      : result,
}));

beforeEach(() => {
  overrides.current = {};
});

const BLOCK_WORDS = 'Words from blocks';
const BLOCKS = [
  {
    _type: 'block',
    _key: 'a',
    style: 'normal',
    markDefs: [],
    children: [{ _type: 'span', _key: 'a1', text: BLOCK_WORDS, marks: [] }],
  },
];

/** Wrong values an import or the API could store in a field of any kind. */
const WRONG_VALUES: [label: string, value: unknown][] = [
  ['Portable Text', BLOCKS],
  ['a number', 42],
  ['an object', { unexpected: true }],
  ['an empty text', ''],
  ['a whitespace-only text', '   \n '],
  ['a yes/no', true],
];

type Read = {
  id: string;
  query: string;
  params: Record<string, unknown>;
  read: () => Promise<unknown>;
};

async function reads(): Promise<Record<string, Read[]>> {
  const content = await import('@/lib/content');
  return {
    siteSettings: [
      {
        id: 'siteSettings',
        query: queries.siteSettingsQuery,
        params: {},
        read: () => content.getSiteSettings(),
      },
    ],
    homePage: [
      {
        id: 'homePage',
        query: queries.homePageQuery,
        params: {},
        read: () => content.getHomePage(),
      },
    ],
    joinUsPage: [
      {
        id: 'joinUsPage',
        query: queries.joinUsPageQuery,
        params: {},
        read: () => content.getJoinUsPage(),
      },
    ],
    servicesPage: [
      {
        id: 'servicesPage',
        query: queries.servicesPageQuery,
        params: {},
        read: () => content.getServicesPage(),
      },
    ],
    privacyPolicy: [
      {
        id: 'privacyPolicy',
        query: queries.privacyPolicyQuery,
        params: {},
        read: () => content.getPrivacyPolicy(),
      },
    ],
    membershipPage: [
      {
        id: 'membershipPage',
        query: queries.membershipPageQuery,
        params: {},
        read: () => content.getMembershipPage(),
      },
    ],
    pageHero: PAGE_HERO_PAGES.map(({ page }) => ({
      id: pageHeroId(page),
      query: queries.pageHeroQuery,
      params: { id: pageHeroId(page) },
      read: () => content.getPageHero(page),
    })),
  };
}

/** Fields of the schema the site does not read (none today): listed here on purpose. */
const NOT_READ: ReadonlySet<string> = new Set<string>([]);

describe('every singleton field with a value of the wrong shape', () => {
  const documentTypes = singletonTypes.filter((type) => !type.name.endsWith('Texts'));

  for (const type of documentTypes) {
    const fields = (
      type as { fields: { name: string; type: string; options?: { list?: unknown[] } }[] }
    ).fields;
    for (const field of fields) {
      it(`${type.name}.${field.name}: plain text or the bundled value, never another shape`, async () => {
        const all = await reads();
        const typeReads = all[type.name];
        expect(typeReads, `a read of ${type.name}`).toBeDefined();
        for (const { id, query, params, read } of typeReads!) {
          const bundled = (await queryBundledDataset(query, params, 'published')) as Record<
            string,
            unknown
          >;
          if (NOT_READ.has(`${type.name}.${field.name}`)) continue;
          expect(Object.keys(bundled), `${id} reads ${field.name}`).toContain(field.name);
          const reference = bundled[field.name];
          for (const [label, value] of WRONG_VALUES) {
            overrides.current = { [id]: { [field.name]: value } };
            const result = (await read()) as Record<string, unknown>;
            const shown = result[field.name];
            if (typeof reference === 'string' && field.options?.list) {
              // One of a fixed set of values: the bundled one, whatever words were put there.
              expect(shown, `${id}.${field.name} with ${label}`).toBe(reference);
            } else if (typeof reference === 'string') {
              // A text: the blocks' words, else the bundled text; always visible characters.
              expect(shown, `${id}.${field.name} with ${label}`).toBe(
                label === 'Portable Text' ? BLOCK_WORDS : reference,
              );
            } else if (isPortableText(reference)) {
              expect(isPortableText(shown), `${id}.${field.name} with ${label}`).toBe(true);
            } else if (reference === null) {
              // An optional field the bundled copy leaves empty: nothing to show in its place,
              // and never an object where the page renders text.
              expect(
                shown === null || typeof shown === 'string' || shown === value,
                `${id}.${field.name} with ${label}`,
              ).toBe(true);
            } else if (Array.isArray(reference)) {
              expect(shown, `${id}.${field.name} with ${label}`).toEqual(reference);
            } else {
              expect(shown, `${id}.${field.name} with ${label}`).toMatchObject(reference as object);
            }
          }
        }
      });
    }
  }
});

describe('every texts field with a value of the wrong shape', () => {
  for (const page of COPY_PAGE_IDS) {
    it(`${textsDocumentId(page)}: plain text or the bundled value`, async () => {
      const { getCopy } = await import('@/lib/copy/read');
      const defaults = defaultCopy(page as CopyPage) as Record<string, string>;
      for (const [label, value] of WRONG_VALUES) {
        overrides.current = {
          [textsDocumentId(page)]: Object.fromEntries(
            Object.keys(defaults).map((key) => [key, value]),
          ),
        };
        vi.resetModules();
        const { getCopy: freshGetCopy } = await import('@/lib/copy/read');
        const copy = (await freshGetCopy(page as CopyPage)) as Record<string, string>;
        for (const [key, text] of Object.entries(defaults)) {
          expect(copy[key], `${page}.${key} with ${label}`).toBe(
            label === 'Portable Text' ? BLOCK_WORDS : text,
          );
        }
      }
      expect(getCopy).toBeDefined();
    });
  }
});

describe('the rule for one text', () => {
  it('keeps a text, takes the words of blocks, and refuses anything else', () => {
    expect(textOf('Hello')).toBe('Hello');
    expect(textOf('  ')).toBeNull();
    expect(textOf(BLOCKS)).toBe(BLOCK_WORDS);
    expect(textOf([{ _type: 'block', children: [] }])).toBeNull();
    expect(textOf(7)).toBeNull();
    expect(textOf({ text: 'x' })).toBeNull();
    expect(portableTextToPlain([...BLOCKS, ...BLOCKS])).toBe(`${BLOCK_WORDS}\n${BLOCK_WORDS}`);
  });

  const text: TypeNode = { type: 'string' };
  const number: TypeNode = { type: 'number' };
  const attribute = (value: TypeNode) => ({ type: 'objectAttribute' as const, value });
  const listOf = (attributes: Record<string, TypeNode>): TypeNode => ({
    type: 'array',
    of: {
      type: 'object',
      attributes: Object.fromEntries(
        Object.entries(attributes).map(([name, value]) => [name, attribute(value)]),
      ),
    },
  });
  const check = () => ({ schema: contentSchema() });

  it('turns a plain text into one paragraph where Portable Text belongs', () => {
    const shaped = coerceToType(
      'One line',
      { type: 'inline', name: 'blockContent' },
      BLOCKS,
      check(),
    ) as unknown[];
    expect(portableTextToPlain(shaped)).toBe('One line');
  });

  it('matches list items by key and leaves out items of the wrong kind or with nothing in them', () => {
    const fallback = [
      { _key: 'a', title: 'A', body: 'Alpha' },
      { _key: 'b', title: 'B', body: 'Beta' },
    ];
    const problems: { path: string; found: string; expected: string }[] = [];
    expect(
      coerceToType(
        [
          { _key: 'b', title: BLOCKS, body: '' },
          'stray',
          { _key: 'c', title: 7 },
          { _key: 'd', title: 'Delta' },
        ],
        listOf({ _key: text, title: text, body: text }),
        fallback,
        { ...check(), problems, path: 'page.benefits' },
      ),
    ).toEqual([
      { _key: 'b', title: BLOCK_WORDS, body: 'Beta' },
      { _key: 'd', title: 'Delta', body: null },
    ]);
    expect(problems).toEqual([
      { path: 'page.benefits[0].title', found: 'rich text', expected: 'a text' },
      { path: 'page.benefits[1]', found: 'a text', expected: 'an object' },
      { path: 'page.benefits[2].title', found: 'a number', expected: 'a text' },
    ]);
  });

  it('keeps numbers numbers and leaves out list items that lose theirs', () => {
    expect(
      coerceToType(
        [
          { year: '2024', events: 3 },
          { year: 'soon', events: 1 },
        ],
        listOf({ year: number, events: number }),
        [{ year: 2023, events: 2 }],
        check(),
      ),
    ).toEqual([{ year: 2024, events: 3 }]);
  });

  it('without a usable value or fallback, a text is nothing and a list is empty', () => {
    const type: TypeNode = {
      type: 'object',
      attributes: {
        title: attribute(text),
        items: attribute(listOf({ title: text })),
        page: attribute({
          type: 'union',
          of: [
            { type: 'string', value: 'events' },
            { type: 'string', value: 'alumni' },
          ],
        }),
      },
    };
    expect(
      coerceToType({ title: { a: 1 }, items: 'x', page: 'home' }, type, undefined, check()),
    ).toEqual({ title: null, items: [], page: null });
    expect(coerceToType({ title: BLOCKS, page: 'alumni' }, type, undefined, check())).toEqual({
      title: BLOCK_WORDS,
      items: [],
      page: 'alumni',
    });
  });
});
