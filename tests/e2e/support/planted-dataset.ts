import { readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs';

/**
 * Copies of the bundled dataset with copy of the wrong shape planted in them, as an import, the
 * API or an edit of the file could leave it: the same planted values for the unit test that reads
 * them back (tests/unit/content/planted-shapes.test.ts) and the end-to-end test that loads every
 * page over them (copy-shapes.spec.ts). A test server reads such a copy through
 * TCSA_TEST_DATASET.
 */

export type DatasetDocument = { _id: string; _type: string } & Record<string, unknown>;

type SchemaEntry = {
  type: string;
  name: string;
  attributes?: Record<string, unknown>;
};

export function readDataset(file = 'studio/dataset/production.ndjson'): DatasetDocument[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as DatasetDocument);
}

const schema = () => JSON.parse(readFileSync('studio/schema.json', 'utf8')) as SchemaEntry[];

/**
 * The fields of each page document type (the singletons, the social accounts, the texts
 * documents), as the schema the Studio edits has them: every document type but Sanity's own.
 */
export function pageDocumentFields(): Map<string, string[]> {
  return new Map(
    schema()
      .filter((entry) => entry.type === 'document' && !entry.name.startsWith('sanity.'))
      .map((entry) => [entry.name, fieldsOf(entry.attributes ?? {})]),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const fieldsOf = (value: Record<string, unknown>) =>
  Object.keys(value).filter((key) => !key.startsWith('_'));

/** The words of the planted rich text (a paragraph with a link in it). */
export const PLANTED_WORDS = 'Planted words';

/** The planted plain text. */
export const PLANTED_TEXT = 'Planted text';

/** Wrong values an import, the API or an edit of the bundled file could store in any field. */
export const PLANTED: Record<string, unknown> = {
  'rich text with a link': [
    {
      _type: 'block',
      _key: 'planted',
      style: 'normal',
      markDefs: [{ _type: 'link', _key: 'l1', href: 'https://example.org/planted' }],
      children: [
        { _type: 'span', _key: 's1', text: 'Planted ', marks: [] },
        { _type: 'span', _key: 's2', text: 'words', marks: ['l1'] },
      ],
    },
  ],
  'an object': { planted: { deeper: true } },
  'a number': 42,
  'a yes/no': true,
  'a list of texts': ['planted', 'list'],
  'an image': { _type: 'image', asset: { _type: 'reference', _ref: 'image-planted-10x10-png' } },
  'a plain text': PLANTED_TEXT,
  'an empty list': [],
};

/**
 * The dataset with `value` in every field of every page document (`depth` 0: every field its
 * type has, those it leaves empty too), or in every field of their lists' items and objects
 * (`depth` 1); drafts and release versions included.
 */
export function plantedDataset(
  original: readonly DatasetDocument[],
  value: unknown,
  depth: 0 | 1,
): DatasetDocument[] {
  const fields = pageDocumentFields();
  const copy = structuredClone(original) as DatasetDocument[];
  for (const document of copy) {
    const typeFields = fields.get(document._type);
    if (!typeFields) continue;
    for (const field of depth === 0 ? typeFields : fieldsOf(document)) {
      if (depth === 0) {
        document[field] = structuredClone(value);
        continue;
      }
      const inner = document[field];
      const targets = Array.isArray(inner)
        ? inner.filter(isRecord)
        : isRecord(inner)
          ? [inner]
          : [];
      for (const target of targets) {
        for (const key of fieldsOf(target)) target[key] = structuredClone(value);
      }
    }
  }
  return copy;
}

let version = 1_700_000_000;

/**
 * Writes a dataset whole (a reader never sees half a file) with a modification time of its own,
 * so that a server reading the file sees it changed however fast the rounds follow each other.
 */
export function writeDataset(file: string, documents: readonly DatasetDocument[]): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, documents.map((document) => JSON.stringify(document)).join('\n'));
  version += 1;
  utimesSync(temporary, version, version);
  renameSync(temporary, file);
}
