import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '@/lib/storage/s3';

/**
 * A real server of the S3 protocol for the tests (s3rver: buckets as folders on disk), started on
 * a free loopback port with the buckets a test names. The site's S3 code talks to it through the
 * AWS SDK exactly as to a hosted bucket; nothing of the SDK is mocked.
 */

export type S3TestServer = {
  endpoint: string;
  /** The settings of one of its buckets, as the site reads them from the S3_* variables. */
  settings: (bucket: string) => S3Settings;
  /** The same settings as the environment variables a script or server is started with. */
  env: (bucket: string) => Record<string, string>;
  close: () => Promise<void>;
};

/** s3rver's own account. */
const KEY = 'S3RVER';

export async function startS3Server(buckets: string[]): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'tcsa-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const settings = (bucket: string): S3Settings => ({
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: KEY,
    secretAccessKey: KEY,
    forcePathStyle: true,
  });
  return {
    endpoint,
    settings,
    env: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
