import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { E2E_PREVIEW_SECRET } from './support/server';

/**
 * The page cache (lib/http/page-cache.ts) for every kind of visitor: browsers, and the clients
 * that ask without `Accept: text/html` (curl, uptime probes, crawlers, link previewers), answered
 * from the same cache with the right Vary; draft mode never from it. Server behaviour: 1280 px only.
 */

const BROWSER = {
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
  'sec-fetch-dest': 'document',
};
const ANY = { accept: '*/*' };
const LINK_PREVIEW = {
  accept: '*/*',
  'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
};

/** The draft-mode banner's heading (app/_components/PreviewBanner.tsx), in no other answer. */
const PREVIEW_BANNER = 'id="preview-banner-title"';

/** Asks for `path` with `headers` until the server answers it from its page cache. */
async function cachedAnswer(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string>,
): Promise<APIResponse> {
  let response: APIResponse | undefined;
  await expect
    .poll(
      async () => {
        response = await request.get(path, { headers });
        return response.headers()['x-tcsa-page-cache'];
      },
      { timeout: 20_000 },
    )
    .toBe('hit');
  return response!;
}

/** The nonce of an answer's Content-Security-Policy. */
const policyNonce = (answer: APIResponse) =>
  /'nonce-([^']+)'/.exec(answer.headers()['content-security-policy'] ?? '')?.[1];

const varyNames = (answer: APIResponse) =>
  (answer.headers()['vary'] ?? '').split(',').map((name) => name.trim().toLowerCase());

test('a request without Accept: text/html gets the cached page, with its own nonce and the right Vary', async ({
  request,
}) => {
  const browser = await cachedAnswer(request, '/events', BROWSER);
  const plain = await request.get('/events', { headers: ANY });
  expect(plain.status()).toBe(200);
  expect(plain.headers()['x-tcsa-page-cache']).toBe('hit');
  expect(plain.headers()['content-type']).toMatch(/^text\/html/);
  // The answer varies on the router's RSC headers and the User-Agent (the bots' variant), not on Accept.
  expect(plain.headers()['vary']).toBe(browser.headers()['vary']);
  expect(varyNames(plain)).toContain('user-agent');
  expect(varyNames(plain)).toContain('rsc');
  expect(varyNames(plain)).not.toContain('accept');

  const nonces = [policyNonce(browser), policyNonce(plain)];
  expect(nonces[0]).toBeTruthy();
  expect(nonces[1]).toBeTruthy();
  expect(nonces[0]).not.toBe(nonces[1]);
  const html = await plain.text();
  const attributes = [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
  expect(attributes.length).toBeGreaterThan(2);
  expect(new Set(attributes)).toEqual(new Set([nonces[1]]));
  expect(html).toContain('Events');
});

test('a link previewer gets its own cached variant, with the metadata in the head', async ({
  request,
}) => {
  const preview = await cachedAnswer(request, '/events', LINK_PREVIEW);
  expect(varyNames(preview)).toContain('user-agent');
  const html = await preview.text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<title>[^<]+<\/title>/);
  expect(head).toContain('property="og:title"');
});

test('a draft-mode request never gets a cached answer, and leaves nothing of itself in the cache', async ({
  playwright,
  baseURL,
  request,
}) => {
  await cachedAnswer(request, '/events', ANY);
  const preview = await playwright.request.newContext({ baseURL });
  try {
    const enable = await preview.get(
      `/api/draft-mode/enable?secret=${encodeURIComponent(E2E_PREVIEW_SECRET)}&redirect=%2Fevents`,
      { headers: ANY, maxRedirects: 0 },
    );
    expect(enable.status()).toBeLessThan(400);
    const cookies = (await preview.storageState()).cookies.map((cookie) => cookie.name);
    expect(cookies).toContain('__prerender_bypass');
    for (const headers of [ANY, BROWSER, LINK_PREVIEW]) {
      const draft = await preview.get('/events', { headers });
      expect(draft.status()).toBe(200);
      expect(draft.headers()['x-tcsa-page-cache'], headers.accept).toBeUndefined();
      expect(await draft.text()).toContain(PREVIEW_BANNER);
    }
  } finally {
    await preview.dispose();
  }
  const after = await request.get('/events', { headers: ANY });
  expect(after.headers()['x-tcsa-page-cache']).toBe('hit');
  expect(await after.text()).not.toContain(PREVIEW_BANNER);
});

test('/api/events/ answers the same list for every visitor', async ({ request }) => {
  const answers = await Promise.all([
    request.get('/api/events/'),
    request.get('/api/events/', { headers: { accept: 'application/json' } }),
  ]);
  const bodies = [];
  for (const answer of answers) {
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/json/);
    bodies.push(await answer.text());
  }
  expect(bodies[0]).toBe(bodies[1]);
  expect(Array.isArray(JSON.parse(bodies[0]!))).toBe(true);
});
