import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectAclCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET as filesGet, HEAD as filesHead } from '@/app/files/[name]/route';
import { resetServerEnvForTests } from '@/lib/env/server';
import { mediaNameFor, mediaStore } from '@/lib/media/store';
import { DiskObjectStore } from '@/lib/storage/disk';
import type { ObjectStore } from '@/lib/storage/objects';
import { S3ObjectStore } from '@/lib/storage/s3';
import { objectStore } from '@/lib/storage/store';
import { readUpload, removeUpload, storeUpload } from '@/lib/submissions/uploads';
import { pdfBytes } from '../api/support/resume-files';
import { type S3TestServer, startS3Server } from '../support/s3-server';

/*
 * The uploaded files' one storage interface, held to the same contract on this server's disk and
 * in a bucket of a real S3-protocol server (s3rver on a free loopback port, through the AWS SDK):
 * put, get whole and by byte range, replace, list, delete, a missing object, keys that could
 * reach elsewhere; then what the site builds on it, served from the bucket: the media route's
 * ranges and caching headers, and a resume kept private.
 */

let s3: S3TestServer;
let work: string;

beforeAll(async () => {
  s3 = await startS3Server(['contract', 'site']);
  work = mkdtempSync(path.join(tmpdir(), 'tcsa-objects-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(work, { recursive: true, force: true });
});

async function text(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

const stores: Array<[string, () => ObjectStore]> = [
  ['the uploads folder on disk', () => new DiskObjectStore(path.join(work, 'contract'))],
  ['a bucket over the S3 protocol', () => new S3ObjectStore(s3.settings('contract'))],
];

describe.each(stores)('%s', (_, make) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = make();
  });

  it('keeps an object and gives it back whole, by byte range, and read at once', async () => {
    const bytes = randomBytes(300_000);
    await store.put('media/video.mp4', bytes, 'video/mp4');
    const stored = await store.get('media/video.mp4');
    expect(stored?.size).toBe(bytes.byteLength);
    expect((await text(stored!.stream())).equals(bytes)).toBe(true);
    // Safari's first probe of a video. (Not 0-0: s3rver, unlike S3, reads a range ending at byte
    // 0 as open-ended.)
    expect((await text(stored!.stream({ start: 0, end: 1 }))).equals(bytes.subarray(0, 2))).toBe(
      true,
    );
    expect(
      (await text(stored!.stream({ start: 1000, end: 65_999 }))).equals(
        bytes.subarray(1000, 66_000),
      ),
    ).toBe(true);
    const last = { start: bytes.byteLength - 10, end: bytes.byteLength - 1 };
    expect((await text(stored!.stream(last))).equals(bytes.subarray(-10))).toBe(true);
    expect((await store.read('media/video.mp4'))?.equals(bytes)).toBe(true);
  });

  it('replaces an object whole, lists every object by key, and deletes', async () => {
    await store.put('a1.pdf', Buffer.from('first version'), 'application/pdf');
    await store.put('a1.pdf', Buffer.from('second'), 'application/pdf');
    expect((await store.read('a1.pdf'))?.toString()).toBe('second');
    await store.put('media/b2.webp', Buffer.from('picture'), 'image/webp');
    expect(await store.list()).toEqual([
      { key: 'a1.pdf', size: 6 },
      { key: 'media/b2.webp', size: 7 },
      { key: 'media/video.mp4', size: 300_000 },
    ]);
    await store.remove('a1.pdf');
    await store.remove('media/b2.webp');
    await store.remove('media/video.mp4');
    expect(await store.list()).toEqual([]);
    expect(await store.get('a1.pdf')).toBeNull();
  });

  it('answers null for a missing object, and removing one is no error', async () => {
    expect(await store.get('media/missing.webp')).toBeNull();
    expect(await store.read('missing.pdf')).toBeNull();
    await expect(store.remove('missing.pdf')).resolves.toBeUndefined();
  });

  it('refuses keys that could reach outside its folder or prefix', async () => {
    for (const key of ['../secret.pdf', '/etc/passwd', 'media/../../x', 'a//b', '.hidden', '']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /is not the key of a stored file/,
      );
      expect(await store.get(key), key).toBeNull();
      expect(await store.read(key), key).toBeNull();
    }
    expect(await store.list()).toEqual([]);
  });
});

it('on disk, files are the server user’s alone and none is left half written', async () => {
  const folder = path.join(work, 'private');
  const store: ObjectStore = new DiskObjectStore(folder);
  await store.put('media/c3.webp', randomBytes(1000), 'image/webp');
  expect(statSync(path.join(folder, 'media', 'c3.webp')).mode & 0o777).toBe(0o600);
  expect(statSync(path.join(folder, 'media')).mode & 0o777).toBe(0o700);
  expect(readdirSync(folder, { recursive: true }).map(String).sort()).toEqual([
    'media',
    path.join('media', 'c3.webp'),
  ]);
});

describe('the site on a bucket (S3_* set)', () => {
  beforeAll(() => {
    Object.assign(process.env, s3.env('site'));
    resetServerEnvForTests();
  });
  afterEach(() => resetServerEnvForTests());
  afterAll(() => {
    for (const name of Object.keys(s3.env('site'))) delete process.env[name];
    resetServerEnvForTests();
  });

  const call = (handler: typeof filesGet, name: string, headers: Record<string, string> = {}) =>
    handler(new Request(`http://localhost/files/${name}`, { headers }), {
      params: Promise.resolve({ name }),
    });

  it('chooses the bucket, and the media route serves it with ranges and a year of caching', async () => {
    expect(objectStore()).toBeInstanceOf(S3ObjectStore);
    expect(objectStore().where).toBe(`the bucket site at ${s3.endpoint}`);
    const video = randomBytes(100_000);
    const name = mediaNameFor(video, 'mp4');
    await mediaStore().put(name, video);

    const whole = await call(filesGet, name);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-length')).toBe('100000');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

    const part = await call(filesGet, name, { range: 'bytes=500-1499' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 500-1499/100000');
    expect(part.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(500, 1500))).toBe(true);

    const tail = await call(filesGet, name, { range: 'bytes=-100' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(-100))).toBe(true);

    const beyond = await call(filesGet, name, { range: 'bytes=100000-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */100000');

    const head = await call(filesHead, name);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('100000');
    expect(await head.text()).toBe('');

    const missing = await call(filesGet, `${'0'.repeat(40)}.mp4`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps a resume private: no address is made for it, the bucket grants nobody else, the media route never serves it', async () => {
    const resume = pdfBytes(20_000);
    const storedName = await storeUpload(resume, 'pdf');
    expect(storedName).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect((await readUpload(storedName))?.equals(resume)).toBe(true);

    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const acl = await client.send(new GetObjectAclCommand({ Bucket: 'site', Key: storedName }));
    // Only the bucket's owner: no grant to everyone (AllUsers) or to any signed-in account.
    expect(acl.Grants?.map((grant) => grant.Grantee?.Type)).toEqual(['CanonicalUser']);
    expect(JSON.stringify(acl.Grants)).not.toMatch(/AllUsers|AuthenticatedUsers/);
    client.destroy();

    expect((await call(filesGet, storedName)).status).toBe(404);
    await removeUpload(storedName);
    expect(await readUpload(storedName)).toBeNull();
  });
});
