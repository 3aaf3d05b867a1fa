import { readdirSync } from 'node:fs';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { interceptEmailJs } from './support/emailjs';
import { setTestFault } from './support/faults';
import { expect, test } from './support/fixtures';
import { SITE_ROUTES } from './support/routes';
import { STANDIN_PROJECT_ENV, standInForSanity } from './support/sanity-standin';
import { E2E_PREVIEW_SECRET, startSite, type RunningSite } from './support/server';

// The first read opens the server's database; on a busy machine that can take longer than a test.
test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  expect((await api.get('/api/events/', { timeout: 110_000 })).status()).toBe(200);
  await api.dispose();
});

/** The headers every response carries; the test server runs a production build. */
function expectFixedHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['permissions-policy']).toMatch(/(^|, )camera=\(\)/);
  expect(headers['permissions-policy']).toMatch(/(^|, )microphone=\(\)/);
  expect(headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)/);
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
}

function directives(policy: string | undefined): Map<string, string> {
  expect(policy, 'a Content-Security-Policy header').toBeTruthy();
  return new Map(
    policy!.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

/**
 * The Studio's policy, directive by directive (lib/http/security-headers.mjs): a prerendered page, so
 * inline scripts of its own origin instead of a nonce; Sanity's API hosts; no framing by others.
 */
const STUDIO_POLICY = new Map([
  ['default-src', "'self'"],
  ['script-src', "'self' 'unsafe-inline'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob: https:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self' https://*.sanity.io wss://*.sanity.io"],
  ['media-src', "'self' blob: https://cdn.sanity.io"],
  ['worker-src', "'self' blob:"],
  ['frame-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'self'"],
]);

/** The nonce of a page's policy, after checking the policy allows exactly what the site uses. */
function expectSitePolicy(policy: string | undefined): string {
  const csp = directives(policy);
  const nonce = /^'self' 'nonce-([A-Za-z0-9+/=]{20,})' 'strict-dynamic'$/.exec(
    csp.get('script-src') ?? '',
  )?.[1];
  expect(nonce, `script-src with a nonce in: ${policy}`).toBeTruthy();
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
  expect(csp.get('img-src')).toBe("'self' data: blob:");
  expect(csp.get('connect-src')).toBe("'self' https://api.emailjs.com");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'self'");
  expect(csp.get('form-action')).toBe("'self'");
  expect(csp.get('frame-ancestors')).toBe("'self'");
  return nonce!;
}

async function upcomingEventId(page: Page): Promise<number> {
  const events = (await (await page.request.get('/api/events/')).json()) as {
    id: number;
    starts_at: string | null;
    capacity: number | null;
  }[];
  const upcoming = events.find(
    (event) =>
      event.starts_at !== null &&
      Date.parse(event.starts_at) > Date.now() &&
      event.capacity === null,
  );
  if (!upcoming) throw new Error('The seed has no upcoming event');
  return upcoming.id;
}

/** Collects the page's CSP violation reports (the init script runs outside the page's policy). */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe('security headers', () => {
  for (const route of SITE_ROUTES) {
    test(`${route.path} sends the security headers and a fresh nonce-based policy`, async ({
      request,
    }) => {
      const first = await request.get(route.path);
      const second = await request.get(route.path);
      expect(first.status()).toBe(200);
      expectFixedHeaders(first);
      const nonce = expectSitePolicy(first.headers()['content-security-policy']);
      expect(expectSitePolicy(second.headers()['content-security-policy'])).not.toBe(nonce);
    });
  }

  test("an event page, the not-found page and the Studio's connect notice send them too", async ({
    page,
  }) => {
    const eventPage = await page.request.get(`/events/${await upcomingEventId(page)}`);
    expectFixedHeaders(eventPage);
    expectSitePolicy(eventPage.headers()['content-security-policy']);

    const missing = await page.request.get('/no-such-page');
    expect(missing.status()).toBe(404);
    expectFixedHeaders(missing);
    expectSitePolicy(missing.headers()['content-security-policy']);

    // Without a Sanity project, /studio shows how to connect one, under the Studio's policy; the
    // Studio itself is tested below, on a build with a project.
    const notice = await page.request.get('/studio');
    expectFixedHeaders(notice);
    expect(await notice.text()).toContain('Connect the content studio');
    expect(directives(notice.headers()['content-security-policy'])).toEqual(STUDIO_POLICY);
  });

  test('every HTML answer has its policy: Studio files, file-like 404s; the API answers JSON', async ({
    page,
  }) => {
    // The Studio under any path, extension or not: the Studio's policy (no clickjacking).
    for (const path of ['/studio/anything.js', '/studio/desk/x.json']) {
      const studio = await page.request.get(path);
      expect(studio.headers()['content-type'], path).toMatch(/^text\/html/);
      expect(directives(studio.headers()['content-security-policy']).get('frame-ancestors')).toBe(
        "'self'",
      );
    }
    // A file-like path that is not there: the site's not-found page with its nonce policy.
    const missing = await page.request.get('/no-such-file.txt');
    expect(missing.status()).toBe(404);
    expectFixedHeaders(missing);
    expectSitePolicy(missing.headers()['content-security-policy']);
    expect(await missing.text()).toContain('Page not found');
    // The media have a policy of their own (they skip proxy.ts): nothing runs, nobody frames.
    for (const path of [
      '/media/no-such-image.svg',
      '/media/events/accounting-careers-info-session.svg',
    ]) {
      const media = await page.request.get(path);
      const policy = directives(media.headers()['content-security-policy']);
      expect(policy.get('default-src'), path).toBe("'none'");
      expect(policy.get('frame-ancestors'), path).toBe("'self'");
      expect(policy.has('script-src'), path).toBe(false);
    }
    // An address under /api that is no endpoint: JSON, with the API's own policy.
    const api = await page.request.get('/api/no-such-endpoint/');
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ error: 'There is no API endpoint at this address.' });
    expect(api.headers()['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  test('a malformed percent-encoding answers 400 in JSON under /api and the not-found page elsewhere, never 500', async ({
    page,
  }) => {
    for (const path of ['/api/events/%ff/', '/api/%c0%af']) {
      const api = await page.request.get(path);
      expect(api.status(), path).toBe(400);
      expectFixedHeaders(api);
      expect(await api.json()).toEqual({
        error:
          'The address is malformed: it has a percent-encoded character that is not valid UTF-8.',
      });
    }
    for (const path of ['/%ff', '/events/%e0%a4', '/_next/static/%ff.js']) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(404);
      expectFixedHeaders(response);
      expectSitePolicy(response.headers()['content-security-policy']);
      expect(await response.text()).toContain('Page not found');
    }
    const media = await page.request.get('/media/%ff.svg');
    expect(media.status()).toBe(404);
    expect(media.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(await media.text()).toContain('Page not found');
    const shown = await page.goto('/%ff');
    expect(shown?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('API answers, static files and metadata routes send the fixed headers', async ({ page }) => {
    const api = await page.request.get('/api/events/');
    expect(api.status()).toBe(200);
    expectFixedHeaders(api);

    await page.goto('/');
    const script = await page.locator('script[src^="/_next/static/"]').first().getAttribute('src');
    const asset = await page.request.get(script!);
    expect(asset.status()).toBe(200);
    expectFixedHeaders(asset);

    for (const path of [
      '/media/events/accounting-careers-info-session.svg',
      '/robots.txt',
      '/sitemap.xml',
    ]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expectFixedHeaders(response);
    }

    // The image optimizer, which proxy.ts does not see: an image and its errors alike.
    // A picture of the bundled content, served by the site at /content-assets/.
    const picture = readdirSync('studio/dataset/images').find((name) => name.endsWith('.jpg'));
    expect(picture, 'the bundled content has a JPEG').toBeTruthy();
    for (const [path, status] of [
      [`/_next/image?url=${encodeURIComponent(`/content-assets/${picture}`)}&w=640&q=75`, 200],
      ['/_next/image?url=%2Fmedia%2Fevents%2Faccounting-careers-info-session.svg&w=640&q=75', 400],
      ['/_next/image?url=%2Fmedia%2Fno-such-picture.jpg&w=640&q=75', 404],
      ['/_next/image', 400],
    ] as const) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(status);
      expectFixedHeaders(response);
      expect(response.headers()['content-security-policy'], path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers()['x-frame-options'], path).toBe('DENY');
    }
  });

  test("every script of a page carries the nonce of the page's policy", async ({ page }) => {
    const response = await page.goto(`/events/${await upcomingEventId(page)}`);
    const nonce = expectSitePolicy(response?.headers()['content-security-policy']);
    const scripts = await page.locator('script').evaluateAll((elements) =>
      elements.map((element) => ({
        nonce: (element as HTMLScriptElement).nonce,
        type: element.getAttribute('type') ?? '',
      })),
    );
    // Next.js's own scripts and the structured data (JSON-LD) of the layout and the event.
    expect(scripts.filter((script) => script.type === 'application/ld+json')).toHaveLength(2);
    expect(scripts.length).toBeGreaterThan(2);
    for (const script of scripts) expect(script).toEqual({ nonce, type: script.type });
  });
});

test.describe('the page cache', () => {
  /** What a browser sends when it opens a page; the cache answers nothing else. */
  const PAGE_VISIT = { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };

  /** Asks for `path` until the server answers it from its page cache. */
  async function cachedAnswer(request: APIRequestContext, path: string): Promise<APIResponse> {
    let response: APIResponse | undefined;
    await expect
      .poll(
        async () => {
          response = await request.get(path, PAGE_VISIT);
          return response.headers()['x-tcsa-page-cache'];
        },
        { timeout: 20_000 },
      )
      .toBe('hit');
    return response!;
  }

  test('answers a repeat visit with its own nonce on every script, and the page still runs', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const first = await cachedAnswer(request, '/events');
    const second = await request.get('/events', PAGE_VISIT);
    expect(second.headers()['x-tcsa-page-cache']).toBe('hit');
    // A browser script's request for the same path (as the client router's) is not a page visit.
    const fromScript = await request.get('/events', {
      headers: { accept: '*/*', 'sec-fetch-dest': 'empty' },
    });
    expect(fromScript.headers()['x-tcsa-page-cache']).toBeUndefined();
    const nonces = [];
    for (const answer of [first, second]) {
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/^text\/html/);
      expectFixedHeaders(answer);
      const nonce = expectSitePolicy(answer.headers()['content-security-policy']);
      const html = await answer.text();
      const attributes = [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
      expect(attributes.length).toBeGreaterThan(2);
      expect(new Set(attributes)).toEqual(new Set([nonce]));
      const linkNonces = [...(answer.headers()['link'] ?? '').matchAll(/nonce="([^"]*)"/g)];
      for (const match of linkNonces) expect(match[1]).toBe(nonce);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);

    const violations = await recordViolations(page);
    const response = await page.goto('/events');
    expect(response?.headers()['x-tcsa-page-cache']).toBe('hit');
    // The page's scripts ran: React took over the page, and its links navigate in place.
    await expect
      .poll(() => page.evaluate(() => typeof (window as { next?: unknown }).next))
      .toBe('object');
    await page.evaluate(() => {
      (window as { stillHere?: boolean }).stillHere = true;
    });
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Alumni' })
      .click();
    await expect(page).toHaveURL(/\/alumni$/);
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('fills behind an HTTPS proxy: its renders use the server’s own address, not the forwarded scheme', async ({
    request,
  }) => {
    const behindProxy = {
      headers: {
        ...PAGE_VISIT.headers,
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'tcsa.example.org',
      },
    };
    await expect
      .poll(async () => (await request.get('/designs', behindProxy)).headers()['x-tcsa-page-cache'])
      .toBe('hit');
  });

  test('keeps one page however its address is written', async ({ request }) => {
    await cachedAnswer(request, '/events/1');
    for (const path of ['/events/01', '/events/%31']) {
      const answer = await request.get(path, PAGE_VISIT);
      expect(answer.headers()['x-tcsa-page-cache'], path).toBe('hit');
    }
  });

  test('never answers draft-mode previews or test faults from it', async ({
    page,
    context,
    baseURL,
  }) => {
    await cachedAnswer(page.request, '/events');
    await setTestFault(context, baseURL, 'events=empty');
    const faulted = await page.goto('/events');
    expect(faulted?.headers()['x-tcsa-page-cache']).toBeUndefined();
    await expect(page.getByText('No events available at the moment.')).toBeVisible();

    await context.clearCookies();
    const preview = await page.goto(
      `/api/draft-mode/enable?secret=${encodeURIComponent(E2E_PREVIEW_SECRET)}&redirect=%2Fevents`,
    );
    expect(preview?.headers()['x-tcsa-page-cache']).toBeUndefined();
    await expect(page.getByRole('button', { name: /exit preview/i })).toBeVisible();
  });
});

test.describe('no Content-Security-Policy violations', () => {
  test('on the home page with the gallery and chart loaded', async ({ page, consoleErrors }) => {
    const violations = await recordViolations(page);
    await page.goto('/');
    await page.getByRole('region', { name: 'Photo gallery', exact: true }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('gallery-canvas').locator('canvas')).toHaveCount(1);
    const roadmap = page.getByTestId('roadmap');
    await roadmap.scrollIntoViewIfNeeded();
    await expect(roadmap.locator('canvas')).toHaveCount(2);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('on an event page through a registration and its EmailJS call', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    const sends = await interceptEmailJs(page);
    const violations = await recordViolations(page);
    await page.goto(`/events/${await upcomingEventId(page)}`);
    const form = page.getByRole('form', { name: 'Register for this Event' });
    await form.getByLabel('First Name').fill('Mei');
    await form.getByLabel('Last Name').fill('Chen');
    await form.getByLabel('Email').fill(`csp.${testInfo.project.name}.${Date.now()}@example.org`);
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByTestId('registration-status')).toHaveText(
      'Registration successful! You are now registered for this event.',
    );
    await expect.poll(() => sends.length).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("on the Studio's connect notice (no Sanity project)", async ({ page, consoleErrors }) => {
    const violations = await recordViolations(page);
    await page.goto('/studio');
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('in draft-mode preview', async ({ page, consoleErrors }) => {
    const violations = await recordViolations(page);
    await page.goto(
      `/api/draft-mode/enable?secret=${encodeURIComponent(E2E_PREVIEW_SECRET)}&redirect=%2Fevents`,
    );
    await expect(page).toHaveURL(/\/events$/);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

/**
 * The Studio itself, as it runs with a Sanity project: the suite's build on a server of its own
 * started with NEXT_PUBLIC_SANITY_PROJECT_ID=standin1 (see studio.spec.ts), its calls to Sanity's
 * API answered by the stand-in.
 */
test.describe('the Studio, run with a Sanity project', () => {
  // The same page at both widths; one Studio server is enough.
  test.skip(({ viewport }) => (viewport?.width ?? 1280) <= 600);
  test.describe.configure({ mode: 'serial' });

  /**
   * What the Studio's policy refuses, on purpose, without taking anything from an editor:
   * - next-sanity's bridge script on Sanity's CDN, used only when the Studio runs inside Sanity's
   *   own dashboard: no script from another origin runs beside an editor's session;
   * - the Studio's check for a newer Sanity release on sanity-cdn.com (updates come with npm);
   * - zod's probe of whether it may compile its checks with `Function` (it works without).
   */
  const STUDIO_BLOCKS_ON_PURPOSE = [
    /^script-src(-elem)? blocked https:\/\/core\.sanity-cdn\.com\/bridge\.js$/,
    /^connect-src blocked https:\/\/sanity-cdn\.com\/v1\/modules\//,
    /^script-src blocked eval$/,
  ];
  /** The browser's own report of those blocked requests, and the Studio's note on its version check. */
  const STUDIO_BLOCKED_ERROR =
    /^(Loading the script 'https:\/\/core\.sanity-cdn\.com\/bridge\.js' violates|(Connecting to|Fetch API cannot load) '?https:\/\/sanity-cdn\.com\/v1\/modules\/|Failed to fetch version for package)/;
  let site: RunningSite;
  test.beforeAll(async () => {
    site = await startSite(STANDIN_PROJECT_ENV);
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test('/studio is the Studio, with the security headers and exactly the Studio policy', async ({
    playwright,
  }) => {
    const api = await playwright.request.newContext({ baseURL: site.baseURL });
    for (const address of ['/studio', '/studio/structure/home;homePage']) {
      const studio = await api.get(address);
      expect(studio.status(), address).toBe(200);
      const html = await studio.text();
      expect(html, address).toContain('<title>TCSA content studio</title>');
      expect(html, address).not.toContain('Connect the content studio');
      expectFixedHeaders(studio);
      expect(directives(studio.headers()['content-security-policy'])).toEqual(STUDIO_POLICY);
    }
    await api.dispose();
  });

  test('opens under its policy, which blocks only what it means to', async ({
    page,
    consoleErrors,
  }) => {
    const violations = await recordViolations(page);
    await standInForSanity(page, site.baseURL);
    const answer = await page.goto(`${site.baseURL}/studio`);
    expect(directives(answer?.headers()['content-security-policy'])).toEqual(STUDIO_POLICY);
    // Drawn by the Studio's own scripts, from the documents the stand-in serves: they all run.
    await expect(page.getByRole('link', { name: 'Home page' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('link', { name: 'Home page' }).click();
    await expect(page).toHaveURL(/\/studio\/structure\/home/);
    await expect(
      page.getByRole('link', { name: 'Hero, roadmap and section titles' }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    const unexpected = (await violations()).filter(
      (violation) => !STUDIO_BLOCKS_ON_PURPOSE.some((blocked) => blocked.test(violation)),
    );
    expect(unexpected).toEqual([]);
    // The browser reports each blocked request as an error; anything else is a real one.
    expect(consoleErrors.filter((error) => !STUDIO_BLOCKED_ERROR.test(error))).toEqual([]);
  });
});
