import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The draft-mode routes, with `next/headers` mocked the way next-sanity's own tests do: a
 * draft-mode store whose enable/disable flip a flag, and a cookie store.
 */

type CookieOptions = { name: string; value: string; secure?: boolean; sameSite?: string };
const state = vi.hoisted(() => ({
  draftMode: false,
  cookies: new Map<string, string>(),
  /** Each cookie as last set with its attributes (the draft-mode cookie). */
  cookieOptions: new Map<string, CookieOptions>(),
}));

vi.mock('next/headers', () => ({
  draftMode: vi.fn(async () => ({
    get isEnabled() {
      return state.draftMode;
    },
    enable: vi.fn(() => {
      state.draftMode = true;
      // As Next.js does: the cookie carries the build's preview id.
      state.cookies.set('__prerender_bypass', 'preview-id');
    }),
    disable: vi.fn(() => {
      state.draftMode = false;
    }),
  })),
  cookies: vi.fn(async () => ({
    has: (name: string) => state.cookies.has(name),
    get: (name: string) =>
      state.cookies.has(name) ? { name, value: state.cookies.get(name) } : undefined,
    set: (nameOrOptions: string | CookieOptions, value?: string) => {
      if (typeof nameOrOptions === 'string') state.cookies.set(nameOrOptions, value ?? '');
      else {
        state.cookies.set(nameOrOptions.name, nameOrOptions.value);
        state.cookieOptions.set(nameOrOptions.name, nameOrOptions);
      }
    },
    delete: (name: string) => state.cookies.delete(name),
  })),
}));

const SECRET = 'a-long-preview-secret-for-tests';

async function loadRoutes() {
  const { resetServerEnvForTests } = await import('@/lib/env/server');
  resetServerEnvForTests();
  const enable = await import('@/app/api/draft-mode/enable/route');
  const disable = await import('@/app/api/draft-mode/disable/route');
  return { enable: enable.GET, disable: disable.GET };
}

function get(path: string): Request {
  return new Request(`http://127.0.0.1:3000${path}`);
}

beforeEach(() => {
  state.draftMode = false;
  state.cookies.clear();
  state.cookieOptions.clear();
  vi.stubEnv('SANITY_PREVIEW_SECRET', SECRET);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('GET /api/draft-mode/enable', () => {
  it('answers 401 without a secret and leaves draft mode off', async () => {
    const { enable } = await loadRoutes();
    const response = await enable(get('/api/draft-mode/enable?redirect=/services'));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Missing preview secret' });
    expect(state.draftMode).toBe(false);
  });

  it('answers 401 to a wrong secret, even one that only differs in length', async () => {
    const { enable } = await loadRoutes();
    for (const secret of ['wrong', `${SECRET}x`, SECRET.slice(0, -1), ' ']) {
      const response = await enable(
        get(`/api/draft-mode/enable?secret=${encodeURIComponent(secret)}&redirect=/services`),
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Invalid preview secret' });
    }
    expect(state.draftMode).toBe(false);
  });

  it('with the right secret, enables draft mode and redirects to the page', async () => {
    const { enable } = await loadRoutes();
    const response = await enable(
      get(
        `/api/draft-mode/enable?secret=${SECRET}&redirect=${encodeURIComponent('/services?x=1#form')}`,
      ),
    );
    expect(state.draftMode).toBe(true);
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/services?x=1#form');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('sets the draft-mode cookie Secure only over https, SameSite=Lax, so WebKit keeps it on http', async () => {
    const { enable, disable } = await loadRoutes();
    await enable(get(`/api/draft-mode/enable?secret=${SECRET}`));
    expect(state.cookieOptions.get('__prerender_bypass')).toMatchObject({
      value: 'preview-id',
      secure: false,
      sameSite: 'lax',
      httpOnly: true,
      path: '/',
    });
    await enable(
      new Request(`http://127.0.0.1:3000/api/draft-mode/enable?secret=${SECRET}`, {
        headers: { 'x-forwarded-proto': 'https' },
      }),
    );
    expect(state.cookieOptions.get('__prerender_bypass')).toMatchObject({
      secure: true,
      sameSite: 'lax',
    });
    // Leaving removes it with the same attributes: WebKit ignores a Secure removal over http.
    await disable(get('/api/draft-mode/disable?redirect=/services'));
    expect(state.cookieOptions.get('__prerender_bypass')).toMatchObject({
      value: '',
      secure: false,
      expires: new Date(0),
    });
  });

  it('without a redirect, goes to the home page', async () => {
    const { enable } = await loadRoutes();
    const response = await enable(get(`/api/draft-mode/enable?secret=${SECRET}`));
    expect(response.headers.get('location')).toBe('/');
  });

  it.each([
    'https://evil.com/services',
    '//evil.com',
    '//evil.com/services',
    '/\\evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    'services',
    '/%2F%2Fevil.com',
    ' /services',
  ])('refuses to redirect to %j and falls back to a path of the site', async (target) => {
    const { enable } = await loadRoutes();
    const response = await enable(
      get(`/api/draft-mode/enable?secret=${SECRET}&redirect=${encodeURIComponent(target)}`),
    );
    expect(response.status).toBe(307);
    const location = response.headers.get('location') ?? '';
    expect(location.startsWith('/')).toBe(true);
    expect(location.startsWith('//')).toBe(false);
    expect(new URL(location, 'http://127.0.0.1:3000').origin).toBe('http://127.0.0.1:3000');
  });

  it('sends a person who opened a bad link to the page saying why, with no draft mode', async () => {
    vi.stubEnv('SANITY_PREVIEW_SECRET', SECRET);
    const { enable } = await loadRoutes();
    const browser = (path: string) =>
      new Request(`http://127.0.0.1:3000${path}`, {
        headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' },
      });
    const cases: [string, string][] = [
      ['/api/draft-mode/enable?secret=wrong&redirect=/services', 'wrong'],
      ['/api/draft-mode/enable?redirect=/services', 'missing'],
    ];
    for (const [path, reason] of cases) {
      const response = await enable(browser(path));
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`/preview-link-not-valid?reason=${reason}`);
    }
    vi.stubEnv('SANITY_PREVIEW_SECRET', '');
    const { enable: unconfigured } = await loadRoutes();
    const response = await unconfigured(browser('/api/draft-mode/enable?secret=x&redirect=/'));
    expect(response.headers.get('location')).toBe('/preview-link-not-valid?reason=not-configured');
    expect(state.draftMode).toBe(false);
  });

  it('answers 401 when the site has no preview secret configured', async () => {
    vi.stubEnv('SANITY_PREVIEW_SECRET', '');
    const { enable } = await loadRoutes();
    const response = await enable(get('/api/draft-mode/enable?secret=anything&redirect=/services'));
    expect(response.status).toBe(401);
    expect(state.draftMode).toBe(false);
  });

  it("answers 401 to the Studio's preview secret when no Sanity project is configured", async () => {
    const { enable } = await loadRoutes();
    const response = await enable(
      get('/api/draft-mode/enable?sanity-preview-secret=abc&sanity-preview-pathname=/services'),
    );
    expect(response.status).toBe(401);
    expect(state.draftMode).toBe(false);
  });
});

describe('GET /api/draft-mode/disable', () => {
  it('ends draft mode and goes back to the page it was called from', async () => {
    state.draftMode = true;
    state.cookies.set('sanity-preview-perspective', 'drafts');
    const { disable } = await loadRoutes();
    const response = await disable(get('/api/draft-mode/disable?redirect=/services'));
    expect(state.draftMode).toBe(false);
    expect(state.cookies.has('sanity-preview-perspective')).toBe(false);
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/services');
  });

  it('never redirects to another origin', async () => {
    const { disable } = await loadRoutes();
    const response = await disable(get('/api/draft-mode/disable?redirect=https://evil.com'));
    expect(response.headers.get('location')).toBe('/');
  });
});

describe('safeRedirectPath and secretsMatch', () => {
  it('keeps paths of the site, query and fragment included', async () => {
    const { safeRedirectPath } = await import('@/lib/content/draft');
    expect(safeRedirectPath('/events/3?tab=details#register')).toBe(
      '/events/3?tab=details#register',
    );
    expect(safeRedirectPath('/a/../services')).toBe('/services');
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath('https://evil.com', '/home')).toBe('/home');
  });

  it('compares secrets exactly', async () => {
    const { secretsMatch } = await import('@/lib/content/draft');
    expect(secretsMatch(SECRET, SECRET)).toBe(true);
    expect(secretsMatch(SECRET.toUpperCase(), SECRET)).toBe(false);
    expect(secretsMatch('', '')).toBe(false);
  });
});
