import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, UPLOAD_MESSAGES, tooManyPixelsMessage } from '@/lib/media/kinds';
import { storeUploadedMedia } from '@/lib/media/process';
import { type MediaStore, mediaStore } from '@/lib/media/store';
import { DiskObjectStore } from '@/lib/storage/disk';

let folder: string;
let store: MediaStore;

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'tcsa-pixels-'));
  store = mediaStore(new DiskObjectStore(folder));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, checksum]);
}

/**
 * A valid PNG header declaring `width` × `height` RGB pixels, followed by a tiny compressed first
 * row: a file of a few hundred bytes that would take gigabytes to decode.
 */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('an image with too many pixels', () => {
  it('the hand-built PNG is a real PNG header that sharp reads', async () => {
    const bytes = pngDeclaring(20_000, 20_000);
    expect(bytes.byteLength).toBeLessThan(1024);
    expect(await sharp(bytes, { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: 20_000,
      height: 20_000,
    });
  });

  it('a 400-megapixel PNG of a few hundred bytes is refused as too many pixels, naming the limit', async () => {
    const outcome = await storeUploadedMedia(pngDeclaring(20_000, 20_000), 'poster', store);
    expect(outcome).toEqual({
      ok: false,
      status: 413,
      message: tooManyPixelsMessage(20_000, 20_000),
    });
    expect(outcome.ok === false && outcome.message).toBe(
      'The picture has too many pixels: 20000 × 20000 (400 megapixels). The largest accepted is 50 megapixels (for example 8000 × 6250). Save it smaller and upload it again.',
    );
    expect(readdirSync(folder)).toEqual([]);
  });

  it('one pixel row over 50 megapixels is refused the same way, and never called "not an image"', async () => {
    expect(8000 * 6251).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const outcome = await storeUploadedMedia(pngDeclaring(8000, 6251), 'gallery', store);
    expect(outcome).toMatchObject({ ok: false, status: 413 });
    expect(outcome.ok === false && outcome.message).toMatch(/^The picture has too many pixels/);
    expect(outcome.ok === false && outcome.message).not.toBe(UPLOAD_MESSAGES.notAnImage);
  });

  it('a wide picture made by sharp, over the limit in pixels but small in bytes, is refused too', async () => {
    const wide = await sharp({
      create: { width: 16_000, height: 3_200, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(wide.byteLength).toBeLessThan(1024 * 1024);
    const outcome = await storeUploadedMedia(wide, 'hero', store);
    expect(outcome).toEqual({
      ok: false,
      status: 413,
      message: tooManyPixelsMessage(16_000, 3_200),
    });
  });

  it('a header within the limit over a body that does not decode is still not an image', async () => {
    expect(await storeUploadedMedia(pngDeclaring(4000, 3000), 'poster', store)).toEqual({
      ok: false,
      status: 415,
      message: UPLOAD_MESSAGES.notAnImage,
    });
  });
});
