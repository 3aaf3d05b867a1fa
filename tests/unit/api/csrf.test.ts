import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET as getCsrf } from '@/app/api/csrf/route';
import {
  CSRF_COOKIE,
  constantTimeEqual,
  createCsrfToken,
  isWellFormedCsrfToken,
  ownOrigins,
  readCookie,
  verifyCsrf,
} from '@/lib/http/csrf';
import { tryToParsePath } from 'next/dist/lib/try-to-parse-path';
import { resetServerEnvForTests } from '@/lib/env/server';
import { config as proxyConfig, proxy } from '@/proxy';

const token = createCsrfToken();

function post(
  headers: Record<string, string>,
  url = 'http://localhost:3000/api/events/1/register/',
) {
  return new Request(url, { method: 'POST', headers });
}

describe('CSRF tokens', () => {
  it('are 64 random hex characters', () => {
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(createCsrfToken()).not.toBe(token);
    expect(isWellFormedCsrfToken(token)).toBe(true);
    expect(isWellFormedCsrfToken('short')).toBe(false);
    expect(isWellFormedCsrfToken('a'.repeat(64) + ';')).toBe(false);
  });

  it('compare in constant time, by content', () => {
    expect(constantTimeEqual(token, token)).toBe(true);
    expect(constantTimeEqual(token, token.slice(0, -1) + 'x')).toBe(false);
    expect(constantTimeEqual(token, token + '0')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });

  it('readCookie finds one cookie among several', () => {
    expect(readCookie(`a=1; ${CSRF_COOKIE}=${token}; b=2`, CSRF_COOKIE)).toBe(token);
    expect(readCookie('xcsrftoken=1', CSRF_COOKIE)).toBeUndefined();
    expect(readCookie(null, CSRF_COOKIE)).toBeUndefined();
  });
});

describe('verifyCsrf', () => {
  const pair = { cookie: `csrftoken=${token}`, 'x-csrftoken': token };

  it('accepts the matching pair from the same origin', () => {
    expect(verifyCsrf(post({ ...pair, origin: 'http://localhost:3000' }))).toBeNull();
  });

  it('accepts the configured site URL and the forwarded host', () => {
    expect(
      verifyCsrf(post({ ...pair, origin: 'https://tcsa.example.org' }), {
        siteUrl: 'https://tcsa.example.org/',
      }),
    ).toBeNull();
    const behindProxy = post({
      ...pair,
      origin: 'https://club.example.org',
      'x-forwarded-host': 'club.example.org',
      'x-forwarded-proto': 'https',
    });
    expect(ownOrigins(behindProxy).has('https://club.example.org')).toBe(true);
    expect(verifyCsrf(behindProxy)).toBeNull();
  });

  it('accepts a trusted origin (CSRF_TRUSTED_ORIGINS) and no other', () => {
    const options = { trustedOrigins: ['https://app.tcsa.example.org', 'http://localhost:5173'] };
    expect(
      verifyCsrf(post({ ...pair, origin: 'https://app.tcsa.example.org' }), options),
    ).toBeNull();
    expect(
      verifyCsrf(post({ ...pair, referer: 'http://localhost:5173/events' }), options),
    ).toBeNull();
    expect(verifyCsrf(post({ ...pair, origin: 'https://app.tcsa.example.org' }))).toBe(
      'csrf_origin_mismatch',
    );
    expect(verifyCsrf(post({ ...pair, origin: 'http://app.tcsa.example.org' }), options)).toBe(
      'csrf_origin_mismatch',
    );
  });

  it('refuses other origins, Origin: null and cross-site referers', () => {
    expect(verifyCsrf(post({ ...pair, origin: 'https://evil.example' }))).toBe(
      'csrf_origin_mismatch',
    );
    expect(verifyCsrf(post({ ...pair, origin: 'null' }))).toBe('csrf_origin_mismatch');
    expect(verifyCsrf(post({ ...pair, referer: 'https://evil.example/page' }))).toBe(
      'csrf_origin_mismatch',
    );
    expect(verifyCsrf(post({ ...pair, referer: 'http://localhost:3000/events/1' }))).toBeNull();
  });

  it('refuses a missing cookie, a missing header and a mismatch', () => {
    expect(verifyCsrf(post({ 'x-csrftoken': token }))).toBe('csrf_cookie_missing');
    expect(verifyCsrf(post({ cookie: pair.cookie }))).toBe('csrf_token_mismatch');
    expect(verifyCsrf(post({ ...pair, 'x-csrftoken': createCsrfToken() }))).toBe(
      'csrf_token_mismatch',
    );
  });
});

describe('GET /api/csrf/', () => {
  it('issues a token and sets it as the csrftoken cookie', async () => {
    const response = getCsrf(new NextRequest('http://localhost:3000/api/csrf/'));
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    expect(isWellFormedCsrfToken(csrfToken)).toBe(true);
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toContain(`csrftoken=${csrfToken}`);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps a valid existing cookie, and marks the cookie Secure over HTTPS', async () => {
    const kept = getCsrf(
      new NextRequest('http://localhost:3000/api/csrf/', {
        headers: { cookie: `csrftoken=${token}` },
      }),
    );
    expect(((await kept.json()) as { csrfToken: string }).csrfToken).toBe(token);
    expect(kept.headers.get('set-cookie')).toBeNull();
    const secure = getCsrf(new NextRequest('https://tcsa.example.org/api/csrf/'));
    expect(secure.headers.get('set-cookie')).toMatch(/Secure/);
  });
});

describe('proxy.ts', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('gives a page visitor without a cookie a csrftoken cookie', async () => {
    const response = await proxy(new NextRequest('http://localhost:3000/events/3'));
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/^csrftoken=[0-9a-f]{64};/);
  });

  it('leaves a visitor with a valid cookie alone', async () => {
    const response = await proxy(
      new NextRequest('http://localhost:3000/', { headers: { cookie: `csrftoken=${token}` } }),
    );
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('redirects a page path with a trailing slash to the one without (308), keeping the query', async () => {
    const response = await proxy(new NextRequest('http://localhost:3000/events/?tab=past'));
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('http://localhost:3000/events?tab=past');
  });

  it('sets the csrftoken cookie on any API GET that lacks one, as Django’s ensure_csrf_cookie', async () => {
    const get = await proxy(new NextRequest('http://localhost:3000/api/events/'));
    expect(get.headers.get('x-middleware-next')).toBe('1');
    expect(get.headers.get('set-cookie')).toMatch(/^csrftoken=[0-9a-f]{64}; Path=\//);
    expect(get.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const kept = await proxy(
      new NextRequest('http://localhost:3000/api/members/', {
        headers: { cookie: `csrftoken=${token}` },
      }),
    );
    expect(kept.headers.get('set-cookie')).toBeNull();
    // /api/csrf/ issues the cookie with the token it answers; the registration POST sets none.
    expect(
      (await proxy(new NextRequest('http://localhost:3000/api/csrf/'))).headers.get('set-cookie'),
    ).toBeNull();
    const posted = await proxy(
      new NextRequest('http://localhost:3000/api/events/1/register/', { method: 'POST' }),
    );
    expect(posted.headers.get('set-cookie')).toBeNull();
  });

  it('lets a page of a trusted origin call the API with credentials (CORS), and no other origin', async () => {
    vi.stubEnv('CSRF_TRUSTED_ORIGINS', 'https://app.tcsa.example.org');
    resetServerEnvForTests();
    const preflight = await proxy(
      new NextRequest('http://localhost:3000/api/events/1/register/', {
        method: 'OPTIONS',
        headers: { origin: 'https://app.tcsa.example.org' },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(
      'https://app.tcsa.example.org',
    );
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('X-CSRFToken');
    const other = await proxy(
      new NextRequest('http://localhost:3000/api/events/', {
        headers: { origin: 'https://evil.example' },
      }),
    );
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    resetServerEnvForTests();
  });

  it('answers a malformed percent-encoding itself: JSON 400 under /api, the not-found page elsewhere', async () => {
    for (const path of ['/api/events/%ff/', '/api/%e0%a4']) {
      const api = await proxy(new NextRequest(`http://localhost:3000${path}`));
      expect(api.status, path).toBe(400);
      expect(await api.json()).toEqual({
        error:
          'The address is malformed: it has a percent-encoded character that is not valid UTF-8.',
      });
    }
    for (const path of ['/%ff', '/media/%ff.svg', '/events/%c0']) {
      const page = await proxy(new NextRequest(`http://localhost:3000${path}`));
      expect(page.headers.get('x-middleware-rewrite'), path).toBe(
        'http://localhost:3000/malformed-address',
      );
      expect(page.headers.get('content-security-policy'), path).toMatch(/frame-ancestors 'self'/);
    }
  });

  it('gives file-like paths and the Studio’s files their policy, and files no cookie', async () => {
    const studio = await proxy(new NextRequest('http://localhost:3000/studio/anything.js'));
    expect(studio.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
    expect(studio.headers.get('content-security-policy')).toContain("'unsafe-inline'");
    const file = await proxy(new NextRequest('http://localhost:3000/no-such-file.txt'));
    expect(file.headers.get('content-security-policy')).toMatch(/'nonce-[0-9a-f]+'/);
    expect(file.headers.get('set-cookie')).toBeNull();
    expect(file.status).toBe(200);
  });

  it('runs on every path but the build files and media, and on those too when their address has a percent-escape', async () => {
    // Compiled as Next.js compiles them, and tried on the raw address as it does.
    const always = proxyConfig.matcher.filter((entry) => typeof entry === 'string');
    const matchers = always.map((pattern) => new RegExp(tryToParsePath(pattern).regexStr ?? '^$'));
    const runs = (path: string) => matchers.some((matcher) => matcher.test(path));
    // The job application only without a body: its posts stream to disk, which Next.js would
    // not let them do for proxy.ts (it holds such a body whole in memory first).
    const conditional = proxyConfig.matcher.filter((entry) => typeof entry !== 'string');
    expect(conditional.map((entry) => entry.source).sort()).toEqual([
      '/api/applications',
      '/api/applications/',
    ]);
    for (const entry of conditional) {
      expect(entry.missing).toEqual([
        { type: 'header', key: 'content-length' },
        { type: 'header', key: 'transfer-encoding' },
      ]);
    }
    expect(runs('/api/applications/')).toBe(false);
    expect(runs('/api/applications/x')).toBe(true);
    for (const path of [
      '/',
      '/events/',
      '/studio/x.js',
      '/api/events/',
      '/x.txt',
      '/media/%ff.svg',
      '/_next/static/%ff.js',
    ])
      expect(runs(path), path).toBe(true);
    for (const path of ['/_next/static/x.js', '/media/a.svg']) expect(runs(path), path).toBe(false);
    const chunk = await proxy(new NextRequest('http://localhost:3000/_next/static/chunks/a.js'));
    expect(chunk.headers.get('x-middleware-next')).toBe('1');
    expect(chunk.headers.get('content-security-policy')).toBeNull();
    const malformed = await proxy(new NextRequest('http://localhost:3000/_next/static/%ff.js'));
    expect(malformed.headers.get('x-middleware-rewrite')).toBe(
      'http://localhost:3000/malformed-address',
    );
  });
});
