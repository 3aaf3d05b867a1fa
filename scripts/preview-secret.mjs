// Prints the preview secret of the embedded default (no Sanity project configured), so that
// `npm start` can hand reviewers a preview link without any configuration: SANITY_PREVIEW_SECRET
// when set (environment or .env files, as `next start` reads them), else a random secret made
// once and kept in .data/preview-secret. With a Sanity project, previews go through the Studio's
// Presentation tool and its own secrets: nothing is printed.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

// Earlier files win, as in Next.js: process.env first, then these in this order.
for (const file of ['.env.production.local', '.env.local', '.env.production', '.env']) {
  try {
    process.loadEnvFile(file);
  } catch {
    // The file is optional.
  }
}

export const PREVIEW_SECRET_FILE = '.data/preview-secret';

if (!process.env.NEXT_PUBLIC_SANITY_PROJECT_ID?.trim()) {
  let secret = process.env.SANITY_PREVIEW_SECRET?.trim();
  if (!secret) {
    try {
      secret = readFileSync(PREVIEW_SECRET_FILE, 'utf8').trim();
    } catch {
      secret = '';
    }
  }
  if (!secret) {
    secret = randomBytes(24).toString('base64url');
    mkdirSync(dirname(PREVIEW_SECRET_FILE), { recursive: true });
    // Only the account that runs the site may read it.
    writeFileSync(PREVIEW_SECRET_FILE, `${secret}\n`, { mode: 0o600 });
  }
  process.stdout.write(secret);
}
