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

  const BUCKET = {
    S3_BUCKET: 'tcsa-uploads',
    S3_ENDPOINT: 'https://0123abcd.r2.cloudflarestorage.com',
    S3_REGION: 'auto',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'key-secret',
  };

  it('reads a bucket whose five settings are all set, in the path only when asked', async () => {
    for (const [name, value] of Object.entries(BUCKET)) vi.stubEnv(name, ` ${value} `);
    const { getServerEnv } = await loadEnv();
    expect(getServerEnv()).toMatchObject(BUCKET);
    expect(getServerEnv().S3_FORCE_PATH_STYLE).toBeUndefined();
    vi.resetModules();
    vi.stubEnv('S3_FORCE_PATH_STYLE', 'true');
    expect((await loadEnv()).getServerEnv().S3_FORCE_PATH_STYLE).toBe(true);
    vi.resetModules();
    vi.stubEnv('S3_FORCE_PATH_STYLE', 'yes');
    const again = await loadEnv();
    expect(() => again.getServerEnv()).toThrow(/S3_FORCE_PATH_STYLE must be true or false/);
  });

  it('refuses part of a bucket’s settings, naming the missing ones', async () => {
    vi.stubEnv('S3_BUCKET', BUCKET.S3_BUCKET);
    vi.stubEnv('S3_ACCESS_KEY_ID', BUCKET.S3_ACCESS_KEY_ID);
    const { getServerEnv } = await loadEnv();
    expect(() => getServerEnv()).toThrow(
      'S3_ENDPOINT: S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set together or not at all; missing: S3_ENDPOINT, S3_REGION, S3_SECRET_ACCESS_KEY.',
    );
    // The path style alone is part of a bucket's settings too.
    vi.unstubAllEnvs();
    vi.resetModules();
    vi.stubEnv('S3_FORCE_PATH_STYLE', 'false');
    const alone = await loadEnv();
    expect(() => alone.getServerEnv()).toThrow(/missing: S3_BUCKET, S3_ENDPOINT/);
  });

  it('refuses a bucket address without its scheme', async () => {
    for (const [name, value] of Object.entries(BUCKET)) vi.stubEnv(name, value);
    vi.stubEnv('S3_ENDPOINT', 's3.eu-west-1.amazonaws.com');
    const { getServerEnv } = await loadEnv();
    expect(() => getServerEnv()).toThrow(/S3_ENDPOINT: S3_ENDPOINT must be an http/);
  });
});

describe('the Sanity project', () => {
  const loadProject = () => import('@/lib/content/project');

  it('is none without NEXT_PUBLIC_SANITY_PROJECT_ID: the site reads the bundled dataset', async () => {
    vi.stubEnv('NEXT_PUBLIC_SANITY_PROJECT_ID', ' ');
    vi.stubEnv('NEXT_PUBLIC_SANITY_DATASET', 'staging');
    const { isSanityConfigured, sanityProject } = await loadProject();
    expect(sanityProject()).toBeNull();
    expect(isSanityConfigured()).toBe(false);
  });

  it('is read from the environment the server runs with, dataset and API version defaulted', async () => {
    vi.stubEnv('NEXT_PUBLIC_SANITY_PROJECT_ID', ' abc123 ');
    const { isSanityConfigured, sanityProject } = await loadProject();
    expect(sanityProject()).toEqual({
      projectId: 'abc123',
      dataset: 'production',
      apiVersion: '2025-10-01',
    });
    expect(isSanityConfigured()).toBe(true);
  });

  it('takes the dataset and API version when they are set', async () => {
    vi.stubEnv('NEXT_PUBLIC_SANITY_PROJECT_ID', 'abc123');
    vi.stubEnv('NEXT_PUBLIC_SANITY_DATASET', 'staging');
    vi.stubEnv('NEXT_PUBLIC_SANITY_API_VERSION', '2026-01-01');
    const { sanityProject } = await loadProject();
    expect(sanityProject()).toEqual({
      projectId: 'abc123',
      dataset: 'staging',
      apiVersion: '2026-01-01',
    });
  });

  it('refuses a malformed project id, naming the variable', async () => {
    vi.stubEnv('NEXT_PUBLIC_SANITY_PROJECT_ID', 'My Project');
    const { sanityProject } = await loadProject();
    expect(() => sanityProject()).toThrow(/NEXT_PUBLIC_SANITY_PROJECT_ID/);
  });

  it("gives images Sanity's CDN addresses with a project, the bundled files without", async () => {
    const ref = 'image-09d5e4e43b3f3b572b869a932361cb57d6fc69f3-1200x630-jpg';
    const offline = await import('@/lib/content/image');
    expect(offline.imageUrl({ asset: { _ref: ref } })).toMatch(/^\/content-assets\//);
    vi.resetModules();
    vi.stubEnv('NEXT_PUBLIC_SANITY_PROJECT_ID', 'abc123');
    const online = await import('@/lib/content/image');
    expect(online.imageUrl({ asset: { _ref: ref } })).toMatch(
      /^https:\/\/cdn\.sanity\.io\/images\/abc123\/production\//,
    );
  });
});
