import { createClient, type SanityClient } from '@sanity/client';
import { apiVersion, dataset, projectId, STUDIO_BASE_PATH } from './env';

let cachedClient: SanityClient | null | undefined;

/**
 * The Content Lake client for published reads (CDN, no token), or null when no project is
 * configured: `createClient` throws without a project id, so callers fall back to the bundled
 * dataset instead.
 */
export function getSanityClient(): SanityClient | null {
  if (cachedClient !== undefined) return cachedClient;
  cachedClient = projectId
    ? createClient({
        projectId,
        dataset,
        apiVersion,
        useCdn: true,
        perspective: 'published',
        // One attempt: lib/content/lake-fallback.ts answers a failed read at once and retries in
        // the background, instead of a page waiting through the client's five retries.
        maxRetries: 0,
        // Stega (invisible edit markers in strings) stays off: the site compares and formats copy.
        stega: { enabled: false, studioUrl: STUDIO_BASE_PATH },
      })
    : null;
  return cachedClient;
}
