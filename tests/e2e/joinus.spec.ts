import type { Page } from '@playwright/test';
import { RESUME_WRONG_TYPE_MESSAGE, type OpenPositionDto } from '@/lib/api/contract';
import { formatPostedDate } from '@/lib/site/format';
import { RESUME_TOO_LARGE, RESUME_WRONG_TYPE } from '@/lib/submissions/resume';
import { formFields, interceptEmailJs, recordAlerts } from './support/emailjs';
import { setTestFault } from './support/faults';
import { expect, isPhone, test } from './support/fixtures';
import { E2E_EMAILJS } from './support/server';
import {
  nextSubmission,
  ownClientAddress,
  recordSubmissionTraffic,
  storedResumeWith,
} from './support/submissions';

const QUESTION = 'Are you sure you want to submit your application?';
const ALERTS = {
  receivedEmailFailed:
    'Your application has been received. The email about it could not be sent, but the club has your application and will reply to you by email.',
  replyFailed: 'Application sent but failed to send confirmation email.',
  success: 'Your application has been submitted. You should receive a confirmation email shortly.',
};
const BENEFITS = [
  'Professional Growth & Networking',
  'Leadership & Real-society Experience',
  'Community & Campus Engagement',
];
const PLACEHOLDERS = [1, 2, 3].map((n) => `/images/benefits/placeholder-${n}.svg`);

const applicant = {
  name: 'Mei Lin',
  email: 'mei.lin@example.org',
  position: 'Marketing Associate',
};

const pdf = {
  name: 'mei-lin-resume.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.7\n% a resume\n'),
};

const form = (page: Page) => page.getByRole('form', { name: 'Tell us About Yourself !' });
const dialog = (page: Page) => page.getByRole('dialog', { name: QUESTION });
const benefitBackgrounds = (page: Page) =>
  page.getByTestId('benefit').locator('[data-testid="benefit-background"]');

async function fillApplication(page: Page, file = pdf) {
  const application = form(page);
  await application.getByLabel('Name').fill(applicant.name);
  await application.getByLabel('Email').fill(applicant.email);
  await application.getByLabel('Position Applying For').fill(applicant.position);
  await application.getByLabel('Upload Resume').setInputFiles(file);
}

test.describe('/joinus', () => {
  test('shows the hero, the three benefits, the open positions and the application form', async ({
    page,
    request,
    consoleErrors,
    expectAccessible,
  }) => {
    const positions = (await (
      await request.get('/api/openPositions/')
    ).json()) as OpenPositionDto[];
    expect(positions.length).toBeGreaterThan(0);

    await page.goto('/joinus');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('BECOME A MEMBER OF TCSA');
    await expect(page.locator('[data-hero-media="image"] img')).toHaveAttribute(
      'src',
      /\/media\/hero\/joinus\.svg/,
    );

    const benefits = page.getByTestId('benefit');
    await expect(benefits.getByRole('heading', { level: 2 })).toHaveText(BENEFITS);
    await expect(benefits.first()).toContainText('Meet alumni, recruiters and industry guests');
    await expect(benefitBackgrounds(page)).toHaveCount(3);
    const sources = await benefitBackgrounds(page).evaluateAll((images) =>
      images.map((image) => image.getAttribute('src')),
    );
    expect(sources).toEqual([
      '/media/backgrounds/benefit-professional-growth.svg',
      '/media/backgrounds/benefit-leadership.svg',
      '/media/backgrounds/benefit-community.svg',
    ]);
    await expect(page.getByText('Loading background images...')).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);

    // Three across on a desktop, one under the other on a phone.
    const [first, second] = [
      await benefits.nth(0).boundingBox(),
      await benefits.nth(1).boundingBox(),
    ];
    if (isPhone(page)) expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    else expect(second!.y).toBe(first!.y);

    const section = page.getByRole('region', { name: 'Available Positions' });
    const cards = section.getByTestId('announcement-card');
    await expect(cards).toHaveCount(positions.length);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(
      positions.map((position) => position.title),
    );
    const card = cards.first();
    const position = positions[0]!;
    await expect(card.getByText('Open', { exact: true })).toBeVisible();
    await expect(card.getByText(/^Posted:/)).toHaveText(
      `Posted: ${formatPostedDate(position.posted_at)}`,
    );
    await expect(card.locator('time')).toHaveAttribute('datetime', position.posted_at);
    await expect(card).toContainText(position.description);

    const application = form(page);
    for (const label of ['Name', 'Email', 'Position Applying For', 'Upload Resume']) {
      await expect(application.getByLabel(label)).toHaveAttribute('required', '');
    }
    await expect(application.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(application.getByRole('button', { name: 'Submit' })).toBeVisible();

    await page.waitForLoadState('networkidle');
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  });

  test(
    'says the background images failed to load and shows the placeholders',
    { tag: '@one-width' },
    async ({ page, context, baseURL, consoleErrors }) => {
      await setTestFault(context, baseURL!, 'benefitBgImages=error');
      await page.goto('/joinus');
      await expect(
        page.getByRole('region', { name: 'Member benefits' }).getByRole('alert'),
      ).toHaveText('Failed to load background images');
      await expect(page.getByTestId('benefit').getByRole('heading')).toHaveText(BENEFITS);
      await expect(benefitBackgrounds(page)).toHaveCount(3);
      const sources = await benefitBackgrounds(page).evaluateAll((images) =>
        images.map((image) => image.getAttribute('src')),
      );
      expect(sources).toEqual(PLACEHOLDERS);
      expect(consoleErrors).toEqual([]);
    },
  );

  test(
    'uses the placeholders without a message when there are no background images',
    { tag: '@one-width' },
    async ({ page, context, baseURL }) => {
      await setTestFault(context, baseURL!, 'benefitBgImages=empty');
      await page.goto('/joinus');
      await expect(benefitBackgrounds(page)).toHaveCount(3);
      const sources = await benefitBackgrounds(page).evaluateAll((images) =>
        images.map((image) => image.getAttribute('src')),
      );
      expect(sources).toEqual(PLACEHOLDERS);
      await expect(page.getByText('Failed to load background images')).toHaveCount(0);
    },
  );

  test(
    'says the positions failed to load',
    { tag: '@one-width' },
    async ({ page, context, baseURL, consoleErrors, expectAccessible }) => {
      await setTestFault(context, baseURL!, 'openPositions=error');
      await page.goto('/joinus');
      const section = page.getByRole('region', { name: 'Available Positions' });
      await expect(section.getByRole('alert')).toHaveText('Failed to load positions');
      await expect(section.getByTestId('announcement-card')).toHaveCount(0);
      // The rest of the page still works.
      await expect(form(page).getByRole('button', { name: 'Submit' })).toBeVisible();
      await expectAccessible();
      expect(consoleErrors).toEqual([]);
    },
  );

  test(
    'says so when the positions answer is not a list',
    { tag: '@one-width' },
    async ({ page, context, baseURL }) => {
      await setTestFault(context, baseURL!, 'openPositions=invalid');
      await page.goto('/joinus');
      await expect(
        page.getByRole('region', { name: 'Available Positions' }).getByRole('alert'),
      ).toHaveText('Invalid data format received from server');
    },
  );

  test(
    'says when no position is open',
    { tag: '@one-width' },
    async ({ page, context, baseURL }) => {
      await setTestFault(context, baseURL!, 'openPositions=empty');
      await page.goto('/joinus');
      const section = page.getByRole('region', { name: 'Available Positions' });
      await expect(section).toContainText('No open positions at the moment. Check back soon!');
      await expect(section.getByTestId('announcement-card')).toHaveCount(0);
    },
  );

  test(
    'keeps the default hero background when the hero image cannot be read',
    { tag: '@one-width' },
    async ({ page, context, baseURL, consoleErrors }) => {
      await setTestFault(context, baseURL!, 'joinUsHeroImage=error');
      await page.goto('/joinus');
      await expect(page.locator('[data-hero-media="error"]')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('BECOME A MEMBER OF TCSA');
      await expect(page.getByTestId('benefit')).toHaveCount(3);
      expect(consoleErrors).toEqual([]);
    },
  );
});

test.describe('/joinus application', () => {
  test.beforeEach(async ({ page }, testInfo) => ownClientAddress(page, testInfo));

  test('asks first, then sends the form to the admin and the auto-reply to the applicant', async ({
    page,
    consoleErrors,
    expectAccessible,
  }) => {
    const calls = await interceptEmailJs(page);
    const traffic = recordSubmissionTraffic(page);
    const alerts = recordAlerts(page);
    await page.goto('/joinus');
    await fillApplication(page);
    await form(page).getByRole('button', { name: 'Submit' }).click();

    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Yes, submit' })).toBeFocused();
    await expectAccessible();
    expect(calls).toEqual([]);
    expect(traffic).toEqual([]);
    const stored = nextSubmission(page, '/api/applications/');
    await dialog(page).getByRole('button', { name: 'Yes, submit' }).click();
    expect(await stored).toEqual({
      status: 201,
      body: { id: expect.any(Number), message: 'Your application has been received.' },
    });

    await expect.poll(() => alerts).toEqual([ALERTS.success]);
    await expect(dialog(page)).toBeHidden();
    expect(traffic).toEqual(['201 /api/applications/', 'emailjs send-form', 'emailjs send']);
    expect(calls.map((call) => call.kind)).toEqual(['send-form', 'send']);
    const [admin, reply] = calls;
    if (admin?.kind !== 'send-form' || reply?.kind !== 'send') throw new Error('unexpected calls');
    expect(formFields(admin.fields)).toEqual({
      applicant_name: applicant.name,
      applicant_email: applicant.email,
      position: applicant.position,
      resume_file: `file:${pdf.name}`,
      lib_version: expect.any(String),
      service_id: E2E_EMAILJS.EMAILJS_SERVICE_ID,
      template_id: E2E_EMAILJS.EMAILJS_APPLICATION_ADMIN_TEMPLATE_ID,
      user_id: E2E_EMAILJS.EMAILJS_PUBLIC_KEY,
    });
    const resume = admin.fields.get('resume_file') as File;
    expect(Buffer.from(await resume.arrayBuffer())).toEqual(pdf.buffer);
    expect(reply.body).toEqual({
      lib_version: expect.any(String),
      service_id: E2E_EMAILJS.EMAILJS_SERVICE_ID,
      template_id: E2E_EMAILJS.EMAILJS_APPLICATION_REPLY_TEMPLATE_ID,
      user_id: E2E_EMAILJS.EMAILJS_PUBLIC_KEY,
      template_params: {
        applicant_name: applicant.name,
        applicant_email: applicant.email,
        position: applicant.position,
      },
    });

    const application = form(page);
    await expect(application.getByRole('status')).toHaveText(ALERTS.success);
    for (const label of ['Name', 'Email', 'Position Applying For', 'Upload Resume']) {
      await expect(application.getByLabel(label)).toHaveValue('');
    }
    await expect(application.getByRole('button', { name: 'Submit' })).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test(
    'sends nothing when the visitor cancels, with the button or Escape',
    { tag: '@one-width' },
    async ({ page }) => {
      const calls = await interceptEmailJs(page);
      const traffic = recordSubmissionTraffic(page);
      const alerts = recordAlerts(page);
      await page.goto('/joinus');
      await fillApplication(page);
      const submit = form(page).getByRole('button', { name: 'Submit' });

      await submit.click();
      await expect(dialog(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toBeHidden();
      await expect(submit).toBeFocused();

      await submit.click();
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(submit).toBeFocused();

      expect(calls).toEqual([]);
      expect(alerts).toEqual([]);
      expect(traffic).toEqual([]);
      await expect(form(page).getByLabel('Name')).toHaveValue(applicant.name);
    },
  );

  for (const status of [500, 429]) {
    test(`keeps the application and its resume when the admin email answers ${status}, without the auto-reply`, async ({
      page,
      consoleErrors,
    }, testInfo) => {
      const calls = await interceptEmailJs(page, { sendForm: { status, body: 'Refused' } });
      const traffic = recordSubmissionTraffic(page);
      const alerts = recordAlerts(page);
      // Bytes no other test uploads, to find this resume among the stored ones.
      const resume = {
        ...pdf,
        buffer: Buffer.from(`%PDF-1.7\n% ${testInfo.testId} ${testInfo.project.name}\n`),
      };
      await page.goto('/joinus');
      await fillApplication(page, resume);
      await form(page).getByRole('button', { name: 'Submit' }).click();
      const stored = nextSubmission(page, '/api/applications/');
      await dialog(page).getByRole('button', { name: 'Yes, submit' }).click();
      expect((await stored).body.id).toEqual(expect.any(Number));

      await expect.poll(() => alerts).toEqual([ALERTS.receivedEmailFailed]);
      expect(traffic).toEqual(['201 /api/applications/', 'emailjs send-form']);
      expect(calls.map((call) => call.kind)).toEqual(['send-form']);
      await expect(form(page).getByRole('status')).toHaveText(ALERTS.receivedEmailFailed);
      expect(storedResumeWith(resume.buffer)).toBe(true);
      // Stored, so the form starts over rather than inviting a second copy.
      await expect(form(page).getByLabel('Name')).toHaveValue('');
      // Only the failed request and its explanation reach the console.
      expect(consoleErrors).toContainEqual(
        expect.stringContaining(
          `Sending the applicationAdmin email failed. EmailJS answered ${status}`,
        ),
      );
      for (const error of consoleErrors) {
        expect(error).toMatch(new RegExp(`${status}|applicationAdmin`));
      }
    });
  }

  test(
    "shows the server's refusal of the resume beside it, keeps the answers and emails nothing",
    { tag: '@one-width' },
    async ({ page, consoleErrors }) => {
      const calls = await interceptEmailJs(page);
      const traffic = recordSubmissionTraffic(page);
      const alerts = recordAlerts(page);
      await page.goto('/joinus');
      // Named like a PDF, so the browser lets it through; the server reads what it really is.
      await fillApplication(page, {
        name: 'mei-lin-resume.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('Just some notes, not a PDF at all.\n'),
      });
      await form(page).getByRole('button', { name: 'Submit' }).click();
      const answer = nextSubmission(page, '/api/applications/');
      await dialog(page).getByRole('button', { name: 'Yes, submit' }).click();
      expect(await answer).toEqual({
        status: 400,
        body: {
          error: RESUME_WRONG_TYPE_MESSAGE,
          fields: { resume_file: RESUME_WRONG_TYPE_MESSAGE },
        },
      });

      const summary = `Failed to send application. Please try again later. ${RESUME_WRONG_TYPE_MESSAGE}`;
      await expect.poll(() => alerts).toEqual([summary]);
      await expect(form(page).getByRole('status')).toHaveText(summary);
      const resume = form(page).getByLabel('Upload Resume');
      await expect(resume).toHaveAttribute('aria-invalid', 'true');
      await expect(resume).toHaveAccessibleDescription(
        `PDF, DOC or DOCX, up to 5 MB. ${RESUME_WRONG_TYPE_MESSAGE}`,
      );
      await expect(resume).toBeFocused();
      expect(await resume.evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe(
        'mei-lin-resume.pdf',
      );
      await expect(form(page).getByLabel('Name')).toHaveValue(applicant.name);
      await expect(form(page).getByLabel('Email')).toHaveValue(applicant.email);
      await expect(form(page).getByLabel('Position Applying For')).toHaveValue(applicant.position);
      expect(calls).toEqual([]);
      expect(traffic).toEqual(['400 /api/applications/']);
      for (const error of consoleErrors) expect(error).toContain('status of 400');
    },
  );

  test(
    'tells the applicant when only the confirmation email failed, and resets',
    { tag: '@one-width' },
    async ({ page, consoleErrors }) => {
      const calls = await interceptEmailJs(page, {
        send: { status: 429, body: 'Too many requests' },
      });
      const traffic = recordSubmissionTraffic(page);
      const alerts = recordAlerts(page);
      await page.goto('/joinus');
      await fillApplication(page);
      await form(page).getByRole('button', { name: 'Submit' }).click();
      await dialog(page).getByRole('button', { name: 'Yes, submit' }).click();

      await expect.poll(() => alerts).toEqual([ALERTS.replyFailed]);
      expect(traffic).toEqual(['201 /api/applications/', 'emailjs send-form', 'emailjs send']);
      expect(calls.map((call) => call.kind)).toEqual(['send-form', 'send']);
      await expect(form(page).getByLabel('Name')).toHaveValue('');
      expect(consoleErrors).toContainEqual(
        expect.stringContaining('Sending the applicationReply email failed. EmailJS answered 429'),
      );
      for (const error of consoleErrors) expect(error).toMatch(/429|applicationReply/);
    },
  );

  test(
    'refuses a resume that is not a PDF, DOC or DOCX file, or is over 5 MB',
    { tag: '@one-width' },
    async ({ page, consoleErrors }) => {
      const calls = await interceptEmailJs(page);
      await page.goto('/joinus');
      await fillApplication(page, {
        name: 'resume.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a resume'),
      });
      const resume = form(page).getByLabel('Upload Resume');
      await expect(form(page).getByRole('alert')).toHaveText(RESUME_WRONG_TYPE);
      await expect(resume).toHaveAttribute('aria-invalid', 'true');
      expect(await resume.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
        RESUME_WRONG_TYPE,
      );
      await form(page).getByRole('button', { name: 'Submit' }).click();
      await expect(dialog(page)).toBeHidden();

      await resume.setInputFiles({ ...pdf, buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x20) });
      await expect(form(page).getByRole('alert')).toHaveText(RESUME_TOO_LARGE);
      await form(page).getByRole('button', { name: 'Submit' }).click();
      await expect(dialog(page)).toBeHidden();

      await resume.setInputFiles({
        name: 'resume.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: Buffer.from('PK\u0003\u0004 docx'),
      });
      await expect(form(page).getByRole('alert')).toBeEmpty();
      await expect(resume).not.toHaveAttribute('aria-invalid');
      await form(page).getByRole('button', { name: 'Submit' }).click();
      await expect(dialog(page)).toBeVisible();

      expect(calls).toEqual([]);
      expect(consoleErrors).toEqual([]);
    },
  );
});
