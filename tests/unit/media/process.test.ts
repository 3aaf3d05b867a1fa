import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '@/lib/media/kinds';
import { storeUploadedMedia } from '@/lib/media/process';
import { byteRange } from '@/lib/media/range';
import { type MediaStore, mediaStore, isMediaName } from '@/lib/media/store';
import { DiskObjectStore } from '@/lib/storage/disk';

let folder: string;
let store: MediaStore;

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'tcsa-media-'));
  store = mediaStore(new DiskObjectStore(folder));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c8102e' } });

async function streamed(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe('stored uploads are judged by their content', () => {
  it('re-encodes a photo as WebP, scaled to what the site shows, without its GPS position', async () => {
    const photo = await picture(3200, 2400)
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Someone private', Make: 'Phone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 25/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const outcome = await storeUploadedMedia(photo, 'poster', store);
    expect(outcome).toMatchObject({ ok: true, width: 1600, height: 1200 });
    if (!outcome.ok) return;
    expect(outcome.url).toBe(`/files/${outcome.name}`);
    expect(isMediaName(outcome.name)).toBe(true);
    const stored = await store.get(outcome.name);
    const bytes = await streamed(stored!.stream());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Someone private'))).toBe(false);
  });

  it('accepts PNG, WebP and AVIF, keeps a small image its size, and stores one copy of the same picture', async () => {
    for (const format of ['png', 'webp', 'avif'] as const) {
      const bytes = await picture(300, 200).toFormat(format).toBuffer();
      const outcome = await storeUploadedMedia(bytes, 'logo', store);
      expect(outcome, format).toMatchObject({ ok: true, width: 300, height: 200 });
    }
    const png = await picture(120, 80).png().toBuffer();
    const first = await storeUploadedMedia(png, 'gallery', store);
    const second = await storeUploadedMedia(png, 'gallery', store);
    expect(first.ok && second.ok && first.name === second.name).toBe(true);
  });

  it('refuses SVG (it can carry script), text named like a picture, and empty files', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(await storeUploadedMedia(svg, 'logo', store)).toEqual({
      ok: false,
      status: 415,
      message: UPLOAD_MESSAGES.svg,
    });
    expect(
      await storeUploadedMedia(Buffer.from('just text, named photo.jpg'), 'poster', store),
    ).toEqual({
      ok: false,
      status: 415,
      message: UPLOAD_MESSAGES.notAnImage,
    });
    const gif = await picture(10, 10).gif().toBuffer();
    expect(await storeUploadedMedia(gif, 'poster', store)).toMatchObject({
      ok: false,
      status: 415,
    });
    expect(await storeUploadedMedia(new Uint8Array(0), 'poster', store)).toMatchObject({
      ok: false,
      status: 400,
      message: UPLOAD_MESSAGES.empty,
    });
  });

  it('refuses an image over 10 MB with a clear message', async () => {
    const large = new Uint8Array(MAX_IMAGE_BYTES + 1);
    expect(await storeUploadedMedia(large, 'poster', store)).toEqual({
      ok: false,
      status: 413,
      message: 'The image is too large: it must be at most 10 MB.',
    });
  });

  it('keeps an MP4 or WebM video as it is and refuses anything else as a video', async () => {
    const mp4 = Buffer.concat([
      Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
      Buffer.alloc(64),
    ]);
    const outcome = await storeUploadedMedia(mp4, 'video', store);
    expect(outcome).toMatchObject({ ok: true });
    if (outcome.ok) expect(outcome.name).toMatch(/\.mp4$/);
    const jpeg = await picture(10, 10).jpeg().toBuffer();
    expect(await storeUploadedMedia(jpeg, 'video', store)).toEqual({
      ok: false,
      status: 415,
      message: UPLOAD_MESSAGES.notAVideo,
    });
    expect(await storeUploadedMedia(mp4, 'poster', store)).toMatchObject({
      ok: false,
      status: 415,
    });
  });

  it('leaves no partial file behind', () => {
    const files = readdirSync(folder, { recursive: true }).map(String);
    expect(files.filter((name) => name.endsWith('.webp')).length).toBeGreaterThan(0);
    expect(files.filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});

describe('byte ranges of stored media', () => {
  it('serves the ranges a video player asks for', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(byteRange('bytes=1000-', 1000)).toBeNull();
    expect(byteRange('bytes=5-2', 1000)).toBeNull();
    expect(byteRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(byteRange('items=0-1', 1000)).toBeNull();
  });
});
