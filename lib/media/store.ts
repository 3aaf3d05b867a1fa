import 'server-only';
import { createHash } from 'node:crypto';
import type { ObjectStore, StoredObject } from '@/lib/storage/objects';
import { objectStore } from '@/lib/storage/store';
import { MEDIA_URL_PREFIX } from './kinds';

/**
 * The console's media: the one module that knows how they are named and kept. Files are named by
 * a hash of their content, so a name never changes meaning and can be cached for a year, and the
 * same picture uploaded twice is stored once. They are objects of the site's store
 * (lib/storage/store.ts) under `media/`: in the uploads folder (outside public/), or in the
 * S3-compatible bucket that several instances share.
 */

export const MEDIA_TYPES = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
} as const;

export type MediaExtension = keyof typeof MEDIA_TYPES;

const MEDIA_NAME = /^[0-9a-f]{40}\.(webp|mp4|webm)$/;

export function isMediaName(name: string): boolean {
  return MEDIA_NAME.test(name);
}

export function mediaNameFor(bytes: Uint8Array, extension: MediaExtension): string {
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 40)}.${extension}`;
}

export function mediaUrlOf(name: string): string {
  return `${MEDIA_URL_PREFIX}${name}`;
}

export function contentTypeOf(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1) as MediaExtension;
  return MEDIA_TYPES[extension];
}

export type StoredMedia = StoredObject;

export interface MediaStore {
  /** Keeps `bytes` under `name`; a name already stored is replaced by the same content. */
  put(name: string, bytes: Uint8Array): Promise<void>;
  get(name: string): Promise<StoredMedia | null>;
  remove(name: string): Promise<void>;
}

function keyOf(name: string): string {
  if (!isMediaName(name)) throw new Error(`"${name}" is not the name of a stored media file.`);
  return `media/${name}`;
}

/** The site's media: `media/<name>` in the site's object store (or in `objects`, for tests). */
export function mediaStore(objects: ObjectStore = objectStore()): MediaStore {
  return {
    put: (name, bytes) => objects.put(keyOf(name), bytes, contentTypeOf(name)),
    get: async (name) => (isMediaName(name) ? objects.get(keyOf(name)) : null),
    remove: (name) => objects.remove(keyOf(name)),
  };
}
