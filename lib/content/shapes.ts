import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, typeEvaluate, type SchemaType, type TypeNode } from 'groq-js';

/**
 * The shapes copy must have: the schema the Studio edits, as `npm run typegen` extracts it
 * (`studio/schema.json`, committed with `sanity.types.ts`, which is made from it, and extracted
 * again before every build), and each query's result type evaluated from it by groq-js, the way
 * typegen writes `sanity.types.ts`. Every read is checked against them (lib/content/coerce.ts), whatever its
 * source: the Content Lake, a draft, or the bundled dataset itself.
 */

type LoadedSchema = { modified: number; schema: SchemaType; types: Map<string, TypeNode> };
let loaded: LoadedSchema | undefined;

function load(): LoadedSchema {
  // The path is spelled out so the build traces only this file, not the whole project.
  const file = path.join(process.cwd(), 'studio', 'schema.json');
  const modified = statSync(file).mtimeMs;
  if (!loaded || loaded.modified !== modified) {
    const schema = JSON.parse(readFileSync(file, 'utf8')) as SchemaType;
    if (!Array.isArray(schema)) throw new Error('studio/schema.json is not a list of types');
    loaded = { modified, schema, types: new Map() };
  }
  return loaded;
}

/** The schema the Studio edits. */
export function contentSchema(): SchemaType {
  return load().schema;
}

/** The type of a query's result, as the schema says (kept until the schema changes). */
export function queryType(query: string): TypeNode {
  const current = load();
  let type = current.types.get(query);
  if (!type) {
    type = typeEvaluate(parse(query), current.schema);
    current.types.set(query, type);
  }
  return type;
}

/** A document of the dataset, as the schema says documents of its type are shaped. */
export function documentType(typeName: string): TypeNode | null {
  const declared = contentSchema().find(
    (entry) => entry.type === 'document' && entry.name === typeName,
  );
  return declared?.type === 'document' ? { type: 'object', attributes: declared.attributes } : null;
}
