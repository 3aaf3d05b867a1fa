/**
 * The scheduled publication times this process knows of, so that its caches of rendered pages
 * and JSON answers (lib/http/page-cache.ts, lib/api/json-answers.ts) never keep hiding an event
 * after its time: anything stored before a publication time that has since come is stale.
 *
 * The times are learnt from the events' reads (lib/api/reads.ts), which keep scheduled events
 * with their time and filter them at each read (lib/events/visibility.ts). A cache entry is only
 * ever stored after such a read, and a change made in the console empties the caches, so every
 * time that matters is known before an entry that could hide it is kept. No server code: proxy.ts
 * reads it; the one store lives on globalThis, as the caches do, because proxy.ts and the route
 * handlers are separate bundles.
 */

/** Older times no longer matter: nothing cached before them is kept that long. */
export const FORGET_AFTER_MS = 30 * 60_000;

const STORE = Symbol.for('tcsa.publicationClock');

function times(): Set<number> {
  const global = globalThis as typeof globalThis & { [STORE]?: Set<number> };
  return (global[STORE] ??= new Set());
}

/** Records the publication times of the events a read returned (past ones are kept a while). */
export function notePublicationTimes(instants: Iterable<number>, now: number = Date.now()): void {
  const known = times();
  for (const instant of instants) {
    if (Number.isFinite(instant) && instant > now - FORGET_AFTER_MS) known.add(instant);
  }
  for (const instant of known) if (instant <= now - FORGET_AFTER_MS) known.delete(instant);
}

/**
 * Whether an event was published after `storedAt` and by `now`: what was read at `storedAt` no
 * longer shows the site as it is.
 */
export function publishedSince(storedAt: number, now: number = Date.now()): boolean {
  for (const instant of times()) if (instant > storedAt && instant <= now) return true;
  return false;
}

/** Forgets every time (for tests). */
export function forgetPublicationTimes(): void {
  times().clear();
}
