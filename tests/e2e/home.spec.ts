import type { Page, Route } from '@playwright/test';
import { recordAlerts } from './support/emailjs';
import { E2E_EMAILJS } from './support/server';
import { nextSubmission, ownClientAddress, recordSubmissionTraffic } from './support/submissions';
import { setTestFault } from './support/faults';
import { expect, isPhone, test } from './support/fixtures';

type Member = {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  quote: string | null;
  position: string;
  department: { name: string } | null;
  reports_to: number | null;
};

async function apiList<T>(page: Page, path: string): Promise<T[]> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return (await response.json()) as T[];
}

test.describe('home page, loaded with the seed data', () => {
  test('shows every section', async ({ page, consoleErrors, expectAccessible }) => {
    await page.goto('/');

    const hero = page.locator('section[aria-labelledby="page-title"]');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(
      'TELFER CHINESE STUDENT ASSOCIATION',
    );
    await expect(
      hero.getByText('Welcome to the Telfer Chinese Student Association!'),
    ).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Join us' })).toHaveAttribute('href', '/joinus');
    await expect(hero.locator('[data-hero-media]')).toHaveAttribute(
      'data-hero-media',
      /^(image|video)$/,
    );

    await expect(page.getByRole('heading', { name: 'CLUB ROADMAP' })).toBeVisible();
    const roadmap = page.getByRole('table', { name: /Club roadmap/ });
    await expect(roadmap.getByRole('row')).toHaveText([
      /Year.*Events held.*People influenced/,
      /2023\s*2\s*3300/,
      /2024\s*10\s*4527/,
      /2025\s*6\s*3836/,
    ]);

    await expect(page.getByRole('heading', { name: 'OUR TEAM STRUCTURE' })).toBeVisible();
    const members = await apiList<Member>(page, '/api/members/');
    await expect(
      page.getByRole('group', { name: 'Team structure chart' }).getByRole('button'),
    ).toHaveCount(members.length);

    await expect(page.getByRole('heading', { name: 'UPCOMING EVENTS' })).toBeVisible();
    const more = page.getByRole('link', { name: 'More events' });
    await expect(more).toHaveAttribute('href', '/events');
    await expect(more).toHaveText('M O R EMore events');
    await expect(page.getByTestId('event-card')).toHaveCount(3);

    await expect(page.getByRole('heading', { name: 'Our Sponsors & Partners' })).toBeVisible();
    const sponsors = await apiList<{ name: string; link: string | null }>(
      page,
      '/api/sponsorImages/',
    );
    expect(sponsors.length).toBeGreaterThan(0);
    for (const sponsor of sponsors) {
      await expect(
        page.getByRole('link', { name: new RegExp(`^${sponsor.name}`) }),
      ).toHaveAttribute('href', sponsor.link ?? '#');
    }

    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
    await expect(page.getByRole('link', { name: /@/ }).first()).toHaveAttribute(
      'href',
      /^mailto:.+@.+/,
    );
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();

    await expectAccessible();

    // The carousel's code loads only once its section nears the viewport. Building its textures
    // takes a few seconds in the software WebGL of a headless browser.
    await expect(page.getByTestId('gallery-canvas')).toHaveCount(0);
    await page.getByRole('region', { name: 'Photo gallery', exact: true }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('gallery-canvas').locator('canvas')).toHaveCount(1);
    expect(consoleErrors).toEqual([]);
  });

  test(
    'lists the three earliest events that have not ended, by date',
    { tag: '@one-width' },
    async ({ page }) => {
      type Event = { id: number; title: string; starts_at: string | null; duration: string | null };
      const events = await apiList<Event>(page, '/api/events/');
      await page.goto('/');
      const cards = page.getByTestId('event-card');
      await expect(cards).toHaveCount(3);
      const titles = await cards.getByRole('heading').allTextContents();
      const shown = titles.map((title) => events.find((event) => event.title === title));
      const starts = shown.map((event) => Date.parse(event!.starts_at!));
      expect([...starts].sort((a, b) => a - b)).toEqual(starts);
      // Nothing that has already ended, and nothing later than the third shown is left out.
      const startedBefore = events.filter(
        (event) =>
          event.starts_at &&
          Date.parse(event.starts_at) > Date.now() &&
          Date.parse(event.starts_at) < starts[0]!,
      );
      expect(startedBefore).toEqual([]);
    },
  );

  test('draws the roadmap charts and loads the team portraits as they come near', async ({
    page,
    consoleErrors,
  }) => {
    const members = await apiList<Member & { pfp_img: string | null }>(page, '/api/members/');
    const portraitAnswers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/media/members/')) {
        portraitAnswers.push(response.status());
      }
    });
    await page.goto('/');
    await page.waitForLoadState('load');
    // The team chart starts below the first screen: nothing of it is downloaded yet.
    expect(portraitAnswers).toEqual([]);

    const roadmap = page.getByTestId('roadmap');
    await roadmap.scrollIntoViewIfNeeded();
    const charts = roadmap.locator('canvas');
    await expect(charts).toHaveCount(2);
    // Each chart has ink on it: its line, points, labels and axes.
    await expect
      .poll(() =>
        charts.evaluateAll((canvases: HTMLCanvasElement[]) =>
          canvases.map((canvas) => {
            const context = canvas.getContext('2d')!;
            const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
            let inked = 0;
            for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]! > 0) inked++;
            return inked > 500;
          }),
        ),
      )
      .toEqual([true, true]);

    const chart = page.getByRole('group', { name: 'Team structure chart' });
    await chart.scrollIntoViewIfNeeded();
    const withPortrait = members.filter((member) => member.pfp_img).length;
    await expect(chart.locator('image')).toHaveCount(withPortrait);
    await expect.poll(() => portraitAnswers).toEqual(Array(withPortrait).fill(200));
    expect(consoleErrors).toEqual([]);
  });

  test('the roadmap charts are redrawn to their frame when the window narrows', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const roadmap = page.getByTestId('roadmap');
    await roadmap.scrollIntoViewIfNeeded();
    const charts = roadmap.locator('canvas');
    await expect(charts).toHaveCount(2);
    // The drawn width of each chart against the width of the frame it sits in.
    const fit = () =>
      charts.evaluateAll((canvases: HTMLCanvasElement[]) =>
        canvases.map((canvas): [number, number] => [
          Math.round(canvas.getBoundingClientRect().width),
          canvas.parentElement!.clientWidth,
        ]),
      );
    await expect
      .poll(async () => (await fit()).every(([drawn, frame]) => drawn === frame))
      .toBe(true);
    const [wideWidth] = (await fit())[0]!;

    await page.setViewportSize({ width: 500, height: 900 });
    await expect
      .poll(async () =>
        (await fit()).every(([drawn, frame]) => drawn === frame && drawn < wideWidth),
      )
      .toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  test('a portrait shows its card and highlights its path', async ({ page, consoleErrors }) => {
    const members = await apiList<Member>(page, '/api/members/');
    const lead = members.find((member) => member.position === 'Marketing Lead')!;
    const reports = members.filter((member) => member.reports_to === lead.id);
    expect(reports.length).toBeGreaterThan(0);
    await page.goto('/');
    const chart = page.getByRole('group', { name: 'Team structure chart' });
    const node = chart.locator(`[data-member-id="${lead.id}"]`);
    await node.scrollIntoViewIfNeeded();

    if (isPhone(page)) await node.tap();
    else await node.hover();

    const card = page.getByTestId('member-card');
    await expect(card).toBeVisible();
    await expect(card).toContainText(`${lead.first_name} ${lead.last_name}`);
    await expect(card).toContainText(lead.department!.name);
    await expect(card).toContainText(lead.position);
    if (lead.email) await expect(card.getByRole('link', { name: lead.email })).toBeVisible();
    if (lead.quote) await expect(card).toContainText(lead.quote);

    // Hovering a leader selects its group: the lines to each of its members turn blue.
    const highlighted = chart.locator('line[data-highlighted="true"]');
    await expect(highlighted).toHaveCount(reports.length);
    await expect(highlighted.first()).toHaveAttribute('stroke', '#1d4ed8');

    if (isPhone(page)) {
      // A second tap on the same portrait closes the card.
      await node.tap();
    } else {
      await page.mouse.move(0, 0);
    }
    await expect(card).toHaveCount(0);
    await expect(highlighted).toHaveCount(0);

    // A member selects itself and its leader: one line.
    const member = chart.locator(`[data-member-id="${reports[0]!.id}"]`);
    await member.focus();
    await expect(card).toContainText(`${reports[0]!.first_name} ${reports[0]!.last_name}`);
    await expect(highlighted).toHaveCount(1);
    expect(consoleErrors).toEqual([]);
  });

  test('the gallery draws pictures that arrive after the carousel has come to rest', async ({
    page,
    consoleErrors,
  }) => {
    const items = await apiList<{ image: string }>(page, '/api/circularGalleryImages/');
    const delayed = new Set(items.map((item) => new URL(item.image, 'http://x').pathname));
    let released = false;
    let release: () => void = () => {};
    const arrival = new Promise<void>((resolve) => {
      release = () => {
        released = true;
        resolve();
      };
    });
    // A slow phone: the pictures arrive only when the test lets them.
    await page.route(
      (url) => delayed.has(url.pathname),
      async (route) => {
        await arrival;
        await route.continue();
      },
    );
    await page.goto('/');
    await page.getByRole('region', { name: 'Photo gallery', exact: true }).scrollIntoViewIfNeeded();
    const gallery = page.getByTestId('gallery-canvas');
    await expect(gallery).toHaveAttribute('data-gallery-position', '0');
    await expect(gallery.locator('canvas')).toHaveCount(1);
    // At rest, with captions only.
    await page.waitForTimeout(1500);
    expect(released).toBe(false);
    const colourOf = async () =>
      page.evaluate(
        async (png) => {
          const image = new Image();
          image.src = `data:image/png;base64,${png}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
          let coloured = 0;
          for (let index = 0; index < data.length; index += 4) {
            const [r, g, b] = [data[index]!, data[index + 1]!, data[index + 2]!];
            if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured += 1;
          }
          return coloured / (data.length / 4);
        },
        (await gallery.screenshot()).toString('base64'),
      );
    const before = await colourOf();

    release();
    await expect.poll(colourOf).toBeGreaterThan(before + 0.05);
    expect(consoleErrors).toEqual([]);
  });

  test('the gallery moves by whole pictures when dragged', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Photo gallery', exact: true }).scrollIntoViewIfNeeded();
    const gallery = page.getByTestId('gallery-canvas');
    await expect(gallery).toHaveAttribute('data-gallery-position', '0');
    const box = (await gallery.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.7, y);
    await page.mouse.down();
    // A drag of a little over one picture's width, in small steps like a real hand.
    for (let step = 1; step <= 5; step++) {
      await page.mouse.move(box.x + box.width * (0.7 - 0.09 * step), y);
    }
    await page.mouse.up();
    await expect
      .poll(async () => Number(await gallery.getAttribute('data-gallery-position')))
      .not.toBe(0);
    const position = Number(await gallery.getAttribute('data-gallery-position'));
    expect(Number.isInteger(position)).toBe(true);

    await page.getByRole('button', { name: 'Next picture' }).click();
    await expect(gallery).toHaveAttribute('data-gallery-position', String(position + 1));
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('home page, when a data source fails', () => {
  test(
    'each section shows its own error text',
    { tag: '@one-width' },
    async ({ page, context, baseURL, consoleErrors }) => {
      await setTestFault(
        context,
        baseURL!,
        'members=error,events=error,circularGalleryImages=error,sponsorImages=error,homeHeroMedia=error',
      );
      // A failing source is its section's business: no answer of the page is a server error.
      const serverErrors: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 500) serverErrors.push(`${response.status()} ${response.url()}`);
      });
      const answer = await page.goto('/');
      expect(answer?.status()).toBe(200);
      await expect(
        page.getByText('Error loading team members: Failed to load team members.'),
      ).toBeVisible();
      await expect(page.getByText('Failed to load events', { exact: true })).toBeVisible();
      await expect(
        page.getByText('Error loading gallery: Failed to load gallery images'),
      ).toBeVisible();
      await expect(page.getByText('Failed to load sponsors', { exact: true })).toBeVisible();
      // The hero keeps its text and falls back to its default background.
      await expect(page.locator('[data-hero-media]')).toHaveAttribute('data-hero-media', 'error');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The rest of the page still works.
      await expect(page.getByRole('heading', { name: 'CLUB ROADMAP' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(serverErrors).toEqual([]);
      // Nor does the browser report an error (a failed request, an uncaught exception).
      expect(consoleErrors).toEqual([]);
    },
  );

  test(
    'each section shows its empty state',
    { tag: '@one-width' },
    async ({ page, context, baseURL, consoleErrors }) => {
      await setTestFault(
        context,
        baseURL!,
        'members=empty,events=empty,circularGalleryImages=empty,homeHeroMedia=empty,sponsorImages=empty',
      );
      await page.goto('/');
      await expect(page.getByText('No member data received')).toBeVisible();
      await expect(page.getByText('No upcoming events at the moment.')).toBeVisible();
      await expect(
        page.getByText('Our sponsors and partners will be announced soon.'),
      ).toBeVisible();
      await expect(page.locator('[data-hero-media]')).toHaveAttribute('data-hero-media', 'none');
      // No gallery items: the 12 built-in pictures instead.
      const gallery = page.getByRole('region', { name: 'Photo gallery', exact: true });
      await expect(gallery.getByRole('listitem')).toHaveCount(12);
      await expect(gallery.getByRole('listitem').first()).toHaveText('Lunar New Year Gala');
      expect(consoleErrors).toEqual([]);
    },
  );

  test(
    'shows each loading text while its data is on the way',
    { tag: '@one-width' },
    async ({ page, context, baseURL }) => {
      await setTestFault(
        context,
        baseURL!,
        'members=slow,events=slow,circularGalleryImages=slow,sponsorImages=slow,homeHeroMedia=slow',
      );
      // Every read of the page waits TEST_FAULT_DELAY_MS before it answers.
      await page.goto('/', { waitUntil: 'commit' });
      // The hero's text shows at once; its media streams in behind a placeholder.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[data-hero-media]')).toHaveAttribute('data-hero-media', 'loading');
      // All four at once: each read answers after a delay, and the texts go as soon as it does.
      await Promise.all(
        [
          'Loading team members...',
          'Loading events...',
          'Loading gallery...',
          'Loading sponsors...',
        ].map((text) => expect(page.getByText(text)).toBeVisible()),
      );
      await expect(page.getByTestId('event-card')).toHaveCount(3);
      await expect(page.getByText('Loading events...')).toHaveCount(0);
      await expect(page.locator('[data-hero-media]')).toHaveAttribute('data-hero-media', 'image');
    },
  );
});

const RECEIVED_EMAIL_FAILED =
  'Your message has been received. The email about it could not be sent, but the club has your message and will reply to you by email.';

test.describe('home contact form', { tag: '@one-width' }, () => {
  test.beforeEach(async ({ page }, testInfo) => ownClientAddress(page, testInfo));

  async function fill(page: Page) {
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Name').fill('Mei Lin');
    await form.getByLabel('Email').fill('mei.lin@example.org');
    await form.getByLabel('Message').fill('Could TCSA co-host a mooncake night with our club?');
    return form;
  }

  function interceptEmailJs(page: Page, answer: (route: Route) => Promise<void>) {
    const sent: { body: string; contentType: string }[] = [];
    void page.route('https://api.emailjs.com/api/v1.0/email/**', async (route) => {
      const request = route.request();
      sent.push({
        body: request.postDataBuffer()?.toString('latin1') ?? '',
        contentType: (await request.allHeaders())['content-type'] ?? '',
      });
      await answer(route);
    });
    return sent;
  }

  test('stores the message, then sends it through EmailJS and says so', async ({
    page,
    consoleErrors,
  }) => {
    const sent = interceptEmailJs(page, (route) =>
      route.fulfill({ status: 200, body: 'OK', contentType: 'text/plain' }),
    );
    const traffic = recordSubmissionTraffic(page);
    const alerts = recordAlerts(page);
    await page.goto('/');
    const form = await fill(page);
    const stored = nextSubmission(page, '/api/messages/');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await stored).toEqual({
      status: 201,
      body: { id: expect.any(Number), message: 'Your message has been received.' },
    });
    await expect(form.getByRole('status')).toHaveText('Message sent successfully!');
    expect(alerts).toEqual(['Message sent successfully!']);
    expect(traffic).toEqual(['201 /api/messages/', 'emailjs send-form']);
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body;
    expect(sent[0]!.contentType).toContain('multipart/form-data');
    for (const [field, value] of [
      ['sender_name', 'Mei Lin'],
      ['sender_email', 'mei.lin@example.org'],
      ['message', 'Could TCSA co-host a mooncake night with our club?'],
      ['service_id', E2E_EMAILJS.EMAILJS_SERVICE_ID],
      ['template_id', E2E_EMAILJS.EMAILJS_CONTACT_TEMPLATE_ID],
      ['user_id', E2E_EMAILJS.EMAILJS_PUBLIC_KEY],
    ] as const) {
      expect(body).toContain(`name="${field}"\r\n\r\n${value}\r\n`);
    }
    // The form starts over for the next message.
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
    expect(consoleErrors).toEqual([]);
  });

  for (const [status, meaning] of [
    [500, 'EmailJS answered 500'],
    [429, 'EmailJS answered 429 Too Many Requests'],
  ] as const) {
    test(`keeps the message and says it was received when EmailJS answers ${status}`, async ({
      page,
      consoleErrors,
    }) => {
      interceptEmailJs(page, (route) =>
        route.fulfill({ status, body: 'EmailJS refused', contentType: 'text/plain' }),
      );
      const traffic = recordSubmissionTraffic(page);
      const alerts = recordAlerts(page);
      await page.goto('/');
      const form = await fill(page);
      const stored = nextSubmission(page, '/api/messages/');
      await form.getByRole('button', { name: 'Send Message' }).click();
      expect((await stored).body.id).toEqual(expect.any(Number));
      await expect(form.getByRole('status')).toHaveText(RECEIVED_EMAIL_FAILED);
      expect(alerts).toEqual([RECEIVED_EMAIL_FAILED]);
      expect(traffic).toEqual(['201 /api/messages/', 'emailjs send-form']);
      await expect(form.getByLabel('Message')).toHaveValue('');
      // The failure is explained in the console, with EmailJS's meaning of the status.
      expect(consoleErrors.join('\n')).toContain(meaning);
    });
  }

  test("shows the server's refusal beside the field, keeps the message and emails nothing", async ({
    page,
    consoleErrors,
  }) => {
    const sent = interceptEmailJs(page, (route) => route.fulfill({ status: 200, body: 'OK' }));
    const traffic = recordSubmissionTraffic(page);
    const alerts = recordAlerts(page);
    await page.goto('/');
    const form = await fill(page);
    const email = form.getByLabel('Email');
    await email.fill('mei.lin-at-example.org');
    // Past the browser's own check, as an old browser or a script would send it.
    await form.evaluate((element: HTMLFormElement) => {
      element.noValidate = true;
    });
    const answer = nextSubmission(page, '/api/messages/');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await answer).toEqual({
      status: 400,
      body: {
        error: 'Enter a valid email address.',
        fields: { sender_email: 'Enter a valid email address.' },
      },
    });
    const summary =
      'An error occurred, please try again. See console for details. Enter a valid email address.';
    await expect(form.getByRole('status')).toHaveText(summary);
    expect(alerts).toEqual([summary]);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    await expect(email).toBeFocused();
    await expect(email).toHaveValue('mei.lin-at-example.org');
    await expect(form.getByLabel('Name')).toHaveValue('Mei Lin');
    await expect(form.getByLabel('Message')).toHaveValue(
      'Could TCSA co-host a mooncake night with our club?',
    );
    expect(sent).toEqual([]);
    expect(traffic).toEqual(['400 /api/messages/']);
    for (const error of consoleErrors) expect(error).toContain('status of 400');
  });
});
