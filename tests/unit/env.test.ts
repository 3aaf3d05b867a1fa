import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function loadEnv() {
  return { ...(await import('@/lib/env/public')), ...(await import('@/lib/env/server')) };
}

describe('environment', () => {
  it('starts with nothing set: every variable is optional', async () => {
    const { getServerEnv, siteUrl } = await loadEnv();
    const env = getServerEnv();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.NEXT_PUBLIC_SANITY_PROJECT_ID).toBeUndefined();
    expect(siteUrl()).toBe('http://localhost:3000');
  });

  it('treats an empty value as unset', async () => {
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('NEXT_PUBLIC_SITE_URL', '  ');
    const { getServerEnv } = await loadEnv();
    expect(getServerEnv().DATABASE_URL).toBeUndefined();
    expect(getServerEnv().NEXT_PUBLIC_SITE_URL).toBeUndefined();
  });

  it('refuses a database URL that is not PostgreSQL, naming the variable', async () => {
    vi.stubEnv('DATABASE_URL', 'mysql://localhost/tcsa');
    const { getServerEnv } = await loadEnv();
    expect(() => getServerEnv()).toThrow(/DATABASE_URL: DATABASE_URL must be a postgres/);
  });

  it('refuses a malformed public site URL at load time', async () => {
    vi.stubEnv('NEXT_PUBLIC_SITE_URL', 'not a url');
    await expect(loadEnv()).rejects.toThrow(/NEXT_PUBLIC_SITE_URL/);
  });

  it('parses the EmailJS rate limit as a whole number of milliseconds', async () => {
    vi.stubEnv('EMAILJS_RATE_LIMIT_MS', '1500');
    const { getServerEnv } = await loadEnv();
    expect(getServerEnv().EMAILJS_RATE_LIMIT_MS).toBe(1500);
  });

  it('refuses a rate limit that is not a whole number', async () => {
    vi.stubEnv('EMAILJS_RATE_LIMIT_MS', 'fast');
    const { getServerEnv } = await loadEnv();
    expect(() => getServerEnv()).toThrow(/EMAILJS_RATE_LIMIT_MS/);
  });

  it('reads the submission limit and the uploads folder', async () => {
    vi.stubEnv('SUBMISSION_RATE_LIMIT_PER_MINUTE', '0');
    vi.stubEnv('UPLOADS_DIR', ' /srv/tcsa/uploads ');
    const { getServerEnv } = await loadEnv();
    expect(getServerEnv().SUBMISSION_RATE_LIMIT_PER_MINUTE).toBe(0);
    expect(getServerEnv().UPLOADS_DIR).toBe('/srv/tcsa/uploads');
  });

  it('refuses a submission limit that is not a whole number', async () => {
    vi.stubEnv('SUBMISSION_RATE_LIMIT_PER_MINUTE', '-5');
    const { getServerEnv } = await loadEnv();
    expect(() => getServerEnv()).toThrow(/SUBMISSION_RATE_LIMIT_PER_MINUTE/);
  });

  it('reads CSRF_TRUSTED_ORIGINS as a list of origins, and refuses one without its scheme', async () => {
    vi.stubEnv('CSRF_TRUSTED_ORIGINS', ' https://app.example.org/, http://localhost:5173 ,');
    const { getServerEnv } = await loadEnv();
    expect(getServerEnv().CSRF_TRUSTED_ORIGINS).toEqual([
      'https://app.example.org',
      'http://localhost:5173',
    ]);
    vi.resetModules();
    vi.stubEnv('CSRF_TRUSTED_ORIGINS', 'app.example.org');
    const again = await loadEnv();
    expect(() => again.getServerEnv()).toThrow(/CSRF_TRUSTED_ORIGINS/);
  });
});
