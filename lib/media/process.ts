import 'server-only';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import {
  IMAGE_PURPOSES,
  type ImagePurpose,
  MAX_IMAGE_PIXELS,
  maxBytesFor,
  tooLargeMessageFor,
  tooManyPixelsMessage,
  UPLOAD_MESSAGES,
  type UploadPurpose,
} from './kinds';
import { type MediaStore, mediaNameFor, mediaStore, mediaUrlOf } from './store';

/**
 * Turns an uploaded file into stored media, judging it by its content alone (the name and the
 * type the browser declared are never read):
 * - images (JPEG, PNG, WebP, AVIF) are decoded and written again by sharp as WebP, turned
 *   upright, scaled down to what the site shows, without their metadata (GPS position, camera,
 *   owner): nothing of the original file but its pixels reaches a visitor;
 * - videos (MP4, WebM) are recognised by file-type from their container's signature and kept
 *   as they are;
 * - SVG is refused (it can carry script), and so is anything else.
 */

export type StoredUpload = { url: string; name: string; width?: number; height?: number };

export type UploadOutcome =
  ({ ok: true } & StoredUpload) | { ok: false; status: 400 | 413 | 415; message: string };

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/** An SVG or other XML text: refused with its own message, since people often try logos as SVG. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<') && head.includes('<svg');
}

type Refusal = Extract<UploadOutcome, { ok: false }>;
type PreparedImage = { ok: true; data: Buffer; width: number; height: number };

async function prepareImage(
  bytes: Uint8Array,
  purpose: ImagePurpose,
): Promise<PreparedImage | Refusal> {
  if (looksLikeSvg(bytes)) return { ok: false, status: 415, message: UPLOAD_MESSAGES.svg };
  let metadata: Metadata;
  try {
    // Only the header is read here, so sharp's own pixel limit is off: with it, an image over the
    // limit fails like a file that is no image at all, and its sender would not learn why.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, status: 415, message: UPLOAD_MESSAGES.notAnImage };
  }
  // AVIF is HEIF with AV1; HEIF with HEVC (iPhone photos) cannot be decoded here.
  const isAvif = metadata.format === 'heif' && metadata.compression === 'av1';
  if (!IMAGE_FORMATS.has(metadata.format ?? '') || (metadata.format === 'heif' && !isAvif)) {
    return { ok: false, status: 415, message: UPLOAD_MESSAGES.notAnImage };
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > MAX_IMAGE_PIXELS) {
    return { ok: false, status: 413, message: tooManyPixelsMessage(width, height) };
  }
  const { maxWidth, maxHeight } = IMAGE_PURPOSES[purpose];
  try {
    // Decoding keeps sharp's limit, refusing before decoding whatever the header check missed.
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, data, width: info.width, height: info.height };
  } catch {
    // A header that parses over a body that does not decode.
    return { ok: false, status: 415, message: UPLOAD_MESSAGES.notAnImage };
  }
}

export async function storeUploadedMedia(
  bytes: Uint8Array,
  purpose: UploadPurpose,
  store: MediaStore = mediaStore(),
): Promise<UploadOutcome> {
  if (bytes.byteLength === 0) return { ok: false, status: 400, message: UPLOAD_MESSAGES.empty };
  if (bytes.byteLength > maxBytesFor(purpose)) {
    return { ok: false, status: 413, message: tooLargeMessageFor(purpose) };
  }
  if (purpose === 'video') {
    const type = await fileTypeFromBuffer(bytes);
    if (type?.mime !== 'video/mp4' && type?.mime !== 'video/webm') {
      return { ok: false, status: 415, message: UPLOAD_MESSAGES.notAVideo };
    }
    const name = mediaNameFor(bytes, type.ext === 'mp4' ? 'mp4' : 'webm');
    await store.put(name, bytes);
    return { ok: true, name, url: mediaUrlOf(name) };
  }
  const image = await prepareImage(bytes, purpose);
  if (!image.ok) return image;
  const name = mediaNameFor(image.data, 'webp');
  await store.put(name, image.data);
  return { ok: true, name, url: mediaUrlOf(name), width: image.width, height: image.height };
}
