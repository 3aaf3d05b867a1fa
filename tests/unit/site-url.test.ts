import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteUrlFrom } from '@/lib/env/public';
import { emailLinksNotice } from '@/lib/mail/site-address-notice';

/**
 * The site's public address, the one source of every absolute link the server makes: the
 * setting when there is one, else this server on localhost at its own port.
 */

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('the site address', () => {
  it('follows PORT when NEXT_PUBLIC_SITE_URL is unset', () => {
    expect(siteUrlFrom(undefined, '4123')).toBe('http://localhost:4123');
    expect(siteUrlFrom(undefined, undefined)).toBe('http://localhost:3000');
    expect(siteUrlFrom(undefined, '')).toBe('http://localhost:3000');
    expect(siteUrlFrom(undefined, 'not-a-port')).toBe('http://localhost:3000');
    expect(siteUrlFrom(undefined, '70000')).toBe('http://localhost:3000');
  });

  it('is NEXT_PUBLIC_SITE_URL when set, whatever the port', () => {
    expect(siteUrlFrom('https://tcsa.example.org', '4123')).toBe('https://tcsa.example.org');
    expect(siteUrlFrom('https://tcsa.example.org/', undefined)).toBe('https://tcsa.example.org');
    expect(siteUrlFrom('http://club.example:8080/', '4123')).toBe('http://club.example:8080');
  });

  it('siteUrl() reads the port the server listens on at each call', async () => {
    vi.stubEnv('NEXT_PUBLIC_SITE_URL', '');
    const fresh = await import('@/lib/env/public');
    vi.stubEnv('PORT', '4123');
    expect(fresh.siteUrl()).toBe('http://localhost:4123');
    vi.stubEnv('PORT', '3100');
    expect(fresh.siteUrl()).toBe('http://localhost:3100');
    vi.stubEnv('PORT', undefined);
    expect(fresh.siteUrl()).toBe('http://localhost:3000');
  });

  it('siteUrl() is the setting when NEXT_PUBLIC_SITE_URL is set', async () => {
    vi.stubEnv('NEXT_PUBLIC_SITE_URL', 'https://tcsa.example.org');
    vi.stubEnv('PORT', '4123');
    const fresh = await import('@/lib/env/public');
    expect(fresh.siteUrl()).toBe('https://tcsa.example.org');
  });
});

describe('the start-up notice about links in emails', () => {
  it('speaks only when server email is on and the public address is not set', () => {
    const notice = emailLinksNotice(
      { SMTP_URL: 'smtp://mail.example.org', NEXT_PUBLIC_SITE_URL: undefined },
      'http://localhost:4123',
    );
    expect(notice).toContain('NEXT_PUBLIC_SITE_URL is not set');
    expect(notice).toContain('point to http://localhost:4123');
    expect(notice).toContain('Set NEXT_PUBLIC_SITE_URL');
    expect(
      emailLinksNotice(
        { SMTP_URL: 'smtp://mail.example.org', NEXT_PUBLIC_SITE_URL: 'https://tcsa.example.org' },
        'https://tcsa.example.org',
      ),
    ).toBeNull();
    expect(
      emailLinksNotice({ SMTP_URL: undefined, NEXT_PUBLIC_SITE_URL: undefined }, 'x'),
    ).toBeNull();
  });

  it('is printed once per process, at start', async () => {
    vi.stubEnv('SMTP_URL', 'smtp://mail.example.org');
    vi.stubEnv('NEXT_PUBLIC_SITE_URL', '');
    vi.stubEnv('PORT', '4123');
    const { resetServerEnvForTests } = await import('@/lib/env/server');
    resetServerEnvForTests();
    const fresh = await import('@/lib/mail/site-address-notice');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    delete (globalThis as { __tcsaEmailLinksNoticeShown?: boolean }).__tcsaEmailLinksNoticeShown;
    fresh.warnWhenEmailLinksNeedSiteUrl();
    fresh.warnWhenEmailLinksNeedSiteUrl();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('point to http://localhost:4123');
    resetServerEnvForTests();
  });
});
