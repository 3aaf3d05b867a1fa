import { publishedSince } from '../events/publication-clock';
import { CACHE_SECONDS, DATA_SOURCES, type ListSource } from './sources';

/**
 * The JSON bodies of the list endpoints, serialized once and kept in this process as bytes: a
 * list is the same for every visitor, so `/api/events/` need not read the data cache, copy the
 * list and serialize it again on every request.
 *
 * A body is kept for CACHE_SECONDS (the database reads' own cache time) and only for the read
 * generation it was read in (lib/publish/read-generation.ts: a change published by another
 * instance starts a new one). A change made here drops the bodies of the tables it touched at
 * once (invalidateJsonAnswers, called by lib/publish/publish.ts with the same cache tags as the
 * reads), and a read that was under way then is not kept. Test faults and failed reads never
 * reach it: the caller reads around it (lib/api/reads.ts).
 *
 * proxy.ts answers a list endpoint's GET with the kept body itself while it is fresh (freshJson),
 * so most requests never reach the route handler; the route handler reads and keeps it.
 */

type Entry = { bytes: Uint8Array<ArrayBuffer>; storedAt: number; generation: string };

type Store = {
  entries: Map<ListSource, Entry>;
  loading: Map<ListSource, { generation: string; body: Promise<Uint8Array<ArrayBuffer>> }>;
  /** Bumped for a source by each invalidation: a read begun before is not kept. */
  epochs: Map<ListSource, number>;
};

const STORE = Symbol.for('tcsa.jsonAnswers');

/**
 * The route handlers and the Server Actions that publish changes may be separate bundles with
 * their own module instances, so the one store lives on globalThis.
 */
function store(): Store {
  const global = globalThis as typeof globalThis & { [STORE]?: Store };
  return (global[STORE] ??= { entries: new Map(), loading: new Map(), epochs: new Map() });
}

const UTF8 = new TextEncoder();

export function encodeJson(value: unknown): Uint8Array<ArrayBuffer> {
  return UTF8.encode(JSON.stringify(value));
}

/**
 * The JSON body of `source` for read generation `generation`: kept bytes when fresh, else
 * `read()` serialized once (concurrent callers share that one read) and kept. A read that throws
 * keeps nothing and throws to every caller waiting for it.
 */
export function cachedJson(
  source: ListSource,
  generation: string,
  read: () => Promise<unknown>,
  { now = Date.now(), freshMs = CACHE_SECONDS * 1000 }: { now?: number; freshMs?: number } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const { entries, loading, epochs } = store();
  const fresh = freshJson(source, generation, { now, freshMs });
  if (fresh) return Promise.resolve(fresh);
  const running = loading.get(source);
  if (running && running.generation === generation) return running.body;
  const epoch = epochs.get(source) ?? 0;
  const body = (async () => {
    const bytes = encodeJson(await read());
    if ((epochs.get(source) ?? 0) === epoch) {
      entries.set(source, { bytes, storedAt: now, generation });
    }
    return bytes;
  })().finally(() => {
    if (loading.get(source)?.body === body) loading.delete(source);
  });
  loading.set(source, { generation, body });
  return body;
}

/**
 * The kept body of `source` when it is fresh and of read generation `generation`, else null:
 * what proxy.ts answers a list endpoint's GET with before any route handler runs.
 */
export function freshJson(
  source: ListSource,
  generation: string,
  { now = Date.now(), freshMs = CACHE_SECONDS * 1000 }: { now?: number; freshMs?: number } = {},
): Uint8Array<ArrayBuffer> | null {
  const entry = store().entries.get(source);
  if (!entry || entry.generation !== generation || now - entry.storedAt >= freshMs) return null;
  // A scheduled event has appeared since it was read (lib/events/publication-clock.ts).
  if (publishedSince(entry.storedAt, now)) return null;
  return entry.bytes;
}

/** The list source whose endpoint is `pathname` (`/api/events/`, with or without the slash). */
export function listSourceAt(pathname: string): ListSource | null {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return LIST_SOURCE_BY_PATH.get(path) ?? null;
}

const LIST_SOURCE_BY_PATH = new Map<string, ListSource>(
  Object.entries(DATA_SOURCES)
    .filter(([source]) => source !== 'event')
    .map(([source, { path }]) => [path, source as ListSource]),
);

/** Drops the kept bodies of the sources reading any of `tags` (every source without tags). */
export function invalidateJsonAnswers(tags?: readonly string[]): void {
  const { entries, loading, epochs } = store();
  for (const [source, { tag }] of Object.entries(DATA_SOURCES)) {
    if (source === 'event' || (tags && !tags.includes(tag))) continue;
    const list = source as ListSource;
    entries.delete(list);
    loading.delete(list);
    epochs.set(list, (epochs.get(list) ?? 0) + 1);
  }
}
