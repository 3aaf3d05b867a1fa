/**
 * Where the static copy lives: the names and defaults the Studio (in the browser), the site and
 * the Sanity CLI share. No value of the environment is read here: the server reads the project
 * when it runs (lib/content/project.ts) and the Studio page hands it to the browser. Relative
 * imports keep it loadable by the Sanity CLI, which has no `@/` alias.
 */

/** The Content Lake API version the queries are written against. */
export const DEFAULT_API_VERSION = '2025-10-01';

/** The dataset read when NEXT_PUBLIC_SANITY_DATASET is unset. */
export const DEFAULT_DATASET = 'production';

/** A configured Sanity project: the site reads its Content Lake, and /studio edits it. */
export type SanityProject = {
  projectId: string;
  dataset: string;
  apiVersion: string;
};

/** The variables that name the project, as the README documents them. */
export type SanityProjectVariables = {
  NEXT_PUBLIC_SANITY_PROJECT_ID?: string;
  NEXT_PUBLIC_SANITY_DATASET?: string;
  NEXT_PUBLIC_SANITY_API_VERSION?: string;
};

/**
 * The project those variables name, or null without a project id: the site then reads the
 * dataset bundled in `studio/dataset/`. Blank values count as unset.
 */
export function sanityProjectFrom(variables: SanityProjectVariables): SanityProject | null {
  const projectId = variables.NEXT_PUBLIC_SANITY_PROJECT_ID?.trim();
  if (!projectId) return null;
  return {
    projectId,
    dataset: variables.NEXT_PUBLIC_SANITY_DATASET?.trim() || DEFAULT_DATASET,
    apiVersion: variables.NEXT_PUBLIC_SANITY_API_VERSION?.trim() || DEFAULT_API_VERSION,
  };
}

/** Where the embedded Studio is served. */
export const STUDIO_BASE_PATH = '/studio';

/** The site's routes that turn draft mode on and off (the Presentation tool calls them too). */
export const DRAFT_MODE_ENABLE_PATH = '/api/draft-mode/enable';
export const DRAFT_MODE_DISABLE_PATH = '/api/draft-mode/disable';
