import type { S3Client } from '@aws-sdk/client-s3';
import {
  type ByteRange,
  type ObjectEntry,
  type ObjectStore,
  type StoredObject,
  checkedKey,
  isObjectKey,
} from './objects';

/**
 * The objects in a bucket of an S3-compatible service (Cloudflare R2, AWS S3, Backblaze B2, …),
 * for several instances of the site that share no disk. The bucket stays private: nothing here
 * makes a public or signed address, every object reaches a visitor through the site's own routes
 * (a media file through /files/<name>, a resume through the console's checked download), which
 * read it with the site's key. The SDK is loaded on first use, so a site on disk never loads it.
 */

export type S3Settings = {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`https://host/bucket/key`) rather than in the host name. */
  forcePathStyle: boolean;
};

type Sdk = typeof import('@aws-sdk/client-s3');

let sdkLoading: Promise<Sdk> | undefined;
function sdk(): Promise<Sdk> {
  sdkLoading ??= import('@aws-sdk/client-s3');
  return sdkLoading;
}

/** Whether an SDK error says there is no such object (HEAD answers a bare 404). */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure?.name === 'NoSuchKey' ||
    failure?.name === 'NotFound' ||
    failure?.$metadata?.httpStatusCode === 404
  );
}

export class S3ObjectStore implements ObjectStore {
  readonly where: string;
  private client: Promise<S3Client> | undefined;

  constructor(private readonly settings: S3Settings) {
    this.where = `the bucket ${settings.bucket} at ${settings.endpoint}`;
  }

  private s3(): Promise<S3Client> {
    this.client ??= sdk().then(
      ({ S3Client }) =>
        new S3Client({
          endpoint: this.settings.endpoint,
          region: this.settings.region,
          forcePathStyle: this.settings.forcePathStyle,
          credentials: {
            accessKeyId: this.settings.accessKeyId,
            secretAccessKey: this.settings.secretAccessKey,
          },
          // Checksums only where the S3 API requires one: the SDK's newer default (a CRC32 on
          // every upload) is not understood by every S3-compatible service.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          maxAttempts: 3,
          requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
        }),
    );
    return this.client;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const { PutObjectCommand } = await sdk();
    await (
      await this.s3()
    ).send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: checkedKey(key),
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isObjectKey(key)) return null;
    const { HeadObjectCommand } = await sdk();
    const client = await this.s3();
    try {
      const head = await client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      return { size: head.ContentLength ?? 0, stream: (range) => this.stream(key, range) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The object's bytes as they arrive from the bucket, asked for when the stream is first read. */
  private stream(key: string, range?: ByteRange): ReadableStream<Uint8Array> {
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        if (!reader) {
          const { GetObjectCommand } = await sdk();
          const answer = await (
            await this.s3()
          ).send(
            new GetObjectCommand({
              Bucket: this.settings.bucket,
              Key: key,
              ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
            }),
          );
          if (!answer.Body) throw new Error(`The bucket sent no body for ${key}.`);
          const body = answer.Body.transformToWebStream() as ReadableStream<Uint8Array>;
          reader = body.getReader();
        }
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: async (reason) => {
        await reader?.cancel(reason);
      },
    });
  }

  async read(key: string): Promise<Buffer | null> {
    if (!isObjectKey(key)) return null;
    const { GetObjectCommand } = await sdk();
    try {
      const answer = await (
        await this.s3()
      ).send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const { DeleteObjectCommand } = await sdk();
    await (
      await this.s3()
    ).send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }));
  }

  async list(): Promise<ObjectEntry[]> {
    const { ListObjectsV2Command } = await sdk();
    const client = await this.s3();
    const objects: ObjectEntry[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key && isObjectKey(item.Key))
          objects.push({ key: item.Key, size: item.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
