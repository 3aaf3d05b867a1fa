import { unstable_rethrow } from 'next/navigation';
import { DataSourceError, InvalidDataError } from '@/lib/api/sources';

/**
 * The text a section shows when its read fails: the read's own message when it is one of the
 * spec's texts (a failed source, or 'Invalid data format received from server'), else `fallback`.
 * Unexpected errors are logged, since no read logged them before. Next.js's own signals (a
 * request-time API used while prerendering, a redirect) are thrown on, never shown.
 */
export function readFailureText(error: unknown, fallback: string): string {
  unstable_rethrow(error);
  if (error instanceof DataSourceError || error instanceof InvalidDataError) return error.message;
  console.error(fallback, error);
  return fallback;
}
