// Stands in for next/cache outside a Next.js server: no data cache, so every read runs its query.
export function unstable_cache<T extends (...args: never[]) => Promise<unknown>>(fn: T): T {
  return fn;
}
export function revalidateTag(): void {}
