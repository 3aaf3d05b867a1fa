import { addCompileHints } from './lib/build/compile-hints.mjs';
import {
  API_CONTENT_SECURITY_POLICY,
  CONSOLE_PERMISSIONS_POLICY,
  MEDIA_CONTENT_SECURITY_POLICY,
  staticSecurityHeaders,
} from './lib/http/security-headers.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets a test run build beside a developer's `next dev` without clobbering it.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // PGlite ships its Postgres as WebAssembly plus data files that must be loaded from node_modules as they are.
  serverExternalPackages: ['@electric-sql/pglite'],
  poweredByHeader: false,
  // The API contract's paths end with a slash (/api/events/) and must answer 200, not a redirect:
  // Next.js's own slash redirects are off, and proxy.ts redirects page paths with a trailing
  // slash to the canonical form without one, as before.
  skipTrailingSlashRedirect: true,
  reactStrictMode: true,
  experimental: {
    // `forbidden()`: a console page refused to a role answers 403 with its forbidden.tsx
    // (app/(admin)/admin/(console)/NotAllowed.tsx), not 200.
    authInterrupts: true,
    // A page's styles come inside its HTML, not as stylesheets fetched after it: most visitors
    // arrive once, on a phone, from a shared link, and a slow network then paints a round trip
    // sooner (the home page's hero before its scripts). A returning visitor downloads the styles
    // again with each page: the home page's HTML grows from 17 to 37 KB compressed (Next.js
    // sends the styles twice, once for the browser and once in React's payload).
    inlineCss: true,
    // A page's scripts in a few larger chunks (8 on the home page instead of 13): on a phone's
    // network each request costs a round trip before its bytes, and Turbopack's default cut the
    // framework and each page into chunks of 1 to 30 KB. Shared chunks stay shared between pages.
    turbopackChunking: { minChunkSize: 300_000, maxMergeChunkSize: 1_000_000 },
  },
  // The test command checks the types once, with tsc, before it builds (TCSA_TYPES_CHECKED=1);
  // every other build checks them itself.
  typescript: { ignoreBuildErrors: process.env.TCSA_TYPES_CHECKED === '1' },
  compiler: {
    // The site's load-time chunks are compiled while they download, off the main thread.
    async runAfterProductionCompile({ distDir }) {
      const { chunks, bytes } = await addCompileHints(distDir);
      console.log(
        `Compile hints: ${chunks.length} chunks (${Math.round(bytes / 1024)} KB) compile as they load.`,
      );
    },
  },
  images: {
    formats: ['image/avif', 'image/webp'],
    // An optimized image loads and is framed nowhere, as the optimizer's errors (the server
    // entry's front door gives them the same policy).
    contentSecurityPolicy: API_CONTENT_SECURITY_POLICY,
  },
  // Every response, static files and the API included; pages get their nonce-based
  // Content-Security-Policy from proxy.ts. Both come from lib/http/security-headers.mjs.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: staticSecurityHeaders({ production: process.env.NODE_ENV === 'production' }),
      },
      {
        // The media skip proxy.ts (unless their address has a percent-escape): their own policy.
        source: '/media/:path*',
        headers: [{ key: 'Content-Security-Policy', value: MEDIA_CONTENT_SECURITY_POLICY }],
      },
      {
        // The console may use the camera (the door's QR scanner); this later entry wins.
        source: '/admin/:path*',
        headers: [{ key: 'Permissions-Policy', value: CONSOLE_PERMISSIONS_POLICY }],
      },
    ];
  },
};

export default nextConfig;
