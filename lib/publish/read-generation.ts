import { randomUUID } from 'node:crypto';

/**
 * Part of the key of every cached database read (lib/api/reads.ts). A restarted server starts a
 * new generation, so it never serves what a previous process cached from another database; a
 * change published by another instance starts one too, which is how that instance's cached
 * reads are dropped without a request in progress (revalidateTag needs one).
 */
const store = globalThis as typeof globalThis & { __tcsaReadGeneration?: string };

export function currentReadGeneration(): string {
  return (store.__tcsaReadGeneration ??= randomUUID());
}

export function startNewReadGeneration(): void {
  store.__tcsaReadGeneration = randomUUID();
}
