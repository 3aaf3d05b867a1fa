import type { BrowserContext } from '@playwright/test';

/**
 * Asks the test server to fail or empty some reads for this browser context only, e.g.
 * `alumni=error` or `openPositions=empty,benefitBgImages=error` (keys: DATA_SOURCES of
 * lib/api/sources.ts). Other tests running at the same time see the real data.
 */
export async function setTestFault(
  context: BrowserContext,
  baseURL: string | undefined,
  value: string,
) {
  if (!baseURL) throw new Error('The test fault cookie needs the site base URL (E2E_BASE_URL).');
  await context.addCookies([{ name: 'tcsa-test-fault', value, url: baseURL }]);
}
