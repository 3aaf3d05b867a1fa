import { TEST_FAULT_COOKIE } from '@/lib/testing/fault-cookie';
import { TEST_CLOCK_PATH } from '@/lib/testing/test-clock.mjs';
import { expect, test } from './support/fixtures';
import { startSite, type RunningSite } from './support/server';

/**
 * The test hooks (lib/testing/) are inert in a production server that was not started for tests
 * (TCSA_ENABLE_TEST_FAULTS unset): the fault cookie changes nothing and the database fingerprint
 * is an unknown API path. The same build, started as the suite's test servers are, obeys both.
 * The test clock's path (lib/testing/test-clock.mjs) is an unknown page on both: only a test
 * server started with TCSA_TEST_CLOCK=1 has it.
 */
test.describe('the test hooks of a production build', () => {
  let production: RunningSite;
  test.beforeAll(async () => {
    production = await startSite({ TCSA_ENABLE_TEST_FAULTS: '' });
  });
  test.afterAll(async () => {
    await production?.stop();
  });

  test('ignore the fault cookie and hide the database fingerprint unless the server is a test server', async ({
    browser,
    baseURL,
  }) => {
    for (const [server, isTestServer] of [
      [production.baseURL, false],
      [baseURL!, true],
    ] as const) {
      const context = await browser.newContext({ baseURL: server });
      await context.addCookies([{ name: TEST_FAULT_COOKIE, value: 'events=error', url: server }]);
      const page = await context.newPage();
      await page.goto('/events');
      const failure = page.getByRole('main').getByRole('alert');
      if (isTestServer) {
        await expect(failure).toHaveText('Failed to load events');
      } else {
        await expect(page.getByTestId('event-card').first()).toBeVisible();
        await expect(failure).toHaveCount(0);
      }
      const fingerprint = await context.request.get('/api/test-hooks/database/');
      expect(fingerprint.status(), server).toBe(isTestServer ? 200 : 404);
      expect((await context.request.get(TEST_CLOCK_PATH)).status(), server).toBe(404);
      const move = await context.request.post(TEST_CLOCK_PATH, {
        data: { to: '2099-01-01T00:00:00.000Z' },
      });
      expect(move.status(), server).toBe(404);
      await context.close();
    }
  });
});
