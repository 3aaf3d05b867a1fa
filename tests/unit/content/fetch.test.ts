import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The one fetch wrapper: which source and perspective each request reads. `next/headers` is
 * mocked for draft mode; the Sanity client is replaced by a recording fake for the connected case.
 */

const state = vi.hoisted(() => ({ draftMode: false, draftModeThrows: false }));

vi.mock('next/headers', () => ({
  draftMode: vi.fn(async () => {
    if (state.draftModeThrows) throw new Error('`draftMode` was called outside a request scope');
    return { isEnabled: state.draftMode, enable: vi.fn(), disable: vi.fn() };
  }),
}));

beforeEach(() => {
  state.draftMode = false;
  state.draftModeThrows = false;
});

afterEach(() => {
  vi.doUnmock('@/lib/content/client');
  vi.doUnmock('@/lib/content/token');
  vi.resetModules();
});

describe('without a Sanity project: the bundled dataset', () => {
  it('reads the published copy outside draft mode', async () => {
    const { getServicesPage } = await import('@/lib/content');
    const page = await getServicesPage();
    expect(page?.heroMessage).toMatch(/^Video, design, web and event services/);
  });

  it('reads the drafts in draft mode, references included', async () => {
    state.draftMode = true;
    const { getServicesPage, getSiteSettings } = await import('@/lib/content');
    expect((await getServicesPage())?.heroMessage).toMatch(/^Now booking for the winter term/);
    expect((await getSiteSettings())?.socialAccounts.at(-1)?.handle).toBe('@TCSA_uOttawa');
  });

  it('reads the published copy when asked to, even in draft mode (metadata)', async () => {
    state.draftMode = true;
    const { getServicesPage } = await import('@/lib/content');
    const page = await getServicesPage({ perspective: 'published' });
    expect(page?.heroMessage).toMatch(/^Video, design, web and event services/);
  });

  it('reads the published copy outside a request (build-time work)', async () => {
    state.draftModeThrows = true;
    const { getPageHero } = await import('@/lib/content');
    expect(await getPageHero('events')).toEqual({
      page: 'events',
      title: 'EVENTS',
      subtitle: 'Stay Connected, Stay Inspired. Discover Our Events!',
    });
  });
});

describe('with a Sanity project: the Content Lake', () => {
  type FetchCall = {
    config: Record<string, unknown>;
    query: string;
    params: unknown;
    options: unknown;
  };

  function fakeClient(calls: FetchCall[], config: Record<string, unknown> = {}) {
    return {
      withConfig: (extra: Record<string, unknown>) => fakeClient(calls, { ...config, ...extra }),
      fetch: async (query: string, params: unknown, options: unknown) => {
        calls.push({ config, query, params, options });
        return { heroTitle: 'From the Content Lake' };
      },
    };
  }

  async function connected(token: string | undefined) {
    const calls: FetchCall[] = [];
    vi.doMock('@/lib/content/client', () => ({ getSanityClient: () => fakeClient(calls) }));
    vi.doMock('@/lib/content/token', () => ({ readToken: () => token }));
    const content = await import('@/lib/content');
    return { calls, content };
  }

  it('published reads go to the CDN, cached under the tags of the types they read', async () => {
    const { calls, content } = await connected('read-token');
    await expect(content.getSiteSettings()).resolves.toMatchObject({
      heroTitle: 'From the Content Lake',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.config).toEqual({});
    expect(calls[0]?.options).toEqual({
      perspective: 'published',
      useCdn: true,
      next: { tags: ['siteSettings', 'socialAccount', 'sanity.imageAsset'], revalidate: 3600 },
      // Aborted after 2 s: see outage.test.ts.
      signal: expect.any(AbortSignal),
    });
  });

  it('draft-mode reads use the token and the drafts perspective, never the cache', async () => {
    state.draftMode = true;
    const { calls, content } = await connected('read-token');
    await content.getPageHero('alumni');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.config).toEqual({ token: 'read-token', useCdn: false, perspective: 'drafts' });
    expect(calls[0]?.params).toEqual({ id: 'pageHero-alumni' });
    expect(calls[0]?.options).toEqual({ cache: 'no-store', signal: expect.any(AbortSignal) });
  });

  it('without a read token, draft mode shows the published copy and says why', async () => {
    state.draftMode = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls, content } = await connected(undefined);
    await content.getHomePage();
    expect(calls[0]?.config).toEqual({});
    expect(calls[0]?.options).toMatchObject({ perspective: 'published' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('SANITY_API_READ_TOKEN'));
    warn.mockRestore();
  });
});
