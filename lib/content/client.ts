import { createClient, type SanityClient } from '@sanity/client';
import { STUDIO_BASE_PATH } from './env';
import { sanityProject } from './project';

let cached: { key: string; client: SanityClient | null } | undefined;

/**
 * The Content Lake client for published reads (CDN, no token), or null when no project is
 * configured: `createClient` throws without a project id, so callers fall back to the bundled
 * dataset instead. Kept while the project it was made for is the configured one.
 */
export function getSanityClient(): SanityClient | null {
  const project = sanityProject();
  const key = project
    ? `${project.projectId}\u0000${project.dataset}\u0000${project.apiVersion}`
    : '';
  if (cached?.key === key) return cached.client;
  const client = project
    ? createClient({
        ...project,
        useCdn: true,
        perspective: 'published',
        // One attempt: lib/content/lake-fallback.ts answers a failed read at once and retries in
        // the background, instead of a page waiting through the client's five retries.
        maxRetries: 0,
        // Stega (invisible edit markers in strings) stays off: the site compares and formats copy.
        stega: { enabled: false, studioUrl: STUDIO_BASE_PATH },
      })
    : null;
  cached = { key, client };
  return client;
}
