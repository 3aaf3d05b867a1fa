import { readFileSync } from 'node:fs';
import { COPY_PAGE_IDS, COPY_PAGES, textsDocumentId, type CopyPage } from '@/lib/copy/catalogue';
import { expect, test } from './support/fixtures';
import {
  STANDIN_PROJECT_ENV,
  STANDIN_PROJECT_ID,
  standInForSanity,
} from './support/sanity-standin';
import { startSite, type RunningSite } from './support/server';

/**
 * The embedded Studio, on a server of the suite's build started with a Sanity project configured
 * (NEXT_PUBLIC_SANITY_PROJECT_ID=standin1 in its environment), opens against a stand-in for
 * Sanity's API answered from the bundled dataset: the page-by-page structure lists every page,
 * and each fixed document's form opens with its fields and their bundled values.
 */

/** The structure's pages (studio/structure.ts) and the documents each one holds. */
const HERO_PAGES: Partial<Record<CopyPage, string>> = {
  events: 'pageHero-events',
  alumni: 'pageHero-alumni',
  resources: 'pageHero-resources',
  designs: 'pageHero-designs',
  partnerships: 'pageHero-partnerships',
};
const CONTENT_DOCUMENTS: Partial<Record<CopyPage, [id: string, firstField: string]>> = {
  site: ['siteSettings', 'Site title'],
  home: ['homePage', 'Hero title'],
  joinUs: ['joinUsPage', 'Hero title'],
  services: ['servicesPage', 'Hero title'],
  privacy: ['privacyPolicy', 'Title'],
  membership: ['membershipPage', 'Overview: message under the title'],
};
/**
 * The form answers' texts are listed under 'Every page', beside the site's texts; the emails'
 * texts under 'Emails the site sends'; the console's System page under 'Club console'.
 */
const LISTED_UNDER: Partial<Record<CopyPage, StructurePage>> = {
  answers: 'site',
  registrationEmails: 'emails',
  consoleEmails: 'emails',
  membershipEmails: 'emails',
  system: 'console',
};
type StructurePage =
  | Exclude<
      CopyPage,
      'answers' | 'registrationEmails' | 'consoleEmails' | 'membershipEmails' | 'system'
    >
  | 'emails'
  | 'console';
const structurePage = (pageId: CopyPage): StructurePage =>
  LISTED_UNDER[pageId] ?? (pageId as StructurePage);

const PAGE_TITLES: Record<StructurePage, string> = {
  emails: 'Emails the site sends',
  site: 'Every page: navigation, footer, messages',
  home: 'Home page',
  events: 'Events page',
  event: 'Event page (one event)',
  joinUs: 'Join-us page',
  alumni: 'Alumni page',
  services: 'Services page',
  resources: 'Resources page',
  designs: 'Designs page',
  partnerships: 'Partnerships page',
  privacy: 'Privacy policy page',
  membership: 'Membership pages',
  console: 'Club console',
};

/** The title a document has in the bundled dataset. */
function bundledTitle(documentId: string): string {
  const line = readFileSync('studio/dataset/production.ndjson', 'utf8')
    .split('\n')
    .find((entry) => entry.includes(`"_id":"${documentId}"`));
  return (JSON.parse(line ?? '{}') as { title?: string }).title ?? '';
}

test.describe('the embedded Studio against a stand-in for Sanity', () => {
  // The forms are the same at both widths; one Studio server is enough.
  test.skip(({ viewport }) => (viewport?.width ?? 1280) <= 600);
  // A busy machine takes minutes to open the twenty-odd forms one after the other.
  test.setTimeout(360_000);
  // One Studio server for both tests.
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  test.beforeAll(async () => {
    site = await startSite(STANDIN_PROJECT_ENV);
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test('the structure lists the site page by page', async ({ page }) => {
    const standIn = await standInForSanity(page, site.baseURL);
    await page.goto(`${site.baseURL}/studio`);
    for (const pageId of COPY_PAGE_IDS) {
      await expect(
        page.getByRole('link', { name: PAGE_TITLES[structurePage(pageId)] }),
      ).toBeVisible({
        timeout: 30_000,
      });
    }
    await expect(page.getByText('An error occurred', { exact: true })).toHaveCount(0);
    // It read the signed-in editor and the documents from the stand-in.
    expect(standIn.requests.some((request) => request.endsWith('/users/me'))).toBe(true);
    expect(standIn.requests.some((request) => request.includes(STANDIN_PROJECT_ID))).toBe(true);
  });

  test('each fixed document opens with its fields and the bundled values', async ({ page }) => {
    await standInForSanity(page, site.baseURL);
    await page.goto(`${site.baseURL}/studio/structure`);
    await expect(page.getByRole('link', { name: PAGE_TITLES.site })).toBeVisible({
      timeout: 30_000,
    });
    // Moves within the running Studio, as its own links do: loading the Studio anew for each of
    // the twenty-odd documents takes minutes on a busy machine.
    const open = async (pageId: CopyPage, documentId: string) => {
      await page.evaluate(
        (address) => {
          window.history.pushState(null, '', address);
          window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
        },
        `/studio/structure/${structurePage(pageId)};${documentId}`,
      );
      // Sanity's crash screen says exactly this; the site's copy has longer texts that start so.
      await expect(page.getByText('An error occurred', { exact: true })).toHaveCount(0);
    };
    for (const pageId of COPY_PAGE_IDS) {
      const textsId = textsDocumentId(pageId);
      await open(pageId, textsId);
      const [firstTitle, firstText] = Object.values(COPY_PAGES[pageId].fields)[0]!;
      const field = page.getByLabel(firstTitle, { exact: true });
      await expect(field, `${textsId}: ${firstTitle}`).toBeVisible({ timeout: 30_000 });
      await expect(field).toHaveValue(firstText);

      const content = CONTENT_DOCUMENTS[pageId];
      if (content) {
        await open(pageId, content[0]);
        await expect(page.getByLabel(content[1], { exact: true }).first(), content[0]).toBeVisible({
          timeout: 30_000,
        });
      }
      const hero = HERO_PAGES[pageId];
      if (hero) {
        await open(pageId, hero);
        const title = page.getByLabel('Title', { exact: true });
        await expect(title, hero).toBeVisible({ timeout: 30_000 });
        await expect(title).toHaveValue(bundledTitle(hero));
      }
    }
  });
});
