/**
 * `npm run content:texts`: writes the pages' "texts" documents of the bundled dataset from
 * lib/copy/catalogue.ts. A new field gets the spec's text; a field whose bundled text differs
 * from the catalogue is kept as it is, so texts edited in the bundled dataset survive. A test
 * fails while the dataset lacks a field of the catalogue.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { COPY_PAGE_IDS, defaultCopy, textsDocumentId } from '../lib/copy/catalogue';

const DATASET = resolve(import.meta.dirname, '../studio/dataset/production.ndjson');

const lines = readFileSync(DATASET, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');
const documents = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const textsIds = new Set(COPY_PAGE_IDS.map(textsDocumentId));
const kept = documents.filter((document) => !textsIds.has(String(document._id)));
const byId = new Map(documents.map((document) => [document._id, document]));

const texts = COPY_PAGE_IDS.map((page) => {
  const id = textsDocumentId(page);
  const existing = byId.get(id) ?? {};
  const defaults = defaultCopy(page);
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  return {
    _id: id,
    _type: id,
    _createdAt: existing._createdAt ?? stamp,
    _updatedAt: existing._updatedAt ?? stamp,
    _rev: existing._rev ?? `texts-${page}-1`,
    ...defaults,
    ...Object.fromEntries(Object.entries(existing).filter(([key]) => Object.hasOwn(defaults, key))),
  };
});

writeFileSync(
  DATASET,
  [...kept, ...texts].map((document) => JSON.stringify(document)).join('\n') + '\n',
);
console.log(`Wrote the texts of ${texts.length} pages to ${DATASET}.`);
