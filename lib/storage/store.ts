import 'server-only';
import path from 'node:path';
import { DEFAULT_PGLITE_DATA_DIR } from '@/lib/env/data-folders';
import { getServerEnv, type ServerEnv } from '@/lib/env/server';
import { DiskObjectStore } from './disk';
import type { ObjectStore } from './objects';
import { S3ObjectStore, type S3Settings } from './s3';

/**
 * Where the site keeps uploaded files, chosen by the environment: the bucket the S3_* variables
 * name when they are set (several instances share it), else the uploads folder on this server's
 * disk.
 */

/**
 * The uploads folder, absolute: UPLOADS_DIR, else `uploads` beside the PGlite data folder (so a
 * server started on another data folder, as the tests do, keeps its files there too), else
 * `.data/uploads`. A folder inside public/ is refused: everything there is served to visitors.
 */
export function uploadsDir(env: ServerEnv = getServerEnv()): string {
  let folder: string;
  if (env.UPLOADS_DIR) folder = env.UPLOADS_DIR;
  else if (!env.DATABASE_URL && env.PGLITE_DATA_DIR && env.PGLITE_DATA_DIR !== 'memory://') {
    folder = path.join(path.dirname(env.PGLITE_DATA_DIR), 'uploads');
  } else folder = path.join(path.dirname(DEFAULT_PGLITE_DATA_DIR), 'uploads');
  // A folder chosen at run time, not a file of the build: the bundler is told not to trace it
  // (it would otherwise copy the whole project into the server's output).
  const resolved = path.resolve(/*turbopackIgnore: true*/ folder);
  const fromPublic = path.relative(path.resolve('public'), resolved);
  if (fromPublic === '' || (!fromPublic.startsWith('..') && !path.isAbsolute(fromPublic))) {
    throw new Error(
      `UPLOADS_DIR (${resolved}) is inside public/, whose files are served to every visitor; choose a folder outside it.`,
    );
  }
  return resolved;
}

/** The bucket the environment names, or null when the files stay on disk. */
export function s3SettingsOf(env: ServerEnv = getServerEnv()): S3Settings | null {
  // The environment's schema holds the five together: one set means all are.
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT!,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
  };
}

/** A store for these settings (scripts and tests name their own). */
export function objectStoreFor(env: ServerEnv): ObjectStore {
  const s3 = s3SettingsOf(env);
  return s3 ? new S3ObjectStore(s3) : new DiskObjectStore(uploadsDir(env));
}

const cache = globalThis as typeof globalThis & {
  __tcsaObjectStore?: { env: ServerEnv; store: ObjectStore };
};

/**
 * The process's store, made once for the environment it reads (a bucket's client keeps its
 * connections open between requests); tests that change the environment get a new one.
 */
export function objectStore(): ObjectStore {
  const env = getServerEnv();
  if (cache.__tcsaObjectStore?.env !== env) {
    cache.__tcsaObjectStore = { env, store: objectStoreFor(env) };
  }
  return cache.__tcsaObjectStore.store;
}
