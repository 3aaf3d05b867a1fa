import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  createNonce,
  isStudioPath,
  staticSecurityHeaders,
} from '@/lib/http/security-headers.mjs';
import { proxy } from '@/proxy';

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split('; ').map((directive) => {
      const [name = '', ...values] = directive.split(' ');
      return [name, values.join(' ')];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('locks site pages to their nonce, this origin and EmailJS', () => {
    const policy = directives(contentSecurityPolicy({ nonce: 'abc123==' }));
    expect(Object.fromEntries(policy)).toEqual({
      'default-src': "'self'",
      'script-src': "'self' 'nonce-abc123==' 'strict-dynamic'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'font-src': "'self'",
      'connect-src': "'self' https://api.emailjs.com",
      'media-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'self'",
    });
  });

  it("adds Sanity's CDN and the project's API only when a project is configured", () => {
    const policy = directives(contentSecurityPolicy({ nonce: 'n', sanityProjectId: 'ab12cd' }));
    expect(policy.get('img-src')).toBe("'self' data: blob: https://cdn.sanity.io");
    expect(policy.get('connect-src')).toBe(
      "'self' https://api.emailjs.com https://ab12cd.api.sanity.io https://ab12cd.apicdn.sanity.io wss://ab12cd.api.sanity.io",
    );
  });

  it("allows eval only in development, for React's dev tooling", () => {
    expect(directives(contentSecurityPolicy({ nonce: 'n', dev: true })).get('script-src')).toBe(
      "'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval'",
    );
  });

  it('gives the prerendered Studio inline scripts without a nonce, Sanity and framing of the site', () => {
    const policy = directives(contentSecurityPolicy({ studio: true }));
    expect(policy.get('script-src')).toBe("'self' 'unsafe-inline'");
    expect(policy.get('connect-src')).toContain('wss://*.sanity.io');
    expect(policy.get('frame-src')).toBe("'self'");
    expect(policy.get('frame-ancestors')).toBe("'self'");
    expect(policy.get('object-src')).toBe("'none'");
  });
});

describe('staticSecurityHeaders', () => {
  it('sends HSTS in production only', () => {
    const names = (production: boolean) =>
      staticSecurityHeaders({ production }).map((header) => header.key);
    expect(names(false)).toEqual([
      'Referrer-Policy',
      'X-Content-Type-Options',
      'Permissions-Policy',
    ]);
    expect(names(true)).toContain('Strict-Transport-Security');
  });

  it('refuses camera, microphone and geolocation', () => {
    const permissions = staticSecurityHeaders({ production: true }).find(
      (header) => header.key === 'Permissions-Policy',
    );
    expect(permissions?.value).toMatch(/(^|, )camera=\(\)/);
    expect(permissions?.value).toMatch(/(^|, )microphone=\(\)/);
    expect(permissions?.value).toMatch(/(^|, )geolocation=\(\)/);
  });
});

describe('nonces and paths', () => {
  it('makes a different 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
  });

  it('knows the Studio paths', () => {
    expect(isStudioPath('/studio')).toBe(true);
    expect(isStudioPath('/studio/structure/event')).toBe(true);
    expect(isStudioPath('/studios')).toBe(false);
    expect(isStudioPath('/')).toBe(false);
  });
});

describe('proxy.ts', () => {
  it('gives each page request a policy and hands the same nonce to the page', async () => {
    const response = await proxy(new NextRequest('http://localhost:3000/events'));
    const policy = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    // NextResponse.next passes the rewritten request headers on in these x-middleware-request-* headers.
    expect(response.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
    expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
    const again = await proxy(new NextRequest('http://localhost:3000/events'));
    expect(again.headers.get('content-security-policy')).not.toBe(policy);
  });

  it('gives the Studio its own policy and no nonce, even when the visitor sent one', async () => {
    const response = await proxy(
      new NextRequest('http://localhost:3000/studio/structure', {
        headers: { 'x-nonce': 'forged' },
      }),
    );
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' 'unsafe-inline'");
    expect(policy).toContain("frame-src 'self'");
    expect(policy).not.toContain('nonce-');
    expect(response.headers.get('x-middleware-request-x-nonce')).toBeNull();
  });
});
