import { publicEnv } from '../env/public';

/**
 * Where the static copy lives. Public values only: the Studio (in the browser) and the site both
 * read this module. Relative imports keep it loadable by the Sanity CLI, which has no `@/` alias.
 */

/** The Content Lake API version the queries are written against. */
export const DEFAULT_API_VERSION = '2025-10-01';

/** A Sanity project id; unset means the site reads the dataset bundled in `studio/dataset/`. */
export const projectId: string | undefined = publicEnv.NEXT_PUBLIC_SANITY_PROJECT_ID;

export const dataset: string = publicEnv.NEXT_PUBLIC_SANITY_DATASET ?? 'production';

export const apiVersion: string = publicEnv.NEXT_PUBLIC_SANITY_API_VERSION ?? DEFAULT_API_VERSION;

/** True when a Sanity project is configured: content comes from its Content Lake. */
export const isSanityConfigured: boolean = projectId !== undefined;

/** Where the embedded Studio is served. */
export const STUDIO_BASE_PATH = '/studio';

/** The site's routes that turn draft mode on and off (the Presentation tool calls them too). */
export const DRAFT_MODE_ENABLE_PATH = '/api/draft-mode/enable';
export const DRAFT_MODE_DISABLE_PATH = '/api/draft-mode/disable';
