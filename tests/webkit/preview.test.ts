import { By, until } from 'selenium-webdriver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_PREVIEW_SECRET } from '../e2e/support/server';
import { control, openWebKit, reveal, visible, type WebKitPage } from './support/browser';

/**
 * Draft previews in WebKit at 390 px: the preview link's cookie is kept, so the drafts and the
 * banner show, on the next page too, and Exit preview brings back the published copy.
 */
const PUBLISHED_MESSAGE =
  'Video, design, web and event services by Telfer students, for clubs, companies and community partners.';
const DRAFT_MESSAGE =
  'Now booking for the winter term: tell us about your project and our team will reply within three days.';

describe('the preview banner in WebKit at 390 px', () => {
  let page: WebKitPage;
  beforeAll(async () => {
    page = await openWebKit('198.18.206.1');
  });
  afterAll(async () => {
    await page?.close();
  });

  const bodyText = async () => page.driver.findElement(By.css('main')).getText();
  const banner = 'aside[aria-labelledby="preview-banner-title"]';

  it('shows the drafts and the banner, on every page, until Exit preview', async () => {
    await page.open(
      `/api/draft-mode/enable?secret=${E2E_PREVIEW_SECRET}&redirect=${encodeURIComponent('/services')}`,
    );
    expect(new URL(await page.driver.getCurrentUrl()).pathname).toBe('/services');
    const aside = await visible(page.driver, banner);
    // The banner names the page by its title, which the page's metadata sets as it streams in
    // (until then the banner names the path): wait for it rather than read it once.
    const named = 'You are seeing drafts of “Services” (/services) that are not published yet.';
    const pageLine = aside.findElement(By.css('[data-testid="preview-page"]'));
    await page.driver
      .wait(async () => (await pageLine.getText()) === named, 10_000)
      .catch(() => undefined);
    expect(await pageLine.getText()).toBe(named);
    expect(await bodyText()).toContain(DRAFT_MESSAGE);
    expect(await page.overflowX()).toBe(0);

    await page.open('/events');
    await visible(page.driver, banner);
    await page.open('/services');
    await (await reveal(await control(page.driver, 'Exit preview', '//aside'))).click();
    await page.driver.wait(
      async () => (await bodyText()).includes(PUBLISHED_MESSAGE),
      20_000,
      'the published copy never came back',
    );
    await page.driver.wait(until.stalenessOf(aside), 5_000).catch(() => undefined);
    expect(await page.driver.findElements(By.css(banner))).toHaveLength(0);
    expect((await page.probe()).errors).toEqual([]);
  });
});
