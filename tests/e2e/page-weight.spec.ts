import { chunksRunBy } from './support/chunks';
import { expect, test } from './support/fixtures';
import { SITE_ROUTES } from './support/routes';

/*
 * What a visitor's phone downloads for each public page (issue 32's home page work): scripts
 * without the texts catalogue, which stays on the server (every text a browser component shows
 * comes from its page as a prop), in a few chunks.
 */

/** Only the texts catalogue has this text: the Studio's title of the site-wide texts. */
const CATALOGUE_MARK = 'Site-wide texts';

for (const { path } of SITE_ROUTES) {
  test(`${path}: no script carries the texts catalogue`, async ({ page }) => {
    const chunks = await chunksRunBy(page, async () => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    });
    expect(chunks.size).toBeGreaterThan(0);
    for (const [script, text] of chunks) {
      expect(text, `${script} on ${path}`).not.toContain(CATALOGUE_MARK);
    }
  });
}

test("the home page's first scripts come in a few chunks, each one round trip on a phone", async ({
  page,
}) => {
  // The scripts the HTML starts with, as the server sends it (a modern browser skips the noModule
  // one); the chart's and the gallery's are added later, near the viewport. Before the chunking
  // settings of next.config.mjs there were 13.
  const html = await (await page.request.get('/', { headers: { accept: 'text/html' } })).text();
  const firstScripts = [...html.matchAll(/<script src="\/_next\/static\/[^"]+"([^>]*)>/g)].filter(
    ([, attributes]) => !/nomodule/i.test(attributes ?? ''),
  );
  expect(firstScripts.length).toBeGreaterThan(0);
  expect(firstScripts.length).toBeLessThanOrEqual(9);
});
