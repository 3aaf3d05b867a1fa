import 'server-only';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { uploadsDir } from '@/lib/submissions/uploads';
import { MEDIA_URL_PREFIX } from './kinds';

/**
 * Where the console's media live: the one module that knows. Files are named by a hash of their
 * content, so a name never changes meaning and can be cached for a year, and the same picture
 * uploaded twice is stored once. The file system store keeps them outside public/ (in the uploads
 * folder); a store for an S3-compatible service can implement `MediaStore` for several
 * instances that share no disk.
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

export type StoredMedia = {
  size: number;
  /** The bytes from `start` to `end` inclusive (the whole file without a range). */
  stream: (range?: { start: number; end: number }) => ReadableStream<Uint8Array>;
};

export interface MediaStore {
  /** Keeps `bytes` under `name`; a name already stored is left as it is (same content). */
  put(name: string, bytes: Uint8Array): Promise<void>;
  get(name: string): Promise<StoredMedia | null>;
  remove(name: string): Promise<void>;
}

export class FileSystemMediaStore implements MediaStore {
  constructor(private readonly folder: string) {}

  private pathOf(name: string): string {
    if (!isMediaName(name)) throw new Error(`"${name}" is not the name of a stored media file.`);
    return path.join(this.folder, name);
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(name);
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    // Written beside and renamed into place: a reader never sees half a file.
    const partial = `${target}.${process.pid}.${Date.now()}.part`;
    const file = await open(partial, 'wx', 0o600);
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(partial, target);
  }

  async get(name: string): Promise<StoredMedia | null> {
    if (!isMediaName(name)) return null;
    const file = path.join(this.folder, name);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return {
        size: info.size,
        stream: (range) =>
          Readable.toWeb(createReadStream(file, range)) as ReadableStream<Uint8Array>,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    await unlink(this.pathOf(name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

/** The site's media store: `media` in the uploads folder. */
export function mediaStore(): MediaStore {
  return new FileSystemMediaStore(path.join(uploadsDir(), 'media'));
}
