// Plain JavaScript on purpose: next.config.mjs (loaded by Node as it is) and proxy.ts both import
// it, so the site's security headers are written in this one file. Types: security-headers.d.mts.

import { randomHex } from './random-hex.mjs';

/**
 * Browser features the site never uses, refused to the page and to anything it might embed.
 * `fullscreen=(self)` keeps the hero video's own fullscreen button working.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'usb=()',
].join(', ');

/**
 * The console's pages (`/admin/...`) may also use the camera, from their own origin only: the
 * door's scanner reads the registrants' QR codes with it. The whole console, not the
 * door page alone, because a page reached by a click inside the console keeps the policy of the
 * page the browser first loaded. The browser still asks the person before it opens a camera.
 */
export const CONSOLE_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace('camera=()', 'camera=(self)');

/** Two years, the preload list's minimum being one. */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

/**
 * The headers every response carries, pages, API answers and static files alike (next.config.mjs
 * sends them on every path). HSTS only in production: a development server on http://localhost
 * must not teach the browser to insist on https for localhost.
 *
 * @param {{ production: boolean }} options
 * @returns {{ key: string; value: string }[]}
 */
export function staticSecurityHeaders({ production }) {
  const headers = [
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
  ];
  if (production) headers.push({ key: 'Strict-Transport-Security', value: HSTS_VALUE });
  return headers;
}

/**
 * The policy of the API's answers: JSON loads nothing and runs nothing, and no page may frame it.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy of the files under /media (images and videos, SVG among them), sent by
 * next.config.mjs without a nonce: an SVG cannot run script, and a missing file's not-found page
 * shows with its styles but without its scripts. No page may frame them.
 */
export const MEDIA_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "img-src 'self' data:",
  "media-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** The Studio's path; it gets its own, looser policy (see contentSecurityPolicy). */
export const STUDIO_PATH = '/studio';

/** @param {string} pathname */
export function isStudioPath(pathname) {
  return pathname === STUDIO_PATH || pathname.startsWith(`${STUDIO_PATH}/`);
}

/**
 * The Content-Security-Policy of a page.
 *
 * Site pages: scripts run only with this request's nonce; Next.js puts it on its own scripts
 * (it reads it from the policy in the request headers) and 'strict-dynamic' lets those load the
 * code-split chunks (the gallery, the chart). Styles allow 'unsafe-inline' because React's
 * `style` props, next/image's placeholders and nivo's SVG chart set inline styles that cannot
 * carry a nonce; CSS cannot run code, and scripts stay locked. The browser talks to this origin
 * and to EmailJS only. Sanity: its image CDN and, for draft-mode preview, the project's API,
 * only when a project is configured. frame-ancestors 'self' lets the Studio's Presentation tool
 * (same origin) frame the site and nobody else.
 *
 * The Studio (/studio) gets no nonce (proxy.ts): the policy was made for it as a prerendered
 * page, whose inline bootstrap scripts could not carry one (it is now rendered at each request,
 * to read its project, and still runs under this policy as tested). It allows 'unsafe-inline'
 * scripts from its own origin instead, talks to any Sanity API host (project API, live listener
 * over WebSocket, auth), shows images from any https host (editors' avatars come from their login
 * provider), and frames the site in the Presentation tool. It holds no visitor data and is only
 * useful to signed-in editors.
 *
 * @param {{ nonce?: string; studio?: boolean; dev?: boolean; sanityProjectId?: string }} options
 * @returns {string}
 */
export function contentSecurityPolicy({ nonce, studio = false, dev = false, sanityProjectId }) {
  // React's development build evaluates strings to rebuild server stack traces; never in production.
  const devEval = dev ? " 'unsafe-eval'" : '';
  const sanityApi = sanityProjectId
    ? ` https://${sanityProjectId}.api.sanity.io https://${sanityProjectId}.apicdn.sanity.io wss://${sanityProjectId}.api.sanity.io`
    : '';
  const sanityCdn = sanityProjectId ? ' https://cdn.sanity.io' : '';
  const directives = studio
    ? [
        "default-src 'self'",
        `script-src 'self' 'unsafe-inline'${devEval}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "font-src 'self' data:",
        "connect-src 'self' https://*.sanity.io wss://*.sanity.io",
        "media-src 'self' blob: https://cdn.sanity.io",
        "worker-src 'self' blob:",
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ]
    : [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${devEval}`,
        "style-src 'self' 'unsafe-inline'",
        `img-src 'self' data: blob:${sanityCdn}`,
        "font-src 'self'",
        `connect-src 'self' https://api.emailjs.com${sanityApi}`,
        `media-src 'self'${sanityCdn}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ];
  return directives.join('; ');
}

/**
 * A fresh, unguessable nonce: 16 random bytes in hex. Hex (a subset of CSP's base64 alphabet)
 * needs escaping nowhere, in HTML attributes, headers or the inline data of the page, which lets
 * the page cache find and replace a nonce by plain text (lib/http/page-cache.ts).
 */
export function createNonce() {
  return randomHex(16);
}
