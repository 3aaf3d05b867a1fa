import { createHash, timingSafeEqual } from 'node:crypto';
import { draftMode } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import type { Perspective } from './bundled';

/**
 * Helpers of the preview flow: which perspective a request reads, the secret check and the
 * redirect target of the draft-mode routes.
 */

/**
 * Whether the current request is in draft mode. Outside a request (build-time work such as
 * `generateStaticParams`) there is no draft mode: the published copy is read.
 */
export async function isDraftModeEnabled(): Promise<boolean> {
  try {
    return (await draftMode()).isEnabled;
  } catch (error) {
    unstable_rethrow(error);
    return false;
  }
}

/** The drafts perspective in draft mode, the published one otherwise. */
export async function currentPerspective(): Promise<Perspective> {
  return (await isDraftModeEnabled()) ? 'drafts' : 'published';
}

/**
 * Compares a secret given in a request with the configured one in constant time: both are
 * hashed first, so neither their content nor their length leaks through timing.
 */
export function secretsMatch(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected)) && expected.length > 0;
}

const SITE_ORIGIN = 'http://site.invalid';

/**
 * A redirect target that stays on this site: the path, query and fragment of `value` when it is
 * a path of this site, else `fallback`. Other origins, protocol-relative addresses (`//host`),
 * backslash tricks (`/\host`) and other schemes (`javascript:`) all fall back.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  if ([...value].some((character) => character.charCodeAt(0) < 0x20 || character === '\u007f')) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, SITE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that normalises to a double slash would be read by browsers as another host.
  return path.startsWith('//') ? fallback : path;
}
