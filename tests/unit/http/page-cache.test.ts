import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CachedAnswer,
  cachedPageVary,
  HTML_LIMITED_BOT_RENDER_AGENT,
  PAGE_CACHE_HEADER,
  PAGE_RENDER_HEADER,
  PageCache,
  pageCacheKey,
  type PageVariant,
  parsePageKey,
  serverRenderOrigin,
  sitePageCache,
} from '@/lib/http/page-cache';
import { proxy } from '@/proxy';

const FRESH_MS = 60_000;
const STALE_MS = 600_000;
const URL_OF = (path: string) => `http://localhost:3000${path}`;

/** The headers of a browser opening a page. */
const VISIT = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'sec-fetch-dest': 'document',
  'user-agent':
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
};
const visit = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(URL_OF(path), { headers: { ...VISIT, ...headers } });

/** A page whose text and Link header carry the nonce it was rendered with, as Next.js's do. */
function pageHtml(nonce: string, text = 'Hello') {
  return `<html><head><script nonce="${nonce}">boot()</script></head><body>${text}<script nonce="${nonce}">self.__next_f.push([1,"${nonce}"])</script></body></html>`;
}

/** The text of a cached answer. */
const text = (answer: CachedAnswer | null) =>
  answer ? new TextDecoder().decode(answer.body) : null;

type Render = { url: string; renderId: string; secretHeader: string; variant: PageVariant };

/**
 * A cache over a fake server: every render is recorded and answered by `respond`, which may call
 * `cache.noteFailedRead(renderId)` the way a failed database read would during a real render.
 */
function setUp(respond?: (render: Render) => Response | Promise<Response>) {
  let now = 1_000_000;
  let nonces = 0;
  const renders: Render[] = [];
  const errors: unknown[] = [];
  const cache: PageCache = new PageCache({
    createNonce: () => `nonce${(nonces += 1)}x`,
    now: () => now,
    freshMs: FRESH_MS,
    staleMs: STALE_MS,
    maxPages: 3,
    onError: (_message, error) => errors.push(error),
    render: async (url, secretHeader, variant) => {
      const renderId = secretHeader.slice(secretHeader.indexOf('.') + 1);
      const render = { url, renderId, secretHeader, variant };
      renders.push(render);
      if (respond) return respond(render);
      return new Response(pageHtml(renderId), {
        status: 200,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          link: `</font.woff2>; rel=preload; nonce="${renderId}"`,
          'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
          vary: 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch',
          'x-powered-by': 'not kept',
        },
      });
    },
  });
  return {
    cache,
    renders,
    errors,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('PageCache', () => {
  it('answers nothing at first, renders the page once, then answers it with each caller’s nonce', async () => {
    const { cache, renders } = setUp();
    expect(cache.answer('/', URL_OF('/'), 'visitorA')).toBeNull();
    expect(cache.answer('/', URL_OF('/'), 'visitorB')).toBeNull();
    await cache.refresh('/', URL_OF('/'));
    expect(renders).toHaveLength(1);
    expect(renders[0]?.url).toBe(URL_OF('/'));

    const first = cache.answer('/', URL_OF('/'), 'visitorC');
    const second = cache.answer('/', URL_OF('/'), 'visitorD');
    expect(first?.status).toBe('hit');
    expect(text(first)).toBe(pageHtml('visitorC'));
    expect(text(second)).toBe(pageHtml('visitorD'));
    expect(text(first)).not.toContain(renders[0]?.renderId);
    expect(first?.headers.get('link')).toBe('</font.woff2>; rel=preload; nonce="visitorC"');
    expect(first?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first?.headers.get('x-powered-by')).toBeNull();
    expect(renders).toHaveLength(1);
  });

  it('keeps a page for the HTML-limited bots apart, rendered as their variant, and says both vary on User-Agent', async () => {
    const { cache, renders } = setUp();
    const botKey = pageCacheKey(
      new NextRequest(URL_OF('/events'), { headers: { 'user-agent': 'Slackbot 1.0' } }),
    )!;
    expect(botKey).not.toBe('/events');
    expect(parsePageKey(botKey)).toEqual({ path: '/events', variant: 'html-limited-bot' });
    await cache.refresh('/events', URL_OF('/events'));
    expect(cache.answer(botKey, URL_OF('/events'), 'bot')).toBeNull();
    await cache.refresh(botKey, URL_OF('/events'));
    expect(renders.map((render) => [render.url, render.variant])).toEqual([
      [URL_OF('/events'), 'browser'],
      [URL_OF('/events'), 'html-limited-bot'],
    ]);
    expect(cache.size).toBe(2);
    for (const key of ['/events', botKey]) {
      const answer = cache.answer(key, URL_OF('/events'), 'visitor');
      expect(answer?.status).toBe('hit');
      expect(answer?.headers.get('vary')).toBe(
        'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, User-Agent',
      );
    }
  });

  it('keeps text in any script intact around the nonce', async () => {
    const { cache } = setUp(
      ({ renderId }) =>
        new Response(pageHtml(renderId, '春节晚会 — Lunar New Year'), {
          headers: { 'content-type': 'text/html' },
        }),
    );
    await cache.refresh('/', URL_OF('/'));
    expect(text(cache.answer('/', URL_OF('/'), 'fresh'))).toBe(
      pageHtml('fresh', '春节晚会 — Lunar New Year'),
    );
  });

  it('serves a page past its fresh time as stale while one render replaces it, and not at all later', async () => {
    const { cache, renders, advance } = setUp();
    await cache.refresh('/events', URL_OF('/events'));
    advance(FRESH_MS);
    expect(cache.answer('/events', URL_OF('/events'), 'n1')?.status).toBe('stale');
    expect(cache.answer('/events', URL_OF('/events'), 'n2')?.status).toBe('stale');
    await cache.refresh('/events', URL_OF('/events'));
    expect(renders).toHaveLength(2);
    expect(cache.answer('/events', URL_OF('/events'), 'n3')?.status).toBe('hit');

    advance(FRESH_MS + STALE_MS);
    expect(cache.answer('/events', URL_OF('/events'), 'n4')).toBeNull();
  });

  it('renders a slow (cold) render again at the next visit, serving it meanwhile', async () => {
    let renderMs = 2_500;
    const { cache, renders, advance } = setUp(async ({ renderId }) => {
      advance(renderMs);
      return new Response(pageHtml(renderId), { headers: { 'content-type': 'text/html' } });
    });
    await cache.refresh('/', URL_OF('/'));
    renderMs = 40;
    // Served, and rendered again behind the scenes.
    expect(cache.answer('/', URL_OF('/'), 'n1')?.status).toBe('stale');
    await cache.refresh('/', URL_OF('/'));
    expect(renders).toHaveLength(2);
    expect(cache.answer('/', URL_OF('/'), 'n2')?.status).toBe('hit');
  });

  it('never keeps a render during which a data read failed, and keeps the page it had', async () => {
    let failing = false;
    const { cache, advance } = setUp(({ renderId }) => {
      if (failing) cache.noteFailedRead(renderId);
      const text = failing ? 'Failed to load events' : 'Events';
      return new Response(pageHtml(renderId, text), { headers: { 'content-type': 'text/html' } });
    });
    failing = true;
    await cache.refresh('/events', URL_OF('/events'));
    expect(cache.size).toBe(0);

    failing = false;
    await cache.refresh('/events', URL_OF('/events'));
    advance(FRESH_MS);
    failing = true;
    await cache.refresh('/events', URL_OF('/events'));
    expect(text(cache.answer('/events', URL_OF('/events'), 'n'))).toContain('Events');
    expect(text(cache.answer('/events', URL_OF('/events'), 'n'))).not.toContain('Failed');
  });

  it('ignores failures reported for renders it is not running', async () => {
    const { cache } = setUp();
    cache.noteFailedRead('someone-else');
    await cache.refresh('/', URL_OF('/'));
    expect(cache.answer('/', URL_OF('/'), 'n')?.status).toBe('hit');
  });

  it('keeps only 200 HTML answers, and drops a page that stops answering 200', async () => {
    let status = 200;
    let contentType = 'text/html';
    const { cache, advance } = setUp(
      ({ renderId }) =>
        new Response(pageHtml(renderId), { status, headers: { 'content-type': contentType } }),
    );
    contentType = 'application/json';
    await cache.refresh('/a', URL_OF('/a'));
    expect(cache.size).toBe(0);

    contentType = 'text/html';
    await cache.refresh('/a', URL_OF('/a'));
    expect(cache.size).toBe(1);
    advance(FRESH_MS);
    status = 404;
    await cache.refresh('/a', URL_OF('/a'));
    expect(cache.answer('/a', URL_OF('/a'), 'n')).toBeNull();
  });

  it('reports a render that throws and keeps nothing', async () => {
    const { cache, errors } = setUp(() => {
      throw new Error('connect ECONNREFUSED');
    });
    await cache.refresh('/', URL_OF('/'));
    expect(errors).toHaveLength(1);
    expect(cache.size).toBe(0);
  });

  it('forgets everything on invalidate, including a render that was under way', async () => {
    let finish: () => void = () => {};
    const { cache } = setUp(async ({ renderId }) => {
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return new Response(pageHtml(renderId), { headers: { 'content-type': 'text/html' } });
    });
    const rendering = cache.refresh('/', URL_OF('/'));
    cache.invalidate();
    finish();
    await rendering;
    expect(cache.size).toBe(0);

    const again = cache.refresh('/', URL_OF('/'));
    finish();
    await again;
    expect(cache.size).toBe(1);
    cache.invalidate();
    expect(cache.answer('/', URL_OF('/'), 'n')).toBeNull();
  });

  it('keeps at most maxPages pages, dropping the least recently rendered', async () => {
    const { cache } = setUp();
    for (const path of ['/1', '/2', '/3', '/4']) await cache.refresh(path, URL_OF(path));
    expect(cache.size).toBe(3);
    expect(cache.answer('/1', URL_OF('/1'), 'n')).toBeNull();
    expect(cache.answer('/4', URL_OF('/4'), 'n')?.status).toBe('hit');
  });

  it('knows its own renders by their secret, and nothing else', async () => {
    const { cache, renders } = setUp();
    await cache.refresh('/', URL_OF('/'));
    const { secretHeader, renderId } = renders[0]!;
    expect(cache.renderIdOf(new Headers({ [PAGE_RENDER_HEADER]: secretHeader }))).toBe(renderId);
    expect(cache.renderIdOf(new Headers({ [PAGE_RENDER_HEADER]: `guess.${renderId}` }))).toBeNull();
    expect(cache.renderIdOf(new Headers({ [PAGE_RENDER_HEADER]: renderId }))).toBeNull();
    expect(cache.renderIdOf(new Headers())).toBeNull();
  });
});

describe('serverRenderOrigin', () => {
  it('is where the server listens, on 127.0.0.1 for a wildcard or localhost listener', () => {
    expect(
      serverRenderOrigin({ __NEXT_PRIVATE_ORIGIN: 'http://localhost:3000', PORT: '3000' }),
    ).toBe('http://127.0.0.1:3000');
    expect(serverRenderOrigin({ __NEXT_PRIVATE_ORIGIN: 'http://10.1.2.3:8080' })).toBe(
      'http://10.1.2.3:8080',
    );
    expect(serverRenderOrigin({ PORT: '4100' })).toBe('http://127.0.0.1:4100');
    expect(serverRenderOrigin({})).toBeNull();
  });
});

describe('pageCacheKey', () => {
  const key = (path: string, init: ConstructorParameters<typeof NextRequest>[1] = {}) =>
    pageCacheKey(
      new NextRequest(URL_OF(path), {
        ...init,
        headers: { ...VISIT, ...(init.headers as Record<string, string>) },
      }),
    );

  it('is the path of an anonymous page visit', () => {
    expect(key('/events')).toBe('/events');
    expect(key('/')).toBe('/');
  });

  it('is one key per page however its address is written, and null for paths that are no page of the site', () => {
    expect(key('/events/01')).toBe('/events/1');
    expect(key('/events/%31')).toBe('/events/1');
    expect(key('/%65vents')).toBe('/events');
    expect(key('/events/0')).toBeNull();
    expect(key('/events/99999999999')).toBeNull();
    expect(key('/events/abc')).toBeNull();
    expect(key('/no-such-page')).toBeNull();
    expect(key('/admin')).toBeNull();
    expect(key('/%ff')).toBeNull();
  });

  it('is null for anything that must render for itself', () => {
    // The client router's requests, whose RSC headers Next.js hides from the proxy.
    expect(key('/events', { headers: { accept: '*/*', 'sec-fetch-dest': 'empty' } })).toBeNull();
    expect(key('/events', { headers: { accept: '*/*', 'sec-fetch-dest': '' } })).toBeNull();
    expect(key('/events', { headers: { 'sec-fetch-dest': 'empty' } })).toBeNull();
    expect(key('/events?page=2')).toBeNull();
    expect(key('/events', { method: 'HEAD' })).toBeNull();
    expect(key('/events', { headers: { rsc: '1' } })).toBeNull();
    expect(key('/events', { headers: { 'next-router-prefetch': '1' } })).toBeNull();
    expect(key('/events', { headers: { cookie: '__prerender_bypass=abc' } })).toBeNull();
    expect(key('/events', { headers: { cookie: 'tcsa-test-fault=events=error' } })).toBeNull();
    // Not even for a client that is not a browser.
    const notBrowser = (headers: Record<string, string>, method = 'GET', path = '/events') =>
      pageCacheKey(
        new NextRequest(URL_OF(path), { method, headers: { accept: '*/*', ...headers } }),
      );
    expect(notBrowser({ cookie: '__prerender_bypass=abc' })).toBeNull();
    expect(notBrowser({ cookie: 'tcsa-test-fault=events=empty' })).toBeNull();
    expect(notBrowser({}, 'HEAD')).toBeNull();
    expect(notBrowser({}, 'GET', '/events?page=2')).toBeNull();
  });

  it('is the page for a client without Fetch Metadata, whatever it accepts (curl, crawlers, probes)', () => {
    const plain = (headers: Record<string, string>) =>
      pageCacheKey(new NextRequest(URL_OF('/events'), { headers }));
    expect(plain({ accept: '*/*' })).toBe('/events');
    expect(plain({})).toBe('/events');
    expect(plain({ accept: 'application/json' })).toBe('/events');
    expect(plain({ accept: '*/*', 'user-agent': 'curl/8.5.0' })).toBe('/events');
    // A browser's document request counts whatever its Accept says; its fetches never do.
    expect(plain({ accept: '*/*', 'sec-fetch-dest': 'document' })).toBe('/events');
    expect(plain({ accept: 'text/html', 'sec-fetch-dest': 'iframe' })).toBeNull();
  });

  it('is the HTML-limited bots’ own variant for them, and the browsers’ for every other client', () => {
    const agent = (userAgent: string) =>
      pageCacheKey(
        new NextRequest(URL_OF('/events'), {
          headers: { accept: '*/*', 'user-agent': userAgent },
        }),
      );
    for (const bot of [
      'facebookexternalhit/1.1 Facebot Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      HTML_LIMITED_BOT_RENDER_AGENT,
    ]) {
      expect(parsePageKey(agent(bot)!), bot).toEqual({
        path: '/events',
        variant: 'html-limited-bot',
      });
    }
    // Googlebot runs scripts, and Next.js streams its metadata as for a browser.
    expect(agent('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe('/events');
    expect(agent('Mozilla/5.0 (iPhone) MicroMessenger/8.0.47')).toBe('/events');
  });

  it('does not mind the visitor’s other cookies, or a client that is not a browser', () => {
    expect(key('/events', { headers: { cookie: 'csrftoken=abc' } })).toBe('/events');
    const plain = new NextRequest(URL_OF('/events'), { headers: { accept: 'text/html' } });
    expect(pageCacheKey(plain)).toBe('/events');
  });
});

describe('cachedPageVary', () => {
  it('is Next.js’s own Vary with User-Agent added once, and no Accept', () => {
    expect(cachedPageVary('rsc, next-router-state-tree, Accept-Encoding')).toBe(
      'rsc, next-router-state-tree, Accept-Encoding, User-Agent',
    );
    expect(cachedPageVary(null)).toBe('User-Agent');
    expect(cachedPageVary('rsc, user-agent')).toBe('rsc, User-Agent');
  });
});

describe('proxy.ts with the page cache (production)', () => {
  afterEach(() => {
    sitePageCache().invalidate();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  /** A server on port 3999 whose pages are rendered by `page` (the cache's renders come back through the proxy). */
  function serve(
    page: (path: string, nonce: string) => Response = (_path, nonce) =>
      new Response(pageHtml(nonce), { headers: { 'content-type': 'text/html' } }),
  ) {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PORT', '3999');
    vi.stubEnv('__NEXT_PRIVATE_ORIGIN', '');
    const fetches: Request[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      fetches.push(request);
      const inner = await proxy(new NextRequest(request.url, { headers: request.headers }));
      const nonce = inner.headers.get('x-middleware-request-x-nonce') ?? '';
      return page(new URL(request.url).pathname, nonce);
    });
    return fetches;
  }

  it('renders a first visit once, through the server’s own address, then answers from the cache with a fresh nonce each time', async () => {
    const fetches = serve();
    // Behind an HTTPS proxy: the visitor's scheme and host must play no part in the render.
    const first = await proxy(
      visit('/events', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'tcsa.example.org' }),
    );
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe('miss');
    expect(first.status).toBe(200);
    expect(fetches).toHaveLength(1);
    expect(fetches[0]?.url).toBe('http://127.0.0.1:3999/events');
    expect(fetches[0]?.headers.get('cookie')).toBeNull();
    const firstNonce = /'nonce-([0-9a-f]+)'/.exec(
      first.headers.get('content-security-policy') ?? '',
    )?.[1];
    expect(await first.text()).toBe(pageHtml(firstNonce!));

    const answers = [await proxy(visit('/events')), await proxy(visit('/events'))];
    // The client router's request for the same page is not answered with HTML.
    expect(
      (await proxy(visit('/events', { accept: '*/*', 'sec-fetch-dest': 'empty' }))).headers.get(
        PAGE_CACHE_HEADER,
      ),
    ).toBeNull();
    const nonces = new Set<string>([firstNonce!]);
    for (const answer of answers) {
      expect(answer.headers.get(PAGE_CACHE_HEADER)).toBe('hit');
      const nonce = /'nonce-([0-9a-f]+)'/.exec(
        answer.headers.get('content-security-policy') ?? '',
      )?.[1];
      expect(nonce).toBeTruthy();
      expect(await answer.text()).toBe(pageHtml(nonce!));
      // A visitor without the anti-forgery cookie still gets one.
      expect(answer.cookies.get('csrftoken')?.value).toMatch(/^[0-9a-f]{64}$/);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
    expect(fetches).toHaveLength(1);
  });

  it('answers a client that asks without text/html from the same cached page, with a fresh nonce and the same Vary', async () => {
    const fetches = serve(
      (_path, nonce) =>
        new Response(pageHtml(nonce), {
          headers: { 'content-type': 'text/html', vary: 'rsc, next-router-state-tree' },
        }),
    );
    const browser = await proxy(visit('/'));
    expect(browser.headers.get(PAGE_CACHE_HEADER)).toBe('miss');
    const curl = await proxy(
      new NextRequest(URL_OF('/'), { headers: { accept: '*/*', 'user-agent': 'curl/8.5.0' } }),
    );
    expect(curl.headers.get(PAGE_CACHE_HEADER)).toBe('hit');
    expect(curl.headers.get('vary')).toBe('rsc, next-router-state-tree, User-Agent');
    expect(curl.headers.get('vary')).toBe(browser.headers.get('vary'));
    const nonce = /'nonce-([0-9a-f]+)'/.exec(
      curl.headers.get('content-security-policy') ?? '',
    )?.[1];
    expect(await curl.text()).toBe(pageHtml(nonce!));
    expect(fetches).toHaveLength(1);

    // A link previewer gets the page rendered once as Next.js renders it for such bots.
    const preview = () =>
      proxy(
        new NextRequest(URL_OF('/'), {
          headers: { accept: '*/*', 'user-agent': 'Slackbot-LinkExpanding 1.0' },
        }),
      );
    expect((await preview()).headers.get(PAGE_CACHE_HEADER)).toBe('miss');
    expect((await preview()).headers.get(PAGE_CACHE_HEADER)).toBe('hit');
    expect(fetches).toHaveLength(2);
    expect(fetches[1]?.url).toBe('http://127.0.0.1:3999/');
    expect(fetches[1]?.headers.get('user-agent')).toBe(HTML_LIMITED_BOT_RENDER_AGENT);

    // Draft mode and test faults render for themselves, whatever the client accepts.
    for (const cookie of ['__prerender_bypass=abc', 'tcsa-test-fault=events=empty']) {
      const own = await proxy(new NextRequest(URL_OF('/'), { headers: { accept: '*/*', cookie } }));
      expect(own.headers.get(PAGE_CACHE_HEADER), cookie).toBeNull();
      expect(own.headers.get('x-middleware-next'), cookie).toBe('1');
    }
    expect(fetches).toHaveLength(2);
  });

  it('renders a missing event once for its visitor (404) and keeps nothing', async () => {
    const fetches = serve(
      (_path, nonce) =>
        new Response(pageHtml(nonce, 'Page not found'), {
          status: 404,
          headers: { 'content-type': 'text/html' },
        }),
    );
    const answer = await proxy(visit('/events/999999'));
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('Page not found');
    expect(fetches).toHaveLength(1);
    expect(sitePageCache().size).toBe(0);
  });

  it('keeps one page however its address is written, and renders other paths only once, for their visitor', async () => {
    const fetches = serve();
    await proxy(visit('/events/1'));
    for (const path of ['/events/01', '/events/%31', '/events/0001']) {
      expect((await proxy(visit(path))).headers.get(PAGE_CACHE_HEADER)).toBe('hit');
    }
    expect(fetches.map((request) => request.url)).toEqual(['http://127.0.0.1:3999/events/1']);
    const unknown = await proxy(visit('/no-such-page'));
    expect(unknown.headers.get('x-middleware-next')).toBe('1');
    expect(unknown.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(fetches).toHaveLength(1);
  });

  it('gives the cache’s own render the nonce it chose and no cookie, and strips a forged render header', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PORT', '3999');
    const seen: Headers[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      seen.push(request.headers);
      const inner = await proxy(new NextRequest(request.url, { headers: request.headers }));
      expect(inner.headers.get('x-middleware-request-x-nonce')).toBe(
        inner.headers.get(`x-middleware-request-${PAGE_RENDER_HEADER}`),
      );
      expect(inner.headers.get('set-cookie')).toBeNull();
      return new Response('<p>ok</p>', { headers: { 'content-type': 'text/html' } });
    });
    await proxy(visit('/alumni'));
    expect(seen).toHaveLength(1);

    const forged = await proxy(visit('/joinus', { [PAGE_RENDER_HEADER]: 'guess.abc' }));
    expect(forged.headers.get(`x-middleware-request-${PAGE_RENDER_HEADER}`)).toBeNull();
    expect(forged.headers.get('x-middleware-request-x-nonce')).not.toBe('abc');
  });

  it('leaves draft mode and the Studio out of the cache', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PORT', '3999');
    vi.stubGlobal('fetch', () => {
      throw new Error('no render expected');
    });
    const draft = await proxy(visit('/', { cookie: '__prerender_bypass=abc' }));
    expect(draft.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    const studio = await proxy(visit('/studio'));
    expect(studio.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(sitePageCache().size).toBe(0);
  });
});
