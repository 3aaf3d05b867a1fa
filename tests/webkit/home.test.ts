import { By, until } from 'selenium-webdriver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_EMAILJS } from '../e2e/support/server';
import {
  byLabel,
  control,
  fill,
  openWebKit,
  reveal,
  textOf,
  visible,
  waitInPage,
  type WebKitPage,
} from './support/browser';
import { inkedShare } from './support/pixels';

/**
 * The home page in WebKit at 390 px: the navigation menu, the photo gallery (WebGL, or the plain
 * row where WebGL is missing), the roadmap charts (canvas) and the contact form.
 */
describe('the home page in WebKit at 390 px', () => {
  let page: WebKitPage;
  beforeAll(async () => {
    page = await openWebKit('198.18.204.1');
    await page.open('/');
  });
  afterAll(async () => {
    await page?.close();
  });

  it('opens and closes the navigation menu', async () => {
    const toggle = await control(page.driver, 'Open menu', '//nav');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const menuId = await toggle.getAttribute('aria-controls');
    expect(menuId).toBeTruthy();
    const menu = await page.driver.findElement(By.id(menuId!));
    expect(await menu.isDisplayed()).toBe(false);
    await toggle.click();
    await page.driver.wait(until.elementIsVisible(menu), 10_000);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.getAttribute('aria-label')).toBe('Close menu');
    const alumni = await menu.findElement(By.linkText('Alumni'));
    expect(await alumni.isDisplayed()).toBe(true);
    await toggle.click();
    await page.driver.wait(until.elementIsNotVisible(menu), 10_000);
    expect(await toggle.getAttribute('aria-label')).toBe('Open menu');
    expect(await page.overflowX()).toBe(0);
  });

  it('draws the roadmap charts', async () => {
    const roadmap = await reveal(await visible(page.driver, '[data-testid="roadmap"]'));
    const inked = await waitInPage<boolean[]>(
      page.driver,
      `const canvases = [...document.querySelectorAll('[data-testid="roadmap"] canvas')];
      if (canvases.length !== 2) return null;
      const inked = canvases.map((canvas) => {
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        let count = 0;
        for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha] > 0) count++;
        return count > 500;
      });
      return inked.every(Boolean) ? inked : null;`,
      'the roadmap charts were never drawn',
      30_000,
    );
    expect(inked).toEqual([true, true]);
    expect(await roadmap.isDisplayed()).toBe(true);
  });

  it('draws the photo gallery', async () => {
    // The gallery renders as it nears the viewport.
    await waitInPage(
      page.driver,
      `const gallery = document.querySelector('[data-testid="gallery-canvas"], [data-testid="gallery-row"]');
      if (gallery) { gallery.scrollIntoView({ block: 'center', behavior: 'instant' }); return true; }
      window.scrollBy({ top: window.innerHeight / 2, behavior: 'instant' });
      return false;`,
      'the gallery never rendered',
      30_000,
    );
    const webgl = (await page.driver.executeScript(
      "const canvas = document.createElement('canvas'); return Boolean(canvas.getContext('webgl2') || canvas.getContext('webgl'));",
    )) as boolean;
    const gallery = await visible(
      page.driver,
      webgl ? '[data-testid="gallery-canvas"] canvas' : '[data-testid="gallery-row"]',
      30_000,
    );
    // The pictures have arrived and are painted.
    await page.driver.wait(async () => (await inkedShare(gallery)) > 0.1, 30_000, 'no picture');
    expect((await page.probe()).errors).toEqual([]);
  });

  it('sends the contact form: stored by the site, then EmailJS', async () => {
    const form = 'form[aria-label="Contact us"]';
    // The probe keeps what the page sent so far: count only what this attempt sends.
    const sentBefore = (await page.probe()).emailJs.length;
    await fill(await byLabel(page.driver, 'Name', form), 'Mei Lin');
    await fill(await byLabel(page.driver, 'Email', form), 'mei.lin@example.org');
    await fill(
      await byLabel(page.driver, 'Message', form),
      'Could TCSA co-host a mooncake night with our club?',
    );
    await (await reveal(await control(page.driver, 'Send Message'))).click();
    await page.driver.wait(until.alertIsPresent(), 30_000);
    const alert = await page.driver.switchTo().alert();
    expect(await alert.getText()).toBe('Message sent successfully!');
    await alert.accept();
    const sent = (await page.probe()).emailJs.slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/api/v1.0/email/send-form');
    expect(Object.fromEntries(JSON.parse(sent[0]!.body) as [string, string][])).toMatchObject({
      sender_name: 'Mei Lin',
      sender_email: 'mei.lin@example.org',
      message: 'Could TCSA co-host a mooncake night with our club?',
      service_id: E2E_EMAILJS.EMAILJS_SERVICE_ID,
      template_id: E2E_EMAILJS.EMAILJS_CONTACT_TEMPLATE_ID,
    });
    // The alert blocks the page, so the status is drawn only once it is accepted.
    const status = await page.driver.wait(
      until.elementLocated(
        By.xpath("//*[@role='status'][normalize-space()='Message sent successfully!']"),
      ),
      10_000,
      'the form never announced that the message was sent',
    );
    await textOf(status, /Message sent successfully!/);
    expect((await page.probe()).errors).toEqual([]);
  });
});
