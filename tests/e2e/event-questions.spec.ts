import type { APIRequestContext, Page } from '@playwright/test';
import { parseCsv } from '../unit/db/support/parse-csv';
import { interceptEmailJs } from './support/emailjs';
import { expect, test } from './support/fixtures';
import { ADMIN, createSuperAdmin } from './support/membership-staff';
import { startSite, type RunningSite } from './support/server';

/**
 * Questions per event, end to end on a server of its own: an executive gives an event two
 * questions on its Questions page (one refused, for it asks what the club does not collect), a
 * visitor answers them on the event page, and the answers show in the registrants list and the
 * CSV. The API lists the questions, refuses a registration without a required answer (400, with
 * the question's message) and registers a client that sends none where none is required.
 */

type ApiEvent = { id: number; title: string };
type ApiQuestion = {
  id: number;
  label: string;
  kind: string;
  choices: string[];
  required: boolean;
};

test.describe('questions per event', () => {
  test.describe.configure({ mode: 'serial' });
  let site: RunningSite;
  let admin: Page;
  let event: ApiEvent;

  test.beforeAll(async ({ browser }, testInfo) => {
    site = await startSite();
    const context = await browser.newContext({
      baseURL: site.baseURL,
      viewport: testInfo.project.use.viewport ?? { width: 1280, height: 800 },
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.61' },
    });
    admin = await context.newPage();
    await createSuperAdmin(site, admin, ADMIN);
    const events = (await (await admin.request.get('/api/events/')).json()) as ApiEvent[];
    event = events.find((one) => one.title.startsWith('Accounting Careers'))!;
    expect(event, 'the seed has the Accounting Careers Info Session').toBeTruthy();
  });

  test.afterAll(async () => {
    await admin?.context().close();
    await site?.stop();
  });

  test('an event with two questions: a visitor answers them, the list and the CSV show the answers', async ({
    browser,
    expectAccessible,
  }, testInfo) => {
    const width = admin.viewportSize()!.width;
    await admin.goto(`/admin/events/${event.id}/questions`);
    await expect(
      admin.getByRole('heading', { level: 1, name: `Questions: ${event.title}` }),
    ).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Questions', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const add = admin.locator('form', {
      has: admin.getByRole('button', { name: 'Add the question' }),
    });

    // What the privacy policy says the club does not collect is refused, with the reason.
    await add.getByLabel('Question').fill('Student number');
    await add.getByRole('button', { name: 'Add the question' }).click();
    await expect(add.getByTestId('error-summary')).toContainText('Question');
    await expect(add.getByLabel('Question')).toBeFocused();
    await expect(add.getByLabel('Question')).toHaveAccessibleDescription(
      /The club does not ask for student numbers: the privacy policy says so/,
    );

    // One from the examples, made required; one written, a short answer.
    await admin.getByRole('link', { name: 'T-shirt size' }).click();
    await expect(add.getByLabel('Question')).toHaveValue('T-shirt size');
    await expect(add.getByLabel('Answer', { exact: true })).toHaveValue('choice');
    await add.getByLabel('An answer is required').check();
    await add.getByRole('button', { name: 'Add the question' }).click();
    await expect(admin.getByText('The question "T-shirt size" is added.')).toBeVisible();
    await add.getByLabel('Question').fill('Dietary needs or allergies');
    await add.getByLabel('Answer', { exact: true }).selectOption('short_text');
    await add.getByRole('button', { name: 'Add the question' }).click();
    await expect(
      admin.getByText('The question "Dietary needs or allergies" is added.'),
    ).toBeVisible();
    await expect(admin.getByRole('heading', { name: 'On the form (2)' })).toBeVisible();
    await expect(admin.getByText('Choice from a list: XS, S, M, L, XL · Required')).toBeVisible();
    await admin.screenshot({
      path: testInfo.outputPath(`questions-${width}.png`),
      fullPage: true,
    });
    await expectAccessible(admin);

    // A visitor answers them on the event page.
    const visitorContext = await browser.newContext({
      baseURL: site.baseURL,
      viewport: { width, height: 844 },
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.62' },
    });
    const visitor = await visitorContext.newPage();
    await interceptEmailJs(visitor);
    await visitor.goto(`/events/${event.id}`);
    const form = visitor.getByRole('form', { name: 'Register for this Event' });
    await expect(form.getByLabel(/T-shirt size/)).toBeVisible();
    await form.getByLabel('First Name').fill('Lan');
    await form.getByLabel('Last Name').fill('Qiao');
    const email = `lan.qiao.${width}@example.org`;
    await form.getByLabel('Email').fill(email);
    await form.getByLabel(/T-shirt size/).selectOption('M');
    await form.getByLabel(/Dietary needs or allergies/).fill('Vegetarian, no peanuts');
    await visitor.screenshot({
      path: testInfo.outputPath(`event-form-questions-${width}.png`),
      fullPage: true,
    });
    await expectAccessible(visitor);
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByTestId('registration-status')).toContainText('Registration successful');
    await visitorContext.close();

    // The registrants list shows the answers on the person's row.
    await admin.goto(`/admin/events/${event.id}`);
    const row = admin.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('T-shirt size');
    await expect(row).toContainText('M');
    await expect(row).toContainText('Vegetarian, no peanuts');
    await row.scrollIntoViewIfNeeded();
    await admin.screenshot({
      path: testInfo.outputPath(`registrants-answers-${width}.png`),
      fullPage: false,
    });

    // The CSV has one column per question.
    const download = await admin.request.get(`/admin/events/${event.id}/registrants.csv`);
    expect(download.status()).toBe(200);
    const [header, ...rows] = parseCsv((await download.text()).replace(/^\uFEFF/, ''));
    const columns = ['T-shirt size', 'Dietary needs or allergies'].map((label) =>
      header!.indexOf(label),
    );
    expect(columns.every((index) => index >= 0)).toBe(true);
    const written = rows.find((cells) => cells.includes(email))!;
    expect(columns.map((index) => written[index])).toEqual(['M', 'Vegetarian, no peanuts']);
  });

  /** The anti-forgery pair of a client of the API. */
  async function csrfOf(request: APIRequestContext) {
    const { csrfToken } = (await (await request.get('/api/csrf/')).json()) as { csrfToken: string };
    return {
      'Content-Type': 'application/json',
      'X-CSRFToken': csrfToken,
      Origin: site.baseURL,
      'x-forwarded-for': '198.51.100.63',
    };
  }

  test('the API lists the questions, refuses a missing required answer and registers a client that sends none where none is required', async ({
    playwright,
  }, testInfo) => {
    const api = await playwright.request.newContext({ baseURL: site.baseURL });
    try {
      const detail = await api.get(`/api/events/${event.id}/`);
      expect(detail.status()).toBe(200);
      const { questions } = (await detail.json()) as { questions: ApiQuestion[] };
      expect(questions.map(({ label, kind, required }) => ({ label, kind, required }))).toEqual([
        { label: 'T-shirt size', kind: 'choice', required: true },
        { label: 'Dietary needs or allergies', kind: 'short_text', required: false },
      ]);
      const size = questions[0]!;
      expect(size.choices).toEqual(['XS', 'S', 'M', 'L', 'XL']);

      const headers = await csrfOf(api);
      const person = (tag: string) => ({
        first_name: 'Old',
        last_name: 'Client',
        email: `api.${tag}.${testInfo.project.name}@example.org`,
      });
      const missing = await api.post(`/api/events/${event.id}/register/`, {
        headers,
        data: person('missing'),
      });
      expect(missing.status()).toBe(400);
      expect(await missing.json()).toEqual({
        error: 'T-shirt size: an answer is required.',
        fields: { [`answers.${size.id}`]: 'T-shirt size: an answer is required.' },
      });
      const wrong = await api.post(`/api/events/${event.id}/register/`, {
        headers,
        data: { ...person('wrong'), answers: { [size.id]: 'XXL' } },
      });
      expect(wrong.status()).toBe(400);
      expect(((await wrong.json()) as { error: string }).error).toBe(
        'T-shirt size: choose one of XS, S, M, L, XL.',
      );
      const answered = await api.post(`/api/events/${event.id}/register/`, {
        headers,
        data: { ...person('answered'), answers: { [size.id]: 'S' } },
      });
      expect(answered.status()).toBe(201);

      // An event that asks nothing: a client written before questions registers as it did.
      const events = (await (await api.get('/api/events/')).json()) as ApiEvent[];
      const plain = events.find((one) => one.title.startsWith('Spring Formal'))!;
      const plainDetail = (await (await api.get(`/api/events/${plain.id}/`)).json()) as {
        questions: ApiQuestion[];
      };
      expect(plainDetail.questions).toEqual([]);
      const none = await api.post(`/api/events/${plain.id}/register/`, {
        headers,
        data: person('plain'),
      });
      expect(none.status()).toBe(201);
    } finally {
      await api.dispose();
    }
  });

  test('an application awaiting review shows its answers where staff confirm it', async () => {
    const events = (await (await admin.request.get('/api/events/')).json()) as ApiEvent[];
    const review = events.find((one) => one.title.startsWith('Dumpling Making'))!;
    await admin.goto(`/admin/events/${review.id}/questions?example=1`);
    const add = admin.locator('form', {
      has: admin.getByRole('button', { name: 'Add the question' }),
    });
    await expect(add.getByLabel('Question')).toHaveValue('Program');
    await add.getByRole('button', { name: 'Add the question' }).click();
    await expect(admin.getByText('The question "Program" is added.')).toBeVisible();

    const api = admin.context().request;
    const { questions } = (await (await api.get(`/api/events/${review.id}/`)).json()) as {
      questions: ApiQuestion[];
    };
    const email = `applicant.${admin.viewportSize()!.width}@example.org`;
    const applied = await api.post(`/api/events/${review.id}/register/`, {
      headers: await csrfOf(api),
      data: {
        first_name: 'Mu',
        last_name: 'Dan',
        email,
        answers: { [questions[0]!.id]: 'Finance' },
      },
    });
    expect(applied.status()).toBe(201);
    expect(
      ((await applied.json()) as { registration: { status: string } }).registration.status,
    ).toBe('submitted');

    await admin.goto(`/admin/events/${review.id}?status=submitted`);
    const row = admin.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Awaiting review');
    await expect(row).toContainText('Program');
    await expect(row).toContainText('Finance');
    await expect(row.getByRole('option', { name: 'Confirm' })).toHaveCount(1);
  });
});
