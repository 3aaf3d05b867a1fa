import type { BrowserContext } from '@playwright/test';

/**
 * Puts copy of a test's own in place of some documents' fields, for this browser context only
 * (lib/testing/test-copy.ts), e.g. `{ homePage: { heroTitle: 'INTERNATIONALIZATION' } }`: as an
 * import or the API could have stored it, before the site's reads shape it. The fault cookie is
 * set beside it (with the given faults, or one that changes nothing) so that such pages are
 * rendered for this context and never served from, or stored in, the shared caches.
 */
export async function setTestCopy(
  context: BrowserContext,
  baseURL: string | undefined,
  overrides: Record<string, Record<string, unknown>>,
  faults = 'copy=none',
) {
  if (!baseURL) throw new Error('The test copy cookie needs the site base URL (E2E_BASE_URL).');
  await context.addCookies([
    { name: 'tcsa-test-copy', value: encodeURIComponent(JSON.stringify(overrides)), url: baseURL },
    { name: 'tcsa-test-fault', value: faults, url: baseURL },
  ]);
}
