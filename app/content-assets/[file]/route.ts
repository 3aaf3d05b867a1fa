import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { OFFLINE_ASSET_FILE_PATTERN } from '@/lib/content/image';

/**
 * Serves the images of the bundled dataset (`studio/dataset/images/`), which the offline image
 * URLs point to. Rendered once at build time; names carry the file's hash, so they never change.
 */

export const dynamic = 'force-static';
export const dynamicParams = false;

const IMAGES_DIR = path.join(process.cwd(), 'studio', 'dataset', 'images');

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
};

export async function generateStaticParams(): Promise<{ file: string }[]> {
  const files = await readdir(IMAGES_DIR).catch(() => [] as string[]);
  return files.filter((file) => OFFLINE_ASSET_FILE_PATTERN.test(file)).map((file) => ({ file }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (!OFFLINE_ASSET_FILE_PATTERN.test(file)) {
    return Response.json({ error: 'Not found' }, { status: 404 });
  }
  const body = await readFile(path.join(IMAGES_DIR, file)).catch(() => null);
  if (!body) return Response.json({ error: 'Not found' }, { status: 404 });
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened on its own must not run scripts on the site's origin.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
