import { HTML_LIMITED_BOT_UA_RE } from 'next/dist/shared/lib/router/utils/is-bot';
import { CACHE_SECONDS } from '../api/sources';
import { parseEventId } from '../events/id';
import { publishedSince } from '../events/publication-clock';
import { SITEMAP_PATHS } from '../site/paths';
import { randomHex } from './random-hex.mjs';
import { createNonce } from './security-headers.mjs';
import { TEST_FAULT_COOKIE } from '../testing/fault-cookie';

/**
 * The rendered HTML of the site's pages, kept in this process, so that a busy page is rendered
 * about once a minute instead of once per visit. proxy.ts answers page requests from it.
 *
 * Why Next.js's own page caching cannot do this: every page carries a Content-Security-Policy
 * nonce that must be new on every answer, and Next.js only puts a nonce into HTML it renders for
 * that very request, so the pages render at request time. Here a page is rendered once for the
 * cache with a nonce nobody ever receives, split at that nonce, and every answer joins the parts
 * with a fresh one: each visitor still gets a nonce no one else has seen.
 *
 * Rules:
 * - Only anonymous page visits are answered from the cache: a GET of a page with no query string,
 *   no draft mode, no test-fault cookie. A browser says it opens a document (`Sec-Fetch-Dest:
 *   document`); a client that sends no Fetch Metadata at all (curl, crawlers, link previewers,
 *   uptime probes) gets the very page a browser gets, whatever its `Accept`: Next.js renders the
 *   same HTML for any. The client router's RSC requests never are answered from here: Next.js
 *   hides their headers and `_rsc` parameter from the proxy, but a browser sends them with
 *   `Sec-Fetch-Dest: empty`. (A browser that sends no Fetch Metadata, an old one or one on plain
 *   HTTP away from localhost, would get the page's HTML for such a request; its router then
 *   loads the page in full instead of in place.) Everything else renders as before.
 * - Next.js renders a page in two ways: for the HTML-limited bots (link previewers such as
 *   Slackbot, facebookexternalhit, which iMessage uses, Twitterbot; Bingbot...) the metadata is
 *   in the <head> before anything else, for everyone else it streams. The cache keeps each page
 *   in both variants (pageCacheKey), renders each with a User-Agent that gets that variant, and
 *   its answers say `Vary: User-Agent` beside Next.js's own Vary (the RSC request headers).
 *   Nothing else of the request changes the answer: not `Accept`, and no cookie (the cookies
 *   that do change it, draft mode and test faults, keep a request out of the cache).
 * - Only the site's own pages are cached (CACHED_PAGE_PATHS and /events/<id>), under one key per
 *   page however its address is written (`/events/01`, `/events/%31` and `/events/1` are one).
 *   Anything else renders for its visitor as usual, once.
 * - A page is fresh for CACHE_SECONDS (the database reads' own cache time). After that it is still
 *   served, for at most STALE_SECONDS more, while one background render replaces it. A missing
 *   or older page is rendered once, through the server's own loopback address (never the
 *   address the visitor used, whose scheme and host a proxy or the client chose), and that one
 *   render answers every visitor waiting for it, whatever its status (a 404 too).
 * - Only a 200 HTML answer whose reads all succeeded is kept (see noteFailedRead), so a passing
 *   database failure is never served from here. A page that stops answering 200 is dropped.
 * - A render slower than SLOW_RENDER_SECONDS (a cold start: the database opening, the server's
 *   code loading) most likely streamed its hero and sections in behind their loading states. It
 *   is kept but counts as stale at once, so the next visit has it rendered again, warm.
 * - The content webhook (/api/revalidate) empties the cache: invalidatePageCache().
 * - A page rendered before a scheduled event's publication time that has since come is not
 *   answered (not even as stale): it is rendered again (lib/events/publication-clock.ts).
 * - At most MAX_PAGES pages; the least recently rendered goes first.
 */

export const STALE_SECONDS = 10 * 60;
export const SLOW_RENDER_SECONDS = 1;
export const MAX_PAGES = 200;

/**
 * Request header of a render for the cache: `<process secret>.<render nonce>` from the cache to
 * proxy.ts, which checks the secret and hands the page only the render nonce (its render id).
 */
export const PAGE_RENDER_HEADER = 'x-tcsa-page-render';

/** Response header saying how the page was answered: 'hit', 'stale' or 'miss'. */
export const PAGE_CACHE_HEADER = 'x-tcsa-page-cache';

/** Next.js's draft-mode cookie. */
const DRAFT_MODE_COOKIE = '__prerender_bypass';

/**
 * Request headers of Next.js's client router: those requests want RSC payloads, not HTML. Next.js
 * removes most of them before the proxy runs; they are checked in case a setting keeps them.
 */
const ROUTER_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
  'next-url',
];

/**
 * A visit to a page: a browser says it opens a document; a client without Fetch Metadata (not a
 * browser) gets the page whatever it accepts, as Next.js would render it.
 */
function isPageVisit(headers: Headers): boolean {
  const destination = headers.get('sec-fetch-dest');
  return destination === null || destination === 'document';
}

/** The two renders of a page Next.js makes (see the rules above). */
export type PageVariant = 'browser' | 'html-limited-bot';

/**
 * The variant Next.js renders for this User-Agent: metadata in the <head> for the HTML-limited
 * bots (Next.js's own list; next.config.mjs sets no `htmlLimitedBots` of its own).
 */
export function pageVariantFor(userAgent: string | null): PageVariant {
  return userAgent && HTML_LIMITED_BOT_UA_RE.test(userAgent) ? 'html-limited-bot' : 'browser';
}

/** The User-Agent of the cache's renders of the HTML-limited bots' variant. */
export const HTML_LIMITED_BOT_RENDER_AGENT = 'tcsa-page-cache (renders as Slackbot does)';

const BOT_KEY_PREFIX = 'html-limited-bot:';

/** The key of `path` in `variant`: the path itself for browsers. */
export function variantKey(path: string, variant: PageVariant): string {
  return variant === 'browser' ? path : BOT_KEY_PREFIX + path;
}

/** The page path and variant of a cache key. */
export function parsePageKey(key: string): { path: string; variant: PageVariant } {
  return key.startsWith(BOT_KEY_PREFIX)
    ? { path: key.slice(BOT_KEY_PREFIX.length), variant: 'html-limited-bot' }
    : { path: key, variant: 'browser' };
}

/**
 * The Vary of a cached page: Next.js's own (the RSC request headers) and User-Agent, since the
 * HTML-limited bots get the other variant. Not Accept: the page is the same HTML for any.
 */
export function cachedPageVary(renderedVary: string | null): string {
  const names = (renderedVary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name.toLowerCase() !== 'user-agent');
  return [...names, 'User-Agent'].join(', ');
}

/** The rendered answer's headers that are kept. The rest is set afresh on every answer. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'vary', 'link'];

/** The site's pages without parameters; with /events/<id>, the only pages the cache keeps. */
export const CACHED_PAGE_PATHS: ReadonlySet<string> = new Set(SITEMAP_PATHS);

/**
 * The one key of a page path however it is written, or null when the path is not a page the
 * cache keeps: percent-encoding decoded, and an event's id as its number.
 */
export function canonicalPagePath(pathname: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (CACHED_PAGE_PATHS.has(path)) return path;
  const event = /^\/events\/([^/]+)$/.exec(path);
  const id = event ? parseEventId(event[1]!) : null;
  return id === null ? null : `/events/${id}`;
}

type PageRequest = {
  method: string;
  nextUrl: { pathname: string; search: string };
  headers: Headers;
  cookies: { has(name: string): boolean };
};

/**
 * The cache key of a request that may be answered from the cache, or null: its page's path for
 * a browser's variant, prefixed for the HTML-limited bots' (variantKey).
 */
export function pageCacheKey(request: PageRequest): string | null {
  if (request.method !== 'GET' || request.nextUrl.search !== '') return null;
  if (!isPageVisit(request.headers)) return null;
  if (ROUTER_HEADERS.some((name) => request.headers.has(name))) return null;
  if (request.cookies.has(DRAFT_MODE_COOKIE) || request.cookies.has(TEST_FAULT_COOKIE)) return null;
  const path = canonicalPagePath(request.nextUrl.pathname);
  if (path === null) return null;
  return variantKey(path, pageVariantFor(request.headers.get('user-agent')));
}

type RenderedPage = {
  /** The HTTP status the page answered with. */
  status: number;
  /** The HTML as UTF-8, split at the nonce it was rendered with (encoded once, not per answer). */
  body: Uint8Array[];
  bodyLength: number;
  headers: [name: string, value: string[]][];
  renderedAt: number;
  /** When its render began: its reads came after. */
  startedAt: number;
};

export type CachedAnswer = {
  body: Uint8Array<ArrayBuffer>;
  headers: Headers;
  /** The HTTP status of the page (200 for a kept page; a fresh render may be a 404). */
  statusCode: number;
  /** How it was answered: from the cache (fresh or stale), or by a render made for it. */
  status: 'hit' | 'stale' | 'miss';
};

/**
 * Fetches `url` from this server with `renderHeader` as PAGE_RENDER_HEADER, as the page's
 * `variant` (the HTML-limited bots' with HTML_LIMITED_BOT_RENDER_AGENT as User-Agent).
 */
export type RenderPage = (
  url: string,
  renderHeader: string,
  variant: PageVariant,
) => Promise<Response>;

export type PageCacheOptions = {
  render?: RenderPage;
  createNonce: () => string;
  now?: () => number;
  freshMs?: number;
  staleMs?: number;
  slowRenderMs?: number;
  maxPages?: number;
  onError?: (message: string, error: unknown) => void;
};

const renderOverHttp: RenderPage = (url, renderHeader, variant) =>
  fetch(url, {
    headers: {
      [PAGE_RENDER_HEADER]: renderHeader,
      accept: 'text/html',
      ...(variant === 'html-limited-bot' ? { 'user-agent': HTML_LIMITED_BOT_RENDER_AGENT } : {}),
    },
    redirect: 'manual',
    cache: 'no-store',
  });

export class PageCache {
  readonly #pages = new Map<string, RenderedPage>();
  readonly #rendering = new Map<string, Promise<RenderedPage | null>>();
  /** The renders under way by render id, with how many of their data reads failed. */
  readonly #activeRenders = new Map<string, { failedReads: number }>();
  readonly #secret = randomHex(24);
  /** Bumped by invalidate(): a render begun before it is not kept. */
  #generation = 0;
  readonly #render: RenderPage;
  readonly #createNonce: () => string;
  readonly #now: () => number;
  readonly #freshMs: number;
  readonly #staleMs: number;
  readonly #slowRenderMs: number;
  readonly #maxPages: number;
  readonly #onError: (message: string, error: unknown) => void;

  constructor(options: PageCacheOptions) {
    this.#render = options.render ?? renderOverHttp;
    this.#createNonce = options.createNonce;
    this.#now = options.now ?? Date.now;
    this.#freshMs = options.freshMs ?? CACHE_SECONDS * 1000;
    this.#staleMs = options.staleMs ?? STALE_SECONDS * 1000;
    this.#slowRenderMs = options.slowRenderMs ?? SLOW_RENDER_SECONDS * 1000;
    this.#maxPages = options.maxPages ?? MAX_PAGES;
    this.#onError = options.onError ?? ((message, error) => console.error(message, error));
  }

  /**
   * The cached page at `key` with `nonce` in it, or null when there is none or it is too old. A
   * stale page is still answered while a background render of `url` replaces it.
   */
  answer(key: string, url: string, nonce: string): CachedAnswer | null {
    const page = this.#pages.get(key);
    if (!page) return null;
    // A scheduled event has appeared since it was rendered (lib/events/publication-clock.ts).
    if (publishedSince(page.startedAt, this.#now())) {
      this.#pages.delete(key);
      return null;
    }
    const age = this.#now() - page.renderedAt;
    if (age >= this.#freshMs) void this.refresh(key, url);
    if (age >= this.#freshMs + this.#staleMs) return null;
    return this.#withNonce(page, nonce, age < this.#freshMs ? 'hit' : 'stale');
  }

  /**
   * For a page the cache cannot answer: renders `url` once (or joins the render under way for
   * `key`), keeps it when it may be kept, and answers it with `nonce`, whatever its status. Null
   * when the render failed or was not HTML; the caller then renders the page itself.
   */
  async render(key: string, url: string, nonce: string): Promise<CachedAnswer | null> {
    const page = await this.refresh(key, url);
    return page ? this.#withNonce(page, nonce, 'miss') : null;
  }

  #withNonce(page: RenderedPage, nonce: string, status: CachedAnswer['status']): CachedAnswer {
    const headers = new Headers();
    for (const [name, parts] of page.headers) headers.set(name, parts.join(nonce));
    return {
      body: joinAround(page.body, page.bodyLength, UTF8.encode(nonce)),
      headers,
      statusCode: page.status,
      status,
    };
  }

  /**
   * Renders `url` into the cache at `key`; one render per key at a time. Resolves to the
   * rendered page (kept or not), or null when the render failed or was not HTML.
   */
  refresh(key: string, url: string): Promise<RenderedPage | null> {
    const running = this.#rendering.get(key);
    if (running) return running;
    const rendering = this.#renderInto(key, url)
      .catch((error: unknown) => {
        this.#onError(`Rendering ${key} for the page cache failed:`, error);
        return null;
      })
      .finally(() => this.#rendering.delete(key));
    this.#rendering.set(key, rendering);
    return rendering;
  }

  async #renderInto(key: string, url: string): Promise<RenderedPage | null> {
    const generation = this.#generation;
    const renderId = this.#createNonce();
    const render = { failedReads: 0 };
    this.#activeRenders.set(renderId, render);
    const startedAt = this.#now();
    let page: RenderedPage | null;
    try {
      page = await this.#renderPage(url, renderId, parsePageKey(key).variant, startedAt);
    } finally {
      this.#activeRenders.delete(renderId);
    }
    if (generation !== this.#generation || render.failedReads > 0) return page;
    this.#pages.delete(key);
    if (!page || page.status !== 200) return page;
    const kept = { ...page };
    if (page.renderedAt - startedAt > this.#slowRenderMs) kept.renderedAt -= this.#freshMs;
    this.#pages.set(key, kept);
    for (const oldest of this.#pages.keys()) {
      if (this.#pages.size <= this.#maxPages) break;
      this.#pages.delete(oldest);
    }
    return page;
  }

  /** The page at `url`, split at `renderId`, or null when it does not answer with HTML. */
  async #renderPage(
    url: string,
    renderId: string,
    variant: PageVariant,
    startedAt: number,
  ): Promise<RenderedPage | null> {
    const response = await this.#render(url, `${this.#secret}.${renderId}`, variant);
    const contentType = response.headers.get('content-type') ?? '';
    if (!contentType.startsWith('text/html')) {
      await response.body?.cancel();
      return null;
    }
    const html = await response.text();
    const headers: RenderedPage['headers'] = [];
    for (const name of KEPT_HEADERS) {
      const value =
        name === 'vary' ? cachedPageVary(response.headers.get(name)) : response.headers.get(name);
      if (value !== null) headers.push([name, value.split(renderId)]);
    }
    const body = html.split(renderId).map((part) => UTF8.encode(part));
    const bodyLength = body.reduce((length, part) => length + part.length, 0);
    return {
      status: response.status,
      body,
      bodyLength,
      headers,
      renderedAt: this.#now(),
      startedAt,
    };
  }

  /**
   * The render id of a request the cache itself sent (PAGE_RENDER_HEADER with this process's
   * secret), or null for any other request, whatever headers it carries.
   */
  renderIdOf(headers: Headers): string | null {
    const value = headers.get(PAGE_RENDER_HEADER);
    if (!value) return null;
    const dot = value.indexOf('.');
    if (dot < 0 || value.slice(0, dot) !== this.#secret) return null;
    const renderId = value.slice(dot + 1);
    return renderId === '' ? null : renderId;
  }

  /** A data read of render `renderId` failed: that render must not be kept. */
  noteFailedRead(renderId: string): void {
    const render = this.#activeRenders.get(renderId);
    if (render) render.failedReads += 1;
  }

  /** Drops every page, and any render under way. */
  invalidate(): void {
    this.#generation += 1;
    this.#pages.clear();
  }

  get size(): number {
    return this.#pages.size;
  }
}

const UTF8 = new TextEncoder();

/** `parts` joined with `separator` between each two, in one allocation. */
function joinAround(
  parts: readonly Uint8Array[],
  partsLength: number,
  separator: Uint8Array,
): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(partsLength + separator.length * Math.max(parts.length - 1, 0));
  let offset = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      joined.set(separator, offset);
      offset += separator.length;
    }
    joined.set(part, offset);
    offset += part.length;
  });
  return joined;
}

/**
 * The address this server listens on, for the cache's own renders, or null before it listens.
 * `next start` records it when it starts listening (PORT, and the origin it prints). A wildcard
 * or `localhost` listener is reached on 127.0.0.1, so the render never depends on how localhost
 * resolves; the headers of a visitor's request (Host, X-Forwarded-Proto) play no part.
 */
export function serverRenderOrigin(
  env: Record<string, string | undefined> = process.env,
): string | null {
  let origin: URL | null = null;
  try {
    if (env.__NEXT_PRIVATE_ORIGIN) origin = new URL(env.__NEXT_PRIVATE_ORIGIN);
  } catch {
    origin = null;
  }
  if (!origin && env.PORT && /^\d+$/.test(env.PORT))
    origin = new URL(`http://127.0.0.1:${env.PORT}`);
  if (!origin) return null;
  if (['localhost', '0.0.0.0', '[::]'].includes(origin.hostname)) origin.hostname = '127.0.0.1';
  return origin.origin;
}

const SITE_CACHE = Symbol.for('tcsa.pageCache');

/**
 * This process's page cache. proxy.ts and the route handlers are separate bundles with their own
 * module instances, so the one cache lives on globalThis.
 */
export function sitePageCache(): PageCache {
  const store = globalThis as typeof globalThis & { [SITE_CACHE]?: PageCache };
  return (store[SITE_CACHE] ??= new PageCache({ createNonce }));
}

/** Empties this process's page cache: the content the pages show has changed. */
export function invalidatePageCache(): void {
  sitePageCache().invalidate();
}
