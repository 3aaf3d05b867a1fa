import 'server-only';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { evaluate, parse } from 'groq-js';
import { getServerEnv } from '../env/server';
import { OFFLINE_ASSET_BASE_PATH } from './image';

/**
 * The dataset bundled in the repository (Sanity's export format, one JSON document per line),
 * queried with groq-js so the site runs offline with the very queries it sends to the Content
 * Lake. groq-js has no perspectives, so both are built here the way the Content Lake defines them:
 *
 * - published: documents whose id has no `drafts.` or `versions.` prefix;
 * - drafts: the published documents, each replaced by its `drafts.` document when one exists
 *   (`_id` rewritten to the published id, the draft's id kept in `_originalId`), plus drafts
 *   that were never published. References therefore resolve to drafts too.
 *
 * Release versions (`versions.<release>.<id>`) and system documents (`_.…`) belong to neither.
 */

export type ContentDocument = { _id: string; _type: string; [key: string]: unknown };

export type Perspective = 'published' | 'drafts';

const DRAFTS_PREFIX = 'drafts.';
const VERSIONS_PREFIX = 'versions.';
const SYSTEM_PREFIX = '_.';

/** Parses NDJSON text into documents, with the line number of any line that is not one. */
export function parseNdjson(text: string): ContentDocument[] {
  const documents: ContentDocument[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`Line ${index + 1} of the dataset is not valid JSON`, { cause: error });
    }
    if (
      typeof value !== 'object' ||
      value === null ||
      typeof (value as { _id?: unknown })._id !== 'string' ||
      typeof (value as { _type?: unknown })._type !== 'string'
    ) {
      throw new Error(`Line ${index + 1} of the dataset is not a document with _id and _type`);
    }
    documents.push(value as ContentDocument);
  });
  return documents;
}

function isVersionOrSystem(id: string): boolean {
  return id.startsWith(VERSIONS_PREFIX) || id.startsWith(SYSTEM_PREFIX);
}

/** The documents a query sees in the given perspective. */
export function applyPerspective(
  documents: readonly ContentDocument[],
  perspective: Perspective,
): ContentDocument[] {
  if (perspective === 'published') {
    return documents.filter(
      (document) => !document._id.startsWith(DRAFTS_PREFIX) && !isVersionOrSystem(document._id),
    );
  }
  const byId = new Map<string, ContentDocument>();
  for (const document of documents) {
    if (document._id.startsWith(DRAFTS_PREFIX) || isVersionOrSystem(document._id)) continue;
    byId.set(document._id, { ...document, _originalId: document._id });
  }
  for (const document of documents) {
    if (!document._id.startsWith(DRAFTS_PREFIX)) continue;
    const publishedId = document._id.slice(DRAFTS_PREFIX.length);
    byId.set(publishedId, { ...document, _id: publishedId, _originalId: document._id });
  }
  return [...byId.values()];
}

const ASSET_PATTERN = /^(image|file)@file:\/\/\.\/(images|files)\/([A-Za-z0-9_-]+)\.([a-z0-9]+)$/;

/**
 * An export keeps assets as files beside the NDJSON (`_sanityAsset: "image@file://./images/…"`),
 * where the Content Lake has an asset reference. This gives each such object the reference the
 * Content Lake would (`image-<name>-<ext>`) and returns the asset documents it points to, whose
 * `url` is where the site serves the file offline.
 */
export function resolveExportedAssets(documents: readonly ContentDocument[]): ContentDocument[] {
  const assets = new Map<string, ContentDocument>();

  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Record<string, unknown>);
    const result: Record<string, unknown> = {};
    for (const [key, child] of entries) {
      if (key !== '_sanityAsset') result[key] = visit(child);
    }
    const pointer = (value as { _sanityAsset?: unknown })._sanityAsset;
    if (typeof pointer === 'string') {
      const match = ASSET_PATTERN.exec(pointer);
      if (!match) throw new Error(`Unsupported asset in the bundled dataset: ${pointer}`);
      const [, kind, , name, extension] = match as unknown as [
        string,
        string,
        string,
        string,
        string,
      ];
      const assetId = `${kind}-${name}-${extension}`;
      result.asset = { _type: 'reference', _ref: assetId };
      if (!assets.has(assetId)) {
        const dimensions = /-(\d+)x(\d+)$/.exec(name);
        const width = Number(dimensions?.[1] ?? 0);
        const height = Number(dimensions?.[2] ?? 0);
        assets.set(assetId, {
          _id: assetId,
          _type: kind === 'image' ? 'sanity.imageAsset' : 'sanity.fileAsset',
          extension,
          originalFilename: `${name}.${extension}`,
          url: `${OFFLINE_ASSET_BASE_PATH}/${name}.${extension}`,
          path: `${OFFLINE_ASSET_BASE_PATH}/${name}.${extension}`,
          ...(kind === 'image' && width && height
            ? {
                metadata: {
                  _type: 'sanity.imageMetadata',
                  dimensions: {
                    _type: 'sanity.imageDimensions',
                    width,
                    height,
                    aspectRatio: width / height,
                  },
                },
              }
            : {}),
        });
      }
    }
    return result;
  };

  const resolved = documents.map((document) => visit(document) as ContentDocument);
  return [...resolved, ...assets.values()];
}

/** Runs a GROQ query over documents, as the Content Lake would over a dataset. */
export async function queryDocuments(
  documents: readonly ContentDocument[],
  query: string,
  params: Record<string, unknown> = {},
): Promise<unknown> {
  const tree = parse(query, { params });
  const value = await evaluate(tree, { dataset: documents, params });
  return value.get();
}

/** The bundled dataset's file, when it last changed, and a way to read it. */
type DatasetSource = { file: string; modified: number; read: () => string };

/**
 * The bundled dataset's file; a test server (TCSA_ENABLE_TEST_FAULTS=1) may name a copy with
 * TCSA_TEST_DATASET, with copy of the wrong shape planted in it.
 */
function datasetSource(): DatasetSource {
  const env = getServerEnv();
  if (env.TCSA_ENABLE_TEST_FAULTS === '1' && env.TCSA_TEST_DATASET) {
    const testFile = path.resolve(env.TCSA_TEST_DATASET);
    // Not traced: a test server's copy lives outside the project and is never deployed.
    return {
      file: testFile,
      modified: statSync(/*turbopackIgnore: true*/ testFile).mtimeMs,
      read: () => readFileSync(/*turbopackIgnore: true*/ testFile, 'utf8'),
    };
  }
  // The path is spelled out so the build traces only this file, not the whole project.
  const file = path.join(process.cwd(), 'studio', 'dataset', 'production.ndjson');
  return { file, modified: statSync(file).mtimeMs, read: () => readFileSync(file, 'utf8') };
}

type LoadedDataset = {
  file: string;
  modified: number;
  views: Map<Perspective, ContentDocument[]>;
};
let loaded: LoadedDataset | undefined;

/** The bundled dataset's documents in a perspective; re-read when the file changes. */
export function bundledDocuments(perspective: Perspective): ContentDocument[] {
  const { file, modified, read } = datasetSource();
  if (!loaded || loaded.file !== file || loaded.modified !== modified) {
    const documents = resolveExportedAssets(parseNdjson(read()));
    loaded = {
      file,
      modified,
      views: new Map([
        ['published', applyPerspective(documents, 'published')],
        ['drafts', applyPerspective(documents, 'drafts')],
      ]),
    };
  }
  return loaded.views.get(perspective) ?? [];
}

/** Runs a query over the bundled dataset in a perspective. */
export async function queryBundledDataset(
  query: string,
  params: Record<string, unknown> = {},
  perspective: Perspective = 'published',
): Promise<unknown> {
  return queryDocuments(bundledDocuments(perspective), query, params);
}
