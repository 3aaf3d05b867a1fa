import { coerceToType, type ShapeProblem } from './coerce';
import { contentSchema, documentType } from './shapes';

type DatasetDocument = { _id: string; _type: string };

/**
 * The values of a dataset's documents that are not of the schema's shape: the same check every
 * read of the site goes through (lib/content/coerce.ts), applied to whole documents, as
 * `npm run content:import` does before it sends the bundled dataset to the Content Lake.
 * Documents of types the schema does not have (releases, assets) are not checked.
 */
export function datasetShapeProblems(documents: readonly DatasetDocument[]): ShapeProblem[] {
  const schema = contentSchema();
  const problems: ShapeProblem[] = [];
  for (const document of documents) {
    const type = documentType(document._type);
    if (!type) continue;
    coerceToType(document, type, undefined, { schema, problems, path: document._id });
  }
  return problems;
}

/** The problems in words, one line each: `homePage.heroTitle: rich text where a text belongs`. */
export function describeShapeProblems(problems: readonly ShapeProblem[]): string {
  return problems
    .map(({ path, found, expected }) => `  ${path}: ${found} where ${expected} belongs`)
    .join('\n');
}
