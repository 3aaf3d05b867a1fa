import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_ROUTES } from '../e2e/support/routes';
import { openWebKit, scrollThrough, visible, type WebKitPage } from './support/browser';

/**
 * Every public route in WebKit at 390 px: it loads with its main heading, no script error (the
 * probe records uncaught errors and unhandled rejections from the page's first script on), and
 * nothing reaches past the right edge once every deferred section has rendered.
 */
describe('every public route in WebKit at 390 px', () => {
  let page: WebKitPage;
  beforeAll(async () => {
    page = await openWebKit('198.18.201.1');
  });
  afterAll(async () => {
    await page?.close();
  });

  it('reports a Safari user agent at a 390 px viewport', async () => {
    await page.open('/privacy-policy');
    const [agent, width] = (await page.driver.executeScript(
      'return [navigator.userAgent, window.innerWidth]',
    )) as [string, number];
    expect(agent).toMatch(/AppleWebKit\/[\d.]+ .*Safari\//);
    expect(width).toBe(390);
  });

  it('the probe sees an error and an unhandled rejection of the page', async () => {
    await page.open('/privacy-policy');
    await page.driver.executeScript(`
      setTimeout(() => { throw new Error('thrown by the page'); });
      Promise.reject(new Error('rejected by the page'));
    `);
    await page.driver.sleep(200);
    // In either order: the timer and the rejection's report race.
    expect((await page.probe()).errors.sort()).toEqual([
      'error: Error: thrown by the page',
      'unhandled rejection: Error: rejected by the page',
    ]);
  });

  for (const route of [...SITE_ROUTES.map((entry) => entry.path), '/events/1']) {
    it(`${route} loads without a script error or sideways scroll`, async () => {
      await page.open(route);
      await visible(page.driver, 'main h1');
      await scrollThrough(page.driver);
      // The deferred sections' scripts have run and settled.
      await page.driver.sleep(500);
      expect((await page.probe()).errors).toEqual([]);
      expect(await page.overflowX()).toBe(0);
    });
  }
});
