/**
 * What the console accepts as media, shared by the upload field (browser) and the server. The
 * server judges every file by its content; the browser's checks only save a wasted upload.
 */

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;

/**
 * Where an image is shown, and so the largest size worth keeping (in CSS pixels × 2 for sharp
 * screens). Larger uploads are scaled down; smaller ones are kept as they are.
 */
export const IMAGE_PURPOSES = {
  poster: { label: 'poster', maxWidth: 1600, maxHeight: 2400 },
  thumbnail: { label: 'thumbnail', maxWidth: 800, maxHeight: 800 },
  portrait: { label: 'portrait', maxWidth: 800, maxHeight: 800 },
  logo: { label: 'logo', maxWidth: 800, maxHeight: 800 },
  gallery: { label: 'gallery image', maxWidth: 1600, maxHeight: 1600 },
  hero: { label: 'banner picture', maxWidth: 2560, maxHeight: 1600 },
  background: { label: 'background image', maxWidth: 2560, maxHeight: 1600 },
  design: { label: 'design', maxWidth: 2000, maxHeight: 2000 },
} as const;

export type ImagePurpose = keyof typeof IMAGE_PURPOSES;
export type UploadPurpose = ImagePurpose | 'video';

export function isUploadPurpose(value: unknown): value is UploadPurpose {
  return value === 'video' || (typeof value === 'string' && Object.hasOwn(IMAGE_PURPOSES, value));
}

/** For the file picker's `accept`: what the server will take. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
export const VIDEO_ACCEPT = 'video/mp4,video/webm';

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

export const UPLOAD_MESSAGES = {
  imageTooLarge: `The image is too large: it must be at most ${megabytes(MAX_IMAGE_BYTES)}.`,
  videoTooLarge: `The video is too large: it must be at most ${megabytes(MAX_VIDEO_BYTES)}.`,
  notAnImage:
    'This file is not a picture the site can show. Upload a JPEG, PNG, WebP or AVIF image.',
  svg: 'SVG images are not accepted, since they can carry scripts. Upload a JPEG, PNG, WebP or AVIF image.',
  notAVideo: 'This file is not a video the site can play. Upload an MP4 or WebM video.',
  empty: 'The file is empty. Choose the file again.',
} as const;

/**
 * The most pixels an uploaded image may have (50 megapixels, e.g. 8000 × 6250). Decoding takes
 * memory by the pixel, not by the byte: a PNG of a few hundred bytes can declare 20000 × 20000
 * pixels and would need gigabytes (a decompression bomb), so larger images are refused before
 * decoding.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The refusal of an image with more than MAX_IMAGE_PIXELS pixels, saying its size and the limit. */
export function tooManyPixelsMessage(width: number, height: number): string {
  const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;
  return (
    `The picture has too many pixels: ${width} × ${height} (${megapixels(width * height)}). ` +
    `The largest accepted is ${megapixels(MAX_IMAGE_PIXELS)} (for example 8000 × 6250). ` +
    'Save it smaller and upload it again.'
  );
}

export function maxBytesFor(purpose: UploadPurpose): number {
  return purpose === 'video' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES;
}

export function tooLargeMessageFor(purpose: UploadPurpose): string {
  return purpose === 'video' ? UPLOAD_MESSAGES.videoTooLarge : UPLOAD_MESSAGES.imageTooLarge;
}

/** The path the site serves stored media under (app/files/[name]/route.ts). */
export const MEDIA_URL_PREFIX = '/files/';
