/**
 * The Studio's configuration as the Sanity CLI loads it (`sanity schema validate`, `sanity schema
 * extract`). The embedded Studio does not import this file: it builds its configuration in the
 * browser from the project the server reads when it runs (studio/config.ts). Imports are
 * relative: the CLI has no `@/` alias.
 */
import { DEFAULT_API_VERSION, DEFAULT_DATASET, sanityProjectFrom } from './lib/content/env';
import { studioConfig } from './studio/config';

/**
 * Without a project the CLI still loads this file to validate and extract the schema offline:
 * it needs a well-formed id. sanity.cli.ts has loaded the .env files into the environment.
 */
const OFFLINE_PROJECT_ID = 'offline';

export default studioConfig(
  sanityProjectFrom({
    NEXT_PUBLIC_SANITY_PROJECT_ID: process.env.NEXT_PUBLIC_SANITY_PROJECT_ID,
    NEXT_PUBLIC_SANITY_DATASET: process.env.NEXT_PUBLIC_SANITY_DATASET,
    NEXT_PUBLIC_SANITY_API_VERSION: process.env.NEXT_PUBLIC_SANITY_API_VERSION,
  }) ?? {
    projectId: OFFLINE_PROJECT_ID,
    dataset: DEFAULT_DATASET,
    apiVersion: DEFAULT_API_VERSION,
  },
);
