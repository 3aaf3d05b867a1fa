import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  type ObjectEntry,
  type ObjectStore,
  type StoredObject,
  checkedKey,
  isObjectKey,
} from './objects';

/**
 * The objects as files in a folder of this server (the uploads folder): a key is a path inside
 * it. Files and folders are the server user's alone (0600, 0700). Each file is written beside its
 * place under a hidden name, flushed to disk, then renamed into place, so a reader never sees half
 * a file and an acknowledged upload survives a power cut.
 */
export class DiskObjectStore implements ObjectStore {
  readonly where: string;

  constructor(readonly folder: string) {
    this.where = `the uploads folder ${folder}`;
  }

  private pathOf(key: string): string {
    return path.join(this.folder, ...checkedKey(key).split('/'));
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const partial = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`,
    );
    const file = await open(partial, 'wx', 0o600);
    try {
      await file.writeFile(bytes);
      await file.sync();
    } catch (error) {
      await file.close();
      await unlink(partial).catch(() => {});
      throw error;
    }
    await file.close();
    await rename(partial, target);
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isObjectKey(key)) return null;
    const file = this.pathOf(key);
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

  async read(key: string): Promise<Buffer | null> {
    if (!isObjectKey(key)) return null;
    return readFile(this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
      throw error;
    });
  }

  async remove(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  async list(): Promise<ObjectEntry[]> {
    let entries: string[];
    try {
      entries = await readdir(this.folder, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const objects: ObjectEntry[] = [];
    for (const entry of entries) {
      const key = entry.split(path.sep).join('/');
      // Files being written (hidden names) and anything not the site's own are not objects.
      if (!isObjectKey(key)) continue;
      const info = await stat(path.join(this.folder, entry)).catch(() => null);
      if (info?.isFile()) objects.push({ key, size: info.size });
    }
    return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
