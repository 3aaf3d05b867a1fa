import { unstable_rethrow } from 'next/navigation';
import { DATA_SOURCES, type DataSource, DataSourceError, InvalidDataError } from './sources';

/**
 * What a page section shows when its read failed: the read's own text ('Failed to load alumni',
 * 'Invalid data format received from server'), or the source's failure text for anything else.
 */
export function sectionFailureText(
  error: unknown,
  source: DataSource,
  /** The page's words for the failure and for an answer that is not a list (from the Studio). */
  words: { failure?: string; invalid?: string } = {},
): string {
  // Next's own signals (dynamic rendering, not-found, redirects) are not failures of the read.
  unstable_rethrow(error);
  if (error instanceof InvalidDataError) return words.invalid ?? error.message;
  if (error instanceof DataSourceError) {
    // A read's own generic failure is worded by the page; any other message is the server's.
    return error.message === DATA_SOURCES[source].failure
      ? (words.failure ?? error.message)
      : error.message;
  }
  console.error(`Reading ${DATA_SOURCES[source].path} failed unexpectedly:`, error);
  return words.failure ?? DATA_SOURCES[source].failure;
}

/**
 * A read's outcome as a value: lets several sections await one read without unhandled rejections.
 * Next's own signals still reject, so Next can handle them.
 */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => {
      unstable_rethrow(error);
      return { ok: false, error };
    },
  );
}
