import type { Page } from '@playwright/test';
import { formFields, interceptEmailJs, recordAlerts } from './support/emailjs';
import { setTestFault } from './support/faults';
import { expect, test } from './support/fixtures';
import { E2E_EMAILJS } from './support/server';
import { nextSubmission, ownClientAddress, recordSubmissionTraffic } from './support/submissions';

const SHOWCASES = [
  'Video Production',
  'Marketing Materials Design',
  'Website Design & Development',
  'Event Hosting Service',
];
const LOCAL_DEFAULTS = [
  '/images/services/video-production.svg',
  '/images/services/marketing-design.svg',
  '/images/services/web-development.svg',
  '/images/services/event-hosting.svg',
];
const SUCCESS = 'Application sent successfully!';
const RECEIVED_EMAIL_FAILED =
  'Your request has been received. The email about it could not be sent, but the club has your request and will reply to you by email.';
const RATE_LIMITED = 'Too many submissions from your network. Please wait a minute and try again.';

const request = {
  name: 'Ottawa Film Society',
  email: 'hello@example.org',
  needs: 'A two-minute recap video of our spring screening, with Chinese subtitles.',
};

const form = (page: Page) => page.getByRole('form', { name: 'Let us contact you' });

async function showcaseBackgrounds(page: Page) {
  const images = page.getByTestId('showcase').locator('[data-testid="showcase-background"]');
  await expect(images).toHaveCount(4);
  return images.evaluateAll((elements) => elements.map((element) => element.getAttribute('src')));
}

async function fillRequest(page: Page) {
  await form(page).getByLabel('Name / Organization Name').fill(request.name);
  await form(page).getByLabel('Email').fill(request.email);
  await form(page).getByLabel('Tell us about your needs!').fill(request.needs);
}

test.describe('/services', () => {
  test.beforeEach(async ({ page }, testInfo) => ownClientAddress(page, testInfo));

  test('shows the hero, the four services over their images and the request form', async ({
    page,
    consoleErrors,
    expectAccessible,
  }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('COLLABORATE WITH US');
    await expect(page.locator('[data-hero-media="image"] img')).toHaveAttribute(
      'src',
      /\/media\/hero\/services\.svg/,
    );

    const showcases = page.getByTestId('showcase');
    await expect(showcases.getByRole('heading', { level: 2 })).toHaveText(SHOWCASES);
    await expect(showcases.first()).toContainText('our media team plans, films and edits videos');
    expect(await showcaseBackgrounds(page)).toEqual([
      '/media/backgrounds/service-video-production.svg',
      '/media/backgrounds/service-marketing-design.svg',
      '/media/backgrounds/service-web-development.svg',
      '/media/backgrounds/service-event-hosting.svg',
    ]);
    const explore = page.getByRole('link', { name: 'Explore Designs' });
    await expect(explore).toHaveCount(1);
    await expect(explore).toHaveAttribute('href', '/designs');
    await expect(showcases.nth(1).getByRole('link', { name: 'Explore Designs' })).toBeVisible();

    await expect(page.getByRole('heading', { level: 2, name: 'Let us contact you' })).toBeVisible();
    for (const label of ['Name / Organization Name', 'Email', 'Tell us about your needs!']) {
      await expect(form(page).getByLabel(label)).toHaveAttribute('required', '');
    }
    await expect(form(page).getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(form(page).getByRole('button', { name: 'Send' })).toBeVisible();

    await page.waitForLoadState('networkidle');
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  });

  test(
    'falls back to the local images when the background images fail or are missing',
    { tag: '@one-width' },
    async ({ page, context, baseURL, consoleErrors }) => {
      await setTestFault(context, baseURL!, 'servicesBgImages=error');
      await page.goto('/services');
      expect(await showcaseBackgrounds(page)).toEqual(LOCAL_DEFAULTS);
      await expect(page.getByTestId('showcase').getByRole('heading')).toHaveText(SHOWCASES);
      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);

      await setTestFault(context, baseURL!, 'servicesBgImages=empty');
      await page.goto('/services');
      expect(await showcaseBackgrounds(page)).toEqual(LOCAL_DEFAULTS);

      for (const image of LOCAL_DEFAULTS) {
        const response = await page.request.get(image);
        expect(response.status()).toBe(200);
      }
      expect(consoleErrors).toEqual([]);
    },
  );

  test(
    'keeps the default hero background when the hero image cannot be read',
    { tag: '@one-width' },
    async ({ page, context, baseURL, consoleErrors }) => {
      await setTestFault(context, baseURL!, 'servicesHeroImage=error');
      await page.goto('/services');
      await expect(page.locator('[data-hero-media="error"]')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('COLLABORATE WITH US');
      expect(consoleErrors).toEqual([]);
    },
  );

  test('stores the request, then sends it with the services template, alerts success and resets', async ({
    page,
    consoleErrors,
  }) => {
    const calls = await interceptEmailJs(page);
    const traffic = recordSubmissionTraffic(page);
    const alerts = recordAlerts(page);
    await page.goto('/services');
    await fillRequest(page);
    const stored = nextSubmission(page, '/api/serviceRequests/');
    await form(page).getByRole('button', { name: 'Send' }).click();
    expect(await stored).toEqual({
      status: 201,
      body: { id: expect.any(Number), message: 'Your request has been received.' },
    });

    await expect.poll(() => alerts).toEqual([SUCCESS]);
    expect(traffic).toEqual(['201 /api/serviceRequests/', 'emailjs send-form']);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    if (call?.kind !== 'send-form') throw new Error('expected a form send');
    expect(formFields(call.fields)).toEqual({
      ...request,
      lib_version: expect.any(String),
      service_id: E2E_EMAILJS.EMAILJS_SERVICE_ID,
      template_id: E2E_EMAILJS.EMAILJS_SERVICES_TEMPLATE_ID,
      user_id: E2E_EMAILJS.EMAILJS_PUBLIC_KEY,
    });
    await expect(form(page).getByRole('status')).toHaveText(SUCCESS);
    for (const label of ['Name / Organization Name', 'Email', 'Tell us about your needs!']) {
      await expect(form(page).getByLabel(label)).toHaveValue('');
    }
    expect(consoleErrors).toEqual([]);
  });

  for (const status of [500, 429]) {
    test(`keeps the request and says it was received when EmailJS answers ${status}`, async ({
      page,
      consoleErrors,
    }) => {
      const calls = await interceptEmailJs(page, { sendForm: { status, body: 'Refused' } });
      const traffic = recordSubmissionTraffic(page);
      const alerts = recordAlerts(page);
      await page.goto('/services');
      await fillRequest(page);
      const stored = nextSubmission(page, '/api/serviceRequests/');
      await form(page).getByRole('button', { name: 'Send' }).click();
      expect((await stored).body.id).toEqual(expect.any(Number));

      await expect.poll(() => alerts).toEqual([RECEIVED_EMAIL_FAILED]);
      expect(calls).toHaveLength(1);
      expect(traffic).toEqual(['201 /api/serviceRequests/', 'emailjs send-form']);
      await expect(form(page).getByRole('status')).toHaveText(RECEIVED_EMAIL_FAILED);
      await expect(form(page).getByLabel('Tell us about your needs!')).toHaveValue('');
      expect(consoleErrors).toContainEqual(
        expect.stringContaining(`Sending the services email failed. EmailJS answered ${status}`),
      );
      for (const error of consoleErrors) expect(error).toMatch(new RegExp(`${status}|services`));
    });
  }

  test(
    "shows the server's refusal, keeps the request and emails nothing",
    { tag: '@one-width' },
    async ({ page, consoleErrors }) => {
      const calls = await interceptEmailJs(page);
      const traffic = recordSubmissionTraffic(page);
      const alerts = recordAlerts(page);
      // The limit itself (60 a minute) is exercised in api-submissions.spec.ts; here its answer.
      await page.route('**/api/serviceRequests/', (route) =>
        route.fulfill({
          status: 429,
          headers: { 'Retry-After': '42' },
          json: { error: RATE_LIMITED },
        }),
      );
      await page.goto('/services');
      await fillRequest(page);
      await form(page).getByRole('button', { name: 'Send' }).click();

      const summary = `Failed to send application. Please try again later. ${RATE_LIMITED}`;
      await expect.poll(() => alerts).toEqual([summary]);
      await expect(form(page).getByRole('status')).toHaveText(summary);
      expect(traffic).toEqual(['429 /api/serviceRequests/']);
      expect(calls).toEqual([]);
      await expect(form(page).getByLabel('Name / Organization Name')).toHaveValue(request.name);
      await expect(form(page).getByLabel('Email')).toHaveValue(request.email);
      await expect(form(page).getByLabel('Tell us about your needs!')).toHaveValue(request.needs);
      for (const error of consoleErrors) expect(error).toContain('status of 429');
    },
  );

  test(
    'marks the field the server refused, beside it, and emails nothing',
    { tag: '@one-width' },
    async ({ page, consoleErrors }) => {
      const calls = await interceptEmailJs(page);
      const alerts = recordAlerts(page);
      await page.goto('/services');
      await fillRequest(page);
      const name = form(page).getByLabel('Name / Organization Name');
      // 151 characters: the browser lets it through, the server's limit is 150.
      await name.fill('O'.repeat(151));
      const answer = nextSubmission(page, '/api/serviceRequests/');
      await form(page).getByRole('button', { name: 'Send' }).click();
      const tooLong = 'Name or organization name must be at most 150 characters.';
      expect(await answer).toEqual({
        status: 400,
        body: { error: tooLong, fields: { name: tooLong } },
      });
      await expect
        .poll(() => alerts)
        .toEqual([`Failed to send application. Please try again later. ${tooLong}`]);
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(name).toHaveAccessibleDescription(tooLong);
      await expect(name).toBeFocused();
      await expect(name).toHaveValue('O'.repeat(151));
      await expect(form(page).getByLabel('Tell us about your needs!')).toHaveValue(request.needs);
      expect(calls).toEqual([]);
      for (const error of consoleErrors) expect(error).toContain('status of 400');
    },
  );

  test('does not send a request with a field missing', { tag: '@one-width' }, async ({ page }) => {
    const calls = await interceptEmailJs(page);
    const traffic = recordSubmissionTraffic(page);
    await page.goto('/services');
    await form(page).getByLabel('Name / Organization Name').fill(request.name);
    await form(page).getByLabel('Email').fill('not-an-email');
    await form(page).getByRole('button', { name: 'Send' }).click();
    expect(
      await form(page)
        .getByLabel('Email')
        .evaluate((input: HTMLInputElement) => input.validity.typeMismatch),
    ).toBe(true);
    await expect(form(page).getByRole('status')).toBeEmpty();
    expect(calls).toEqual([]);
    expect(traffic).toEqual([]);
  });
});
