import 'server-only';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { QueryParams } from '@sanity/client';
import { unstable_rethrow } from 'next/navigation';
import { DEFAULT_PGLITE_DATA_DIR } from '@/lib/env/data-folders';
import { getServerEnv } from '@/lib/env/server';
import { invalidatePageCache } from '@/lib/http/page-cache';
import { queryBundledDataset } from './bundled';

/**
 * What a page reads when the Content Lake is slow or unreachable, so copy never takes a page
 * down: the last copy of the same query that was read successfully (kept in memory and on disk,
 * so it outlives a restart), else the dataset bundled in the repository.
 *
 * - A read waits at most LAKE_TIMEOUT_MS for the Lake.
 * - After a failure the Lake is left alone for RETRY_AFTER_MS: pages use the fallback at once
 *   instead of each waiting for the timeout, while one background read per query tries again.
 *   The first success lets the pages read the Lake again, and empties the page cache so that
 *   pages rendered from the fallback are rendered anew.
 */

export const LAKE_TIMEOUT_MS = 2000;
export const RETRY_AFTER_MS = 30_000;

type Read = () => Promise<unknown>;

type State = {
  /** Until when the Lake is left alone (0: it is read). */
  downUntil: number;
  /** The last good result of each query, by key. */
  lastGood: Map<string, unknown>;
  /** Background reads under way, by key. */
  retrying: Set<string>;
};

const STATE = Symbol.for('tcsa.contentLakeFallback');

function state(): State {
  const store = globalThis as typeof globalThis & { [STATE]?: State };
  return (store[STATE] ??= { downUntil: 0, lastGood: new Map(), retrying: new Set() });
}

/** Forgets the Lake's state and the copies in memory (tests; the copies on disk stay). */
export function resetLakeFallbackForTests(): void {
  const current = state();
  current.downUntil = 0;
  current.lastGood.clear();
  current.retrying.clear();
}

/** The folder of the copies on disk: `content-cache` beside the embedded database's folder. */
export function contentCacheDir(): string {
  const env = getServerEnv();
  const dataDir =
    !env.DATABASE_URL && env.PGLITE_DATA_DIR && env.PGLITE_DATA_DIR !== 'memory://'
      ? env.PGLITE_DATA_DIR
      : DEFAULT_PGLITE_DATA_DIR;
  return path.resolve(path.dirname(dataDir), 'content-cache');
}

/** Which copy a read keeps: the published one, or a reviewer's drafts (never shown to visitors). */
export type LakeCopy = 'published' | 'drafts';

export function queryKey(query: string, params: QueryParams, copy: LakeCopy = 'published'): string {
  return createHash('sha256')
    .update(JSON.stringify([copy, query, params]))
    .digest('hex')
    .slice(0, 32);
}

function fileOf(key: string): string {
  return path.join(contentCacheDir(), `${key}.json`);
}

async function remember(key: string, result: unknown): Promise<void> {
  const current = state();
  const before = current.lastGood.get(key);
  current.lastGood.set(key, result);
  const text = JSON.stringify(result);
  if (before !== undefined && JSON.stringify(before) === text) return;
  try {
    await mkdir(contentCacheDir(), { recursive: true });
    const temporary = `${fileOf(key)}.${process.pid}.tmp`;
    await writeFile(temporary, text);
    await rename(temporary, fileOf(key));
  } catch (error) {
    console.warn('Could not keep a copy of the content on disk:', (error as Error).message);
  }
}

async function lastGoodCopy(key: string): Promise<{ found: boolean; result?: unknown }> {
  const current = state();
  if (current.lastGood.has(key)) return { found: true, result: current.lastGood.get(key) };
  try {
    const result: unknown = JSON.parse(await readFile(fileOf(key), 'utf8'));
    current.lastGood.set(key, result);
    return { found: true, result };
  } catch {
    return { found: false };
  }
}

/** Runs `read` with an abort signal that fires after LAKE_TIMEOUT_MS. */
async function withTimeout(read: (signal: AbortSignal) => Promise<unknown>): Promise<unknown> {
  return read(AbortSignal.timeout(LAKE_TIMEOUT_MS));
}

function scheduleRetry(key: string, read: Read): void {
  const current = state();
  if (current.retrying.has(key)) return;
  current.retrying.add(key);
  const attempt = () => {
    read()
      .then(async (result) => {
        await remember(key, result);
        current.retrying.delete(key);
        if (current.downUntil !== 0) {
          current.downUntil = 0;
          console.info('The Content Lake answers again: pages read it again.');
          invalidatePageCache();
        }
      })
      .catch(() => {
        // Still down: try again later, for as long as the process lives.
        setTimeout(attempt, RETRY_AFTER_MS).unref();
      });
  };
  setTimeout(attempt, 0).unref();
}

/**
 * The result of `read` from the Lake, or when it fails or takes longer than LAKE_TIMEOUT_MS, the
 * fallback for `query` and `params`. `read` is given the signal to pass to the client. A drafts
 * read falls back to the last drafts copy, else the bundled published copy.
 */
export async function readWithFallback(
  query: string,
  params: QueryParams,
  read: (signal: AbortSignal) => Promise<unknown>,
  copy: LakeCopy = 'published',
): Promise<unknown> {
  const key = queryKey(query, params, copy);
  const current = state();
  const retry: Read = () => withTimeout(read);
  if (Date.now() < current.downUntil) {
    scheduleRetry(key, retry);
    return fallback(key, query, params);
  }
  try {
    const result = await withTimeout(read);
    await remember(key, result);
    return result;
  } catch (error) {
    // Next.js's own signals (request-time rendering) are no failures: let them through.
    unstable_rethrow(error);
    if (current.downUntil === 0) {
      console.error(
        `The Content Lake did not answer within ${LAKE_TIMEOUT_MS} ms or failed (${(error as Error).message}); ` +
          'pages show the last copy read, or the bundled copy, and it is asked again in the background.',
      );
    }
    current.downUntil = Date.now() + RETRY_AFTER_MS;
    scheduleRetry(key, retry);
    return fallback(key, query, params);
  }
}

async function fallback(key: string, query: string, params: QueryParams): Promise<unknown> {
  const copy = await lastGoodCopy(key);
  if (copy.found) return copy.result;
  return queryBundledDataset(query, params, 'published');
}
