import 'server-only';
import { getServerEnv } from '../env/server';
import { type SanityProject, sanityProjectFrom } from './env';

/**
 * The Sanity project of the running server (NEXT_PUBLIC_SANITY_PROJECT_ID and its dataset and
 * API version), or null when none is configured. Read from the server's environment, not the
 * build's: the same build reads the Content Lake on a server started with a project and the
 * bundled dataset on one started without.
 */
export function sanityProject(): SanityProject | null {
  return sanityProjectFrom(getServerEnv());
}

/** True when a Sanity project is configured: content comes from its Content Lake. */
export function isSanityConfigured(): boolean {
  return sanityProject() !== null;
}
