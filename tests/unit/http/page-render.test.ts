import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_RENDER_HEADER, sitePageCache } from '@/lib/http/page-cache';

// The request headers the page sees; a page cache render carries its render id in them.
const requestHeaders = vi.hoisted(() => ({ current: new Headers() }));
vi.mock('next/headers', () => ({ headers: async () => requestHeaders.current }));

const { noteFailedRead } = await import('@/lib/http/page-render');

describe('noteFailedRead', () => {
  afterEach(() => {
    sitePageCache().invalidate();
    vi.unstubAllGlobals();
  });

  it('keeps a page whose render failed a read out of the cache, and any other page in it', async () => {
    let failRead = true;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const secretHeader = new Headers(init.headers).get(PAGE_RENDER_HEADER) ?? '';
      // What proxy.ts hands the page: the render id alone.
      requestHeaders.current = new Headers({
        [PAGE_RENDER_HEADER]: secretHeader.slice(secretHeader.indexOf('.') + 1),
      });
      if (failRead) await noteFailedRead();
      return new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } });
    });
    await sitePageCache().refresh('/alumni', 'http://localhost:3000/alumni');
    expect(sitePageCache().size).toBe(0);

    failRead = false;
    await sitePageCache().refresh('/alumni', 'http://localhost:3000/alumni');
    expect(sitePageCache().size).toBe(1);
  });

  it('does nothing for an ordinary request, or outside one', async () => {
    requestHeaders.current = new Headers();
    await expect(noteFailedRead()).resolves.toBeUndefined();
  });
});
