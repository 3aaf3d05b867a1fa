import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET as getCsrf } from '@/app/api/csrf/route';
import {
  CSRF_COOKIE,
  constantTimeEqual,
  createCsrfToken,
  isWellFormedCsrfToken,
  ownOrigins,
  readCookie,
  verifyCsrf,
} from '@/lib/csrf';
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
    expect(verifyCsrf(post({ ...pair, origin: 'https://app.tcsa.example.org' }), options)).toBeNull();
    expect(verifyCsrf(post({ ...pair, referer: 'http://localhost:5173/events' }), options)).toBeNull();
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
  it('gives a page visitor without a cookie a csrftoken cookie', () => {
    const response = proxy(new NextRequest('http://localhost:3000/events/3'));
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/^csrftoken=[0-9a-f]{64};/);
  });

  it('leaves a visitor with a valid cookie alone', () => {
    const response = proxy(
      new NextRequest('http://localhost:3000/', { headers: { cookie: `csrftoken=${token}` } }),
    );
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('redirects a page path with a trailing slash to the one without (308), keeping the query', () => {
    const response = proxy(new NextRequest('http://localhost:3000/events/?tab=past'));
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('http://localhost:3000/events?tab=past');
  });

  it('does not run on the API, Next.js files or media', () => {
    const [pattern] = proxyConfig.matcher;
    const matcher = new RegExp(
      `^${pattern!.replace('/((?!', '/(?!').replace(/\)\.\*\)$/, ').*')}$`,
    );
    for (const path of ['/', '/events', '/events/', '/joinus', '/studio/desk'])
      expect(matcher.test(path), path).toBe(true);
    for (const path of [
      '/api/events/',
      '/api',
      '/_next/static/x.js',
      '/media/hero/home.svg',
      '/favicon.ico',
    ]) {
      expect(matcher.test(path), path).toBe(false);
    }
  });
});
