import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@sanity/client';
import { evaluate, parse, type ObjectTypeNode, type SchemaType, type TypeNode } from 'groq-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_PAGE_IDS, defaultCopy, textsDocumentId, type CopyPage } from '@/lib/copy/catalogue';
import { PAGE_HERO_PAGES } from '@/schemas';
import {
  PLANTED,
  PLANTED_TEXT,
  PLANTED_WORDS,
  pageDocumentFields,
  plantedDataset,
  readDataset,
  writeDataset,
  type DatasetDocument,
} from '@/tests/e2e/support/planted-dataset';
import { documentTypes } from '@/schemas/documents';
import { objectTypes } from '@/schemas/objects';
import { singletonTypes } from '@/schemas/singletons';

/**
 * Copy of the wrong shape planted in a copy of the bundled dataset, in every field of every page
 * document (the singletons, the social accounts and the texts documents) and in the fields of
 * their lists and objects, read back through the site's own reads: offline (the planted copy is
 * the bundled dataset, so it is its own fallback), and through a Content Lake stand-in that
 * answers from the planted copy, with the bundled dataset planted too (a project imported from
 * it) or intact. Every read must come back in the schema's shape: words where a text belongs
 * (the planted rich text's, else the bundled or nothing), lists of items of the list's kind,
 * never an object where the page renders a string. `tests/e2e/copy-shapes.spec.ts` loads every
 * page over the same planted copies.
 */

const DATASET = path.resolve('studio/dataset/production.ndjson');
const SCHEMA = JSON.parse(readFileSync('studio/schema.json', 'utf8')) as SchemaType;
const work = mkdtempSync(path.join(tmpdir(), 'tcsa-planted-'));
const plantedFile = path.join(work, 'planted.ndjson');

const original = readDataset(DATASET);
const WORDS = PLANTED_WORDS;
const PAGE_DOCUMENT_TYPES = new Set(pageDocumentFields().keys());
const planted = (value: unknown, depth: 0 | 1) => plantedDataset(original, value, depth);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The Content Lake stand-in: GROQ over the planted copy's published documents.
let lakeDocuments: DatasetDocument[] = original;
let server: Server;
const lake = vi.hoisted(() => ({ url: '' as string | null }));

vi.mock('next/headers', () => ({
  draftMode: vi.fn(async () => ({ isEnabled: false, enable: vi.fn(), disable: vi.fn() })),
  cookies: vi.fn(async () => ({ get: () => undefined, has: () => false })),
}));

vi.mock('@/lib/content/client', () => ({
  getSanityClient: () =>
    lake.url
      ? createClient({
          projectId: 'standin',
          dataset: 'production',
          apiVersion: '2025-10-01',
          apiHost: lake.url,
          useProjectHostname: false,
          useCdn: false,
          maxRetries: 0,
        })
      : null,
}));

beforeAll(async () => {
  const { applyPerspective, resolveExportedAssets } = await import('@/lib/content/bundled');
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://lake');
    const query = url.searchParams.get('query') ?? '';
    const params: Record<string, unknown> = {};
    for (const [name, value] of url.searchParams) {
      if (name.startsWith('$')) params[name.slice(1)] = JSON.parse(value);
    }
    const dataset = applyPerspective(resolveExportedAssets(lakeDocuments), 'published');
    Promise.resolve(evaluate(parse(query, { params }), { dataset, params }))
      .then((value) => value.get())
      .then((result: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ms: 1, query, result }));
      })
      .catch((error: unknown) => {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { description: String(error) } }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  lake.url = null;
  lakeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
let lakeUrl = '';

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

type Source = 'offline' | 'lake, bundled planted too' | 'lake, bundled intact';

async function useSource(source: Source, documents: DatasetDocument[]) {
  vi.stubEnv('PGLITE_DATA_DIR', path.join(work, 'pglite'));
  vi.stubEnv('TCSA_ENABLE_TEST_FAULTS', '1');
  writeDataset(plantedFile, source === 'lake, bundled intact' ? original : documents);
  vi.stubEnv('TCSA_TEST_DATASET', plantedFile);
  lakeDocuments = documents;
  lake.url = source === 'offline' ? null : lakeUrl;
  const { resetServerEnvForTests } = await import('@/lib/env/server');
  resetServerEnvForTests();
  const { resetLakeFallbackForTests } = await import('@/lib/content/lake-fallback');
  resetLakeFallbackForTests();
}

type Read = { name: string; query: string; read: () => Promise<unknown> };

/** Every read of a page document the site makes, in both perspectives offline. */
async function siteReads(perspective: 'published' | 'drafts'): Promise<Read[]> {
  const content = await import('@/lib/content');
  const queries = await import('@/lib/content/queries');
  const options = { perspective };
  return [
    {
      name: 'siteSettings',
      query: queries.siteSettingsQuery,
      read: () => content.getSiteSettings(options),
    },
    { name: 'homePage', query: queries.homePageQuery, read: () => content.getHomePage(options) },
    {
      name: 'joinUsPage',
      query: queries.joinUsPageQuery,
      read: () => content.getJoinUsPage(options),
    },
    {
      name: 'servicesPage',
      query: queries.servicesPageQuery,
      read: () => content.getServicesPage(options),
    },
    {
      name: 'privacyPolicy',
      query: queries.privacyPolicyQuery,
      read: () => content.getPrivacyPolicy(options),
    },
    {
      name: 'membershipPage',
      query: queries.membershipPageQuery,
      read: () => content.getMembershipPage(options),
    },
    ...PAGE_HERO_PAGES.map(({ page }) => ({
      name: `pageHero ${page}`,
      query: queries.pageHeroQuery,
      read: () => content.getPageHero(page, options),
    })),
  ];
}

/** The schema's type of a query's result (what typegen writes to sanity.types.ts). */
async function typeOf(query: string): Promise<TypeNode> {
  const { queryType } = await import('@/lib/content/shapes');
  return queryType(query);
}

/**
 * Where a value is not of the type's kind, told apart from the site's own check
 * (lib/content/coerce.ts), so that the test does not grade the check by itself.
 */
function misfits(value: unknown, type: TypeNode, where: string): string[] {
  const resolved =
    type.type === 'inline'
      ? (() => {
          const declared = SCHEMA.find((entry) => entry.name === type.name);
          if (!declared) return { type: 'unknown' } as TypeNode;
          return declared.type === 'type'
            ? declared.value
            : ({ type: 'object', attributes: declared.attributes } as TypeNode);
        })()
      : type;
  switch (resolved.type) {
    case 'union': {
      if (value === null && resolved.of.some((member) => member.type === 'null')) return [];
      const candidates = resolved.of.filter((member) => member.type !== 'null');
      const results = candidates.map((member) => misfits(value, member, where));
      return results.some((found) => found.length === 0)
        ? []
        : (results.find((found) => found.length > 0) ?? []);
    }
    case 'string':
      if (value === null) return [];
      if (typeof value !== 'string') return [`${where}: ${JSON.stringify(value)} is not a text`];
      if (resolved.value !== undefined && value !== resolved.value) {
        return [`${where}: '${value}' is not '${resolved.value}'`];
      }
      return value.trim() === '' && resolved.value === undefined ? [`${where}: blank`] : [];
    case 'number':
      return value === null || (typeof value === 'number' && Number.isFinite(value))
        ? []
        : [`${where}: ${JSON.stringify(value)} is not a number`];
    case 'boolean':
      return value === null || typeof value === 'boolean' ? [] : [`${where}: not a yes/no`];
    case 'array':
      if (!Array.isArray(value)) return [`${where}: ${JSON.stringify(value)} is not a list`];
      return value.flatMap((item, index) => misfits(item, resolved.of, `${where}[${index}]`));
    case 'object': {
      if (value === null) return [];
      if (!isRecord(value)) return [`${where}: ${JSON.stringify(value)} is not an object`];
      return Object.entries((resolved as ObjectTypeNode).attributes).flatMap(([key, attribute]) =>
        key.startsWith('_') || (attribute.optional && value[key] === undefined)
          ? []
          : misfits(value[key] ?? null, attribute.value, `${where}.${key}`),
      );
    }
    default:
      return [];
  }
}

/** The plain text fields of a read's type, at its top level (enumerations left out). */
function textFields(type: TypeNode): string[] {
  const object =
    type.type === 'union' ? type.of.find((member) => member.type === 'object') : undefined;
  if (!object || object.type !== 'object') return [];
  return Object.entries(object.attributes)
    .filter(([, attribute]) => {
      const value = attribute.value;
      const members = value.type === 'union' ? value.of : [value];
      return members.some((member) => member.type === 'string' && member.value === undefined);
    })
    .map(([key]) => key);
}

/** The reads of the intact dataset offline: what a field falls back to when the bundled copy is intact. */
const intact = new Map<string, Record<string, unknown>>();

describe('the schema the check reads', () => {
  it('has every field of the Studio’s document types (npm run typegen extracts it again)', () => {
    for (const type of [...singletonTypes, ...documentTypes]) {
      const declared = SCHEMA.find((entry) => entry.name === type.name);
      expect(declared?.type, type.name).toBe('document');
      const extracted = Object.keys(declared?.type === 'document' ? declared.attributes : {});
      for (const field of (type as { fields: { name: string }[] }).fields) {
        expect(extracted, `${type.name}.${field.name} in studio/schema.json`).toContain(field.name);
      }
    }
  });
});

describe('the intact bundled dataset', () => {
  it('passes the check unchanged: every query, both perspectives', async () => {
    await useSource('offline', original);
    const { contentFetch } = await import('@/lib/content/fetch');
    const { queryBundledDataset } = await import('@/lib/content/bundled');
    const queries = await import('@/lib/content/queries');
    const { pageHeroId } = await import('@/schemas');
    const reads: [string, Record<string, unknown>][] = [
      [queries.siteSettingsQuery, {}],
      [queries.homePageQuery, {}],
      [queries.joinUsPageQuery, {}],
      [queries.servicesPageQuery, {}],
      [queries.privacyPolicyQuery, {}],
      [queries.membershipPageQuery, {}],
      ...PAGE_HERO_PAGES.map(({ page }): [string, Record<string, unknown>] => [
        queries.pageHeroQuery,
        { id: pageHeroId(page) },
      ]),
      ...COPY_PAGE_IDS.map((page): [string, Record<string, unknown>] => [
        queries.textsQuery,
        { id: textsDocumentId(page) },
      ]),
    ];
    for (const perspective of ['published', 'drafts'] as const) {
      for (const [query, params] of reads) {
        const checked = await contentFetch({ query, params, tags: ['test'], perspective });
        expect(checked, `${query.trim().slice(0, 40)} ${JSON.stringify(params)}`).toEqual(
          await queryBundledDataset(query, params, perspective),
        );
      }
    }
    expect(vi.mocked(console.warn)).not.toHaveBeenCalled();
  });
});

describe('the field kinds planted', () => {
  it('cover every kind of the page documents: string, text, rich text, list, image and link', () => {
    const objectFields = new Map<string, { name: string; type: string }[]>(
      objectTypes.map((type) => [
        type.name,
        ((type as { fields?: { name: string; type: string }[] }).fields ?? []).map((f) => f),
      ]),
    );
    const kinds = new Set<string>();
    const kindOf = (field: { name: string; type: string }): string => {
      if (field.type === 'url' || /link$/i.test(field.name) || field.type === 'linkButton') {
        return 'link';
      }
      if (field.type === 'blockContent') return 'rich text';
      return field.type;
    };
    for (const type of [...singletonTypes, ...documentTypes]) {
      for (const field of (type as { fields: { name: string; type: string }[] }).fields) {
        kinds.add(kindOf(field));
        for (const inner of objectFields.get(field.type) ?? []) kinds.add(kindOf(inner));
      }
      for (const field of (type as { fields: { type: string; of?: { type: string }[] }[] })
        .fields) {
        for (const member of field.of ?? []) {
          for (const inner of objectFields.get(member.type) ?? []) kinds.add(kindOf(inner));
        }
      }
    }
    for (const kind of ['string', 'text', 'rich text', 'array', 'image', 'link']) {
      expect(kinds, kind).toContain(kind);
    }
  });
});

describe('copy of the wrong shape planted in a copy of the bundled dataset', () => {
  beforeAll(async () => {
    await useSource('offline', original);
    for (const { name, read } of await siteReads('published')) {
      intact.set(name, (await read()) as Record<string, unknown>);
    }
  });

  const sources: Source[] = ['offline', 'lake, bundled planted too', 'lake, bundled intact'];
  for (const source of sources) {
    for (const depth of [0, 1] as const) {
      for (const [label, value] of Object.entries(PLANTED)) {
        it(`${source}: ${label} in every ${depth === 0 ? 'field' : "list item's and object's field"}`, async () => {
          await useSource(source, planted(value, depth));
          const perspectives =
            source === 'offline' ? (['published', 'drafts'] as const) : (['published'] as const);
          const found: string[] = [];
          for (const perspective of perspectives) {
            for (const { name, query, read } of await siteReads(perspective)) {
              const type = await typeOf(query);
              const result = (await read()) as Record<string, unknown> | null;
              expect(result, `${name} (${perspective})`).not.toBeNull();
              found.push(...misfits(result, type, `${name} (${perspective})`));
              if (depth !== 0) continue;
              // A plain text field: the planted words, else the intact bundled text or nothing.
              for (const field of textFields(type)) {
                const shown = result![field];
                const words =
                  label === 'rich text with a link'
                    ? WORDS
                    : label === 'a plain text'
                      ? PLANTED_TEXT
                      : null;
                const spare = source === 'lake, bundled intact' ? intact.get(name)![field] : null;
                expect(shown, `${name}.${field} (${perspective})`).toBe(words ?? spare ?? null);
              }
            }
          }
          expect(found).toEqual([]);

          // The texts documents: the planted words, else the built-in text, every field.
          const { getCopy } = await import('@/lib/copy/read');
          for (const page of COPY_PAGE_IDS) {
            const copy = (await getCopy(page as CopyPage)) as Record<string, string>;
            const defaults = defaultCopy(page as CopyPage) as Record<string, string>;
            for (const [key, text] of Object.entries(defaults)) {
              const shown = copy[key];
              expect(typeof shown, `${textsDocumentId(page)}.${key}`).toBe('string');
              if (depth === 0 && source !== 'lake, bundled intact') {
                expect(shown, `${textsDocumentId(page)}.${key}`).toBe(
                  label === 'rich text with a link'
                    ? WORDS
                    : label === 'a plain text'
                      ? PLANTED_TEXT
                      : text,
                );
              }
            }
          }
        });
      }
    }
  }
});

describe('the examples of the issue, each alone', () => {
  const richTitle = PLANTED['rich text with a link'];
  for (const [document, field, value, words] of [
    ['homePage', 'heroTitle', richTitle, WORDS],
    ['homePage', 'heroMessage', richTitle, WORDS],
    ['membershipPage', 'heroMessage', { not: 'a text' }, null],
  ] as const) {
    it(`${document}.${field} as ${words ? 'rich text' : 'an object'} in the bundled dataset`, async () => {
      const documents = structuredClone(original);
      documents.find((entry) => entry._id === document)![field] = structuredClone(value);
      await useSource('offline', documents);
      const content = await import('@/lib/content');
      const read =
        document === 'homePage' ? await content.getHomePage() : await content.getMembershipPage();
      const result = read as Record<string, unknown>;
      expect(result[field]).toBe(words);
      // The other fields keep their bundled words.
      const other = document === 'homePage' ? 'ctaText' : 'intro';
      expect(typeof result[other]).toBe('string');
      // What the check replaced in the bundled copy is said to whoever runs the site.
      expect(vi.mocked(console.warn).mock.calls.flat().join('\n')).toContain(
        `${field}: ${words ? 'rich text' : 'an object'} where a text belongs`,
      );
    });
  }
});

describe('the import checks the dataset the same way', () => {
  it('finds nothing of another shape in the bundled dataset', async () => {
    const { datasetShapeProblems } = await import('@/lib/content/dataset-check');
    expect(datasetShapeProblems(original)).toEqual([]);
  });

  it('names each planted value, in every page document', async () => {
    const { datasetShapeProblems } = await import('@/lib/content/dataset-check');
    const problems = datasetShapeProblems(planted(PLANTED['an object'], 0));
    for (const document of original.filter((entry) => PAGE_DOCUMENT_TYPES.has(entry._type))) {
      expect(
        problems.some(({ path }) => path.startsWith(`${document._id}.`)),
        document._id,
      ).toBe(true);
    }
    expect(problems).toContainEqual({
      path: 'homePage.heroTitle',
      found: 'an object',
      expected: 'a text',
    });
    expect(datasetShapeProblems(planted(PLANTED['rich text with a link'], 0))).toContainEqual({
      path: 'homePage.roadmap[0]',
      found: 'a paragraph of rich text',
      expected: 'an object',
    });
  });

  it('npm run content:import refuses a dataset with values of another shape, naming them', () => {
    const folder = path.join(work, 'import');
    mkdirSync(path.join(folder, 'studio', 'dataset'), { recursive: true });
    copyFileSync('studio/schema.json', path.join(folder, 'studio', 'schema.json'));
    const documents = structuredClone(original);
    documents.find((entry) => entry._id === 'homePage')!.heroTitle =
      PLANTED['rich text with a link'];
    writeFileSync(
      path.join(folder, 'studio', 'dataset', 'production.ndjson'),
      documents.map((document) => JSON.stringify(document)).join('\n'),
    );
    const run = spawnSync(
      path.resolve('node_modules/.bin/tsx'),
      ['--conditions=react-server', path.resolve('scripts/content-import.ts')],
      {
        cwd: folder,
        encoding: 'utf8',
        env: {
          ...process.env,
          TSX_TSCONFIG_PATH: path.resolve('tsconfig.json'),
          NEXT_PUBLIC_SANITY_PROJECT_ID: 'never-reached',
        },
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('homePage.heroTitle: rich text where a text belongs');
  });
});
