// Plain JavaScript on purpose: the server entry (scripts/serve.mjs, run by Node as it is) and the
// route handlers both read their limits here, so a body is refused at the same size, with the
// same words, whoever refuses it. No Node built-ins: lib/submissions/resume-type.ts and lib/media/kinds.ts
// (shared with the browser) state the same numbers, and tests/unit/http/body-limits.test.ts
// holds them together. Types: body-limits.d.mts.

const KB = 1024;
const MB = 1024 * 1024;

/**
 * An event registration: a few short fields and the answers to the event's questions (at most 10
 * of at most 200 characters, lib/registrations/questions.ts: 12 KB of JSON even when every
 * character is escaped as \uXXXX).
 */
export const REGISTRATION_BODY_BYTES = 16 * KB;
/**
 * A message or a service request: 5000 characters are at most 30 KB of JSON even when every
 * character is escaped (\uXXXX); the short fields and the braces fit in the rest.
 */
export const TEXT_SUBMISSION_BODY_BYTES = 32 * KB;
/** Sanity's publish webhook: a small projection (`{_type, _id}`). */
export const WEBHOOK_BODY_BYTES = 64 * KB;
/** Any other endpoint under /api: none takes more than a small JSON object. */
export const API_BODY_BYTES = 64 * KB;
/** The largest resume (lib/submissions/resume-type.ts MAX_RESUME_BYTES). */
export const RESUME_BYTES = 5 * MB;
/** A job application: the resume plus the three short fields, the boundaries and part headers. */
export const APPLICATION_BODY_BYTES = RESUME_BYTES + 64 * KB;
/** The console's uploads (lib/media/kinds.ts MAX_IMAGE_BYTES, MAX_VIDEO_BYTES). */
export const CONSOLE_IMAGE_BYTES = 10 * MB;
export const CONSOLE_VIDEO_BYTES = 50 * MB;
/**
 * Everything else is a page, whose only bodies are Server Actions (the console's forms): Next.js
 * refuses those past its `serverActions.bodySizeLimit`, 1 MB unless next.config.mjs says more.
 */
export const PAGE_BODY_BYTES = 1 * MB;

/** The 413 texts, as each route has always answered them. */
export const TOO_LARGE_MESSAGES = {
  default: 'The request body is too large.',
  message: 'The message is too long to send: it must be at most 5000 characters.',
  serviceRequest:
    'The request is too long to send: the description of your needs must be at most 5000 characters.',
  resume: 'The resume file is too large: it must be at most 5 MB.',
  webhook: 'The body is too large for a webhook (64 KB at most)',
  image: 'The image is too large: it must be at most 10 MB.',
  video: 'The video is too large: it must be at most 50 MB.',
};

/**
 * @typedef {{
 *   route: string;
 *   bytes: number;
 *   message: string;
 *   fields?: Record<string, string>;
 *   cacheControl: string;
 * }} BodyLimit
 */

const NO_STORE = 'no-store';
const PRIVATE_NO_STORE = 'private, no-store';

/** @type {{ route: string; path: RegExp; limit: (search: URLSearchParams) => Omit<BodyLimit, 'route'> }[]} */
const ROUTES = [
  {
    route: 'registration',
    path: /^\/api\/events\/[^/]+\/register\/?$/,
    limit: () => ({
      bytes: REGISTRATION_BODY_BYTES,
      message: TOO_LARGE_MESSAGES.default,
      cacheControl: NO_STORE,
    }),
  },
  {
    route: 'message',
    path: /^\/api\/messages\/?$/,
    limit: () => ({
      bytes: TEXT_SUBMISSION_BODY_BYTES,
      message: TOO_LARGE_MESSAGES.message,
      cacheControl: NO_STORE,
    }),
  },
  {
    route: 'serviceRequest',
    path: /^\/api\/serviceRequests\/?$/,
    limit: () => ({
      bytes: TEXT_SUBMISSION_BODY_BYTES,
      message: TOO_LARGE_MESSAGES.serviceRequest,
      cacheControl: NO_STORE,
    }),
  },
  {
    route: 'application',
    path: /^\/api\/applications\/?$/,
    limit: () => ({
      bytes: APPLICATION_BODY_BYTES,
      message: TOO_LARGE_MESSAGES.resume,
      fields: { resume_file: TOO_LARGE_MESSAGES.resume },
      cacheControl: NO_STORE,
    }),
  },
  {
    route: 'webhook',
    path: /^\/api\/revalidate\/?$/,
    limit: () => ({
      bytes: WEBHOOK_BODY_BYTES,
      message: TOO_LARGE_MESSAGES.webhook,
      cacheControl: NO_STORE,
    }),
  },
  {
    route: 'api',
    path: /^\/api(?:\/|$)/,
    limit: () => ({
      bytes: API_BODY_BYTES,
      message: TOO_LARGE_MESSAGES.default,
      cacheControl: NO_STORE,
    }),
  },
  {
    // A purpose the route does not know is refused there (400); its size is judged as an image's.
    route: 'consoleUpload',
    path: /^\/admin\/upload\/?$/,
    limit: (search) =>
      search.get('purpose') === 'video'
        ? {
            bytes: CONSOLE_VIDEO_BYTES,
            message: TOO_LARGE_MESSAGES.video,
            cacheControl: PRIVATE_NO_STORE,
          }
        : {
            bytes: CONSOLE_IMAGE_BYTES,
            message: TOO_LARGE_MESSAGES.image,
            cacheControl: PRIVATE_NO_STORE,
          },
  },
];

/**
 * The limit of a request's body: the first route whose path matches, else a page's. The path is
 * matched decoded (`/api/%61pplications/` is the applications endpoint too); one that does not
 * decode is matched as it is (proxy.ts answers it 400 before any route reads a body).
 *
 * @param {string} pathname
 * @param {URLSearchParams} [search]
 * @returns {BodyLimit}
 */
export function bodyLimitFor(pathname, search = new URLSearchParams()) {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Left as it is: proxy.ts answers a malformed address before any route reads a body.
  }
  for (const entry of ROUTES) {
    if (entry.path.test(path)) return { route: entry.route, ...entry.limit(search) };
  }
  return {
    route: 'page',
    bytes: PAGE_BODY_BYTES,
    message: TOO_LARGE_MESSAGES.default,
    cacheControl: NO_STORE,
  };
}

/**
 * The limit of one named route, for its handler (which knows which route it is).
 *
 * @param {'registration' | 'message' | 'serviceRequest' | 'application' | 'webhook'} route
 * @returns {BodyLimit}
 */
export function routeBodyLimit(route) {
  const entry = ROUTES.find((candidate) => candidate.route === route);
  if (!entry) throw new Error(`No body limit is defined for the route "${route}".`);
  return { route, ...entry.limit(new URLSearchParams()) };
}

/**
 * A declared Content-Length as a number, or null when there is none or it is not a plain
 * decimal (Node's parser refuses those before any handler runs).
 *
 * @param {string | undefined | null} header
 * @returns {number | null}
 */
export function declaredLength(header) {
  if (header === undefined || header === null || !/^\s*\d+\s*$/.test(header)) return null;
  return Number(header);
}

/**
 * The JSON body of a 413: `{"error": message}`, with per-field messages where the route gives
 * them (the application's file field).
 *
 * @param {BodyLimit} limit
 * @returns {string}
 */
export function tooLargeBody(limit) {
  return JSON.stringify(
    limit.fields ? { error: limit.message, fields: limit.fields } : { error: limit.message },
  );
}
