import { writeFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { expect, test } from './support/fixtures';
import { startMailbox, type Mailbox } from './support/mailbox';
import { ADMIN, createSuperAdmin, signIn } from './support/membership-staff';
import { decodeQrCode, inlinePicture } from './support/qr';
import { Client } from './support/server-actions';
import { startSite, type RunningSite } from './support/server';

/**
 * The door's scanner on a 390 px phone, with Chromium's fake camera playing the QR code of a
 * confirmation email (the picture the site's own email carried, read from its SMTP server): an
 * event lead opens the door of their event, presses 'Scan a code', and the person is checked in,
 * on the board and in the event's registrants; the code of another event and an unrelated QR
 * code are refused with their message; without a camera the door says so and the search works.
 * playwright.config.ts runs this spec in the phone project only.
 */

const PHONE = { width: 390, height: 844 };
const LEAD = { name: 'Sam Lee', email: 'sam.lee@example.org', password: 'door scanner 2026!' };
const DOOR_EVENT = 'Lantern night';
const OTHER_EVENT = 'Hot pot social';
const ANA = { first_name: 'Ana', last_name: 'Lin', email: 'ana.lin@example.org' };
const BO = { first_name: 'Bo', last_name: 'Wu', email: 'bo.wu@example.org' };

/** The fake camera's picture: the QR code on a white page, as a phone sees a screen held up. */
const FRAME = { width: 640, height: 480 };

/**
 * A video file Chromium's fake camera plays in a loop (`--use-file-for-fake-video-capture`):
 * YUV4MPEG2, 4:2:0 with full-range (JPEG) levels, the picture's grey levels as the Y plane and
 * neutral colour planes, a few identical frames.
 */
async function fakeCameraVideo(picture: Buffer, file: string): Promise<void> {
  const code = await sharp(picture).toColourspace('b-w').png().toBuffer();
  const { data, info } = await sharp({
    create: { ...FRAME, channels: 3, background: '#ffffff' },
  })
    .composite([{ input: code, gravity: 'centre' }])
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(1);
  const chroma = Buffer.alloc((FRAME.width / 2) * (FRAME.height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), data, chroma, chroma]);
  const header = `YUV4MPEG2 W${FRAME.width} H${FRAME.height} F10:1 Ip A1:1 C420jpeg\n`;
  writeFileSync(file, Buffer.concat([Buffer.from(header), ...Array<Buffer>(5).fill(frame)]));
}

test.describe('the door scans the QR code of a confirmation email', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  let mailbox: Mailbox;
  let doorEventId: string;
  let otherEventId: string;
  /** The pictures the confirmation emails showed. */
  const codes: Record<'ana' | 'bo', Buffer> = { ana: Buffer.alloc(0), bo: Buffer.alloc(0) };
  const contexts: BrowserContext[] = [];
  const cameraBrowsers: Browser[] = [];
  let address = 10;

  test.beforeAll(async () => {
    mailbox = await startMailbox();
    site = await startSite({ SMTP_URL: mailbox.smtpUrl, MAIL_FROM: 'TCSA <tcsa@example.org>' });
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    for (const browser of cameraBrowsers) await browser.close();
    await site?.stop();
    await mailbox?.close();
  });

  /** A phone of its own, from an address of its own (sign-in limits count per address). */
  async function phoneOf(browser: Browser): Promise<Page> {
    const context = await browser.newContext({
      baseURL: site.baseURL,
      viewport: PHONE,
      hasTouch: true,
      extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${address++}` },
    });
    contexts.push(context);
    const page = await context.newPage();
    // Every camera stream the page opens, so the test can see it released.
    await page.addInitScript(() => {
      const streams: MediaStream[] = [];
      (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
      const devices = navigator.mediaDevices;
      if (!devices?.getUserMedia) return;
      const open = devices.getUserMedia.bind(devices);
      devices.getUserMedia = async (constraints) => {
        const stream = await open(constraints);
        streams.push(stream);
        return stream;
      };
    });
    return page;
  }

  /** The event lead, signed in on a phone whose camera films `picture`. */
  async function leadWithCamera(picture: Buffer): Promise<Page> {
    const video = test.info().outputPath(`camera-${cameraBrowsers.length}.y4m`);
    await fakeCameraVideo(picture, video);
    const { launchOptions } = test.info().project.use;
    const browser = await chromium.launch({
      ...launchOptions,
      args: [
        ...(launchOptions?.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    cameraBrowsers.push(browser);
    const page = await phoneOf(browser);
    await signIn(page, LEAD);
    return page;
  }

  const doorCounts = (page: Page) => page.getByTestId('door-counts');
  const scanResult = (page: Page) => page.getByTestId('scan-result');
  const cameraStreamsLive = (page: Page) =>
    page.evaluate(() =>
      (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((stream) =>
        stream.getTracks().map((track) => track.readyState),
      ),
    );

  test('set-up: an event lead, their event and another, one registrant each, emailed', async ({
    browser,
  }) => {
    const admin = await phoneOf(browser);
    await createSuperAdmin(site, admin, ADMIN);
    await admin.goto('/admin/accounts');
    await admin.getByLabel('Name').fill(LEAD.name);
    await admin.getByLabel('Email').fill(LEAD.email);
    await admin.getByLabel('Role').selectOption('event_lead');
    await admin.getByRole('button', { name: 'Invite' }).click();
    const link = new URL(await admin.getByLabel('Invitation link').inputValue());
    const lead = await phoneOf(browser);
    await lead.goto(`${link.pathname}${link.search}`);
    await lead.getByLabel('Password', { exact: true }).fill(LEAD.password);
    await lead.getByLabel('Password again').fill(LEAD.password);
    await lead.getByRole('button', { name: 'Save the password' }).click();
    await expect(lead.getByRole('heading', { name: `Welcome, ${LEAD.name}` })).toBeVisible();

    const ids: string[] = [];
    for (const [title, ledBySam] of [
      [DOOR_EVENT, true],
      [OTHER_EVENT, false],
    ] as const) {
      await admin.goto('/admin/events/new');
      await admin.getByLabel('Title').fill(title);
      await admin.getByLabel('Date').fill('2030-10-02');
      await admin.getByLabel('Start time').fill('19:00');
      await admin.getByLabel('Duration').fill('2 hours');
      await admin.getByLabel('Capacity').fill('20');
      if (ledBySam) await admin.getByLabel(new RegExp(LEAD.name)).check();
      await admin.getByRole('button', { name: 'Publish the event' }).click();
      await expect(admin).toHaveURL(/\/admin\/events\/\d+\?created=1$/);
      ids.push(/\/admin\/events\/(\d+)/.exec(admin.url())![1]!);
    }
    [doorEventId, otherEventId] = ids as [string, string];

    for (const [person, eventId, title, key] of [
      [ANA, doorEventId, DOOR_EVENT, 'ana'],
      [BO, otherEventId, OTHER_EVENT, 'bo'],
    ] as const) {
      const visitor = new Client(site.baseURL, `203.0.113.${address++}`);
      const answer = await visitor.postApi(`/api/events/${eventId}/register/`, person);
      expect(answer.status, await answer.text()).toBe(201);
      const mail = await mailbox.waitFor(
        (each) => each.to === person.email && each.subject === `You are registered for ${title}`,
        `the confirmation to ${person.email}`,
      );
      codes[key] = inlinePicture(mail.raw, 'check-in-qr');
      expect(new URL(await decodeQrCode(codes[key])).pathname).toMatch(/^\/admin\/check-in\/\d+$/);
    }
  });

  test('a scanned code checks its person in; the board, the registrants and the camera follow', async ({
    expectAccessible,
  }, testInfo) => {
    const lead = await leadWithCamera(codes.ana);
    const door = await lead.goto(`/admin/events/${doorEventId}/check-in`);
    // The console may open the camera (of its own origin); the site's other pages may not.
    expect(door?.headers()['permissions-policy']).toMatch(/(^|, )camera=\(self\)/);
    await expect(doorCounts(lead)).toHaveText('1 confirmed0 checked in');

    await lead.getByRole('button', { name: 'Scan a code' }).click();
    await expect(scanResult(lead)).toHaveText('Ana LinChecked in');
    await expect(doorCounts(lead)).toHaveText('0 confirmed1 checked in');
    await expect(lead.getByRole('button', { name: 'Undo check-in of Ana Lin' })).toBeVisible();
    // Still scanning for the next person; the same code held up is not read again and again.
    await expect(lead.getByLabel('Camera: hold the person’s QR code in the frame')).toBeVisible();
    await lead.waitForTimeout(2_500);
    await expect(scanResult(lead)).toHaveText('Ana LinChecked in');
    expect(await lead.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectAccessible(lead);
    // CONSOLE_SHOTS=<folder> keeps the picture to look at, as console-phone.spec.ts does.
    const shots = process.env.CONSOLE_SHOTS;
    await lead.screenshot({
      path: shots ? `${shots}/door-scan-390.png` : testInfo.outputPath('door-scan-390.png'),
      fullPage: true,
    });

    expect(await cameraStreamsLive(lead)).toEqual(['live']);
    await lead.getByRole('button', { name: 'Close the scanner' }).click();
    await expect(lead.getByRole('button', { name: 'Scan a code' })).toBeVisible();
    expect(await cameraStreamsLive(lead)).toEqual(['ended']);

    // Opened again, then left for another page: the camera is released too.
    await lead.getByRole('button', { name: 'Scan a code' }).click();
    await expect(scanResult(lead)).toHaveText(/^Ana LinAlready checked in at \d\d:\d\d$/);
    await lead.getByRole('link', { name: `← ${DOOR_EVENT}` }).click();
    await expect(lead.getByRole('heading', { name: DOOR_EVENT, exact: true })).toBeVisible();
    expect(await cameraStreamsLive(lead)).toEqual(['ended', 'ended']);

    const registrants = lead.getByRole('region', { name: 'Registrants' });
    await expect(registrants.getByRole('row', { name: /Ana Lin/ })).toContainText('Checked in');
  });

  test('the code of another event, and an unrelated QR code, are refused with their message', async () => {
    const lead = await leadWithCamera(codes.bo);
    await lead.goto(`/admin/events/${doorEventId}/check-in`);
    await lead.getByRole('button', { name: 'Scan a code' }).click();
    await expect(scanResult(lead)).toHaveText(
      `Code for another eventThis person is registered for another event, not ${DOOR_EVENT}. Nobody was checked in.`,
    );
    await expect(doorCounts(lead)).toHaveText('0 confirmed1 checked in');

    const unrelated = await leadWithCamera(
      await QRCode.toBuffer('https://example.org/menu', { type: 'png', width: 360, margin: 2 }),
    );
    await unrelated.goto(`/admin/events/${doorEventId}/check-in`);
    await unrelated.getByRole('button', { name: 'Scan a code' }).click();
    await expect(scanResult(unrelated)).toHaveText(
      'Not a check-in codeThis QR code is not a check-in code of this site. Scan the code in the person’s confirmation email.',
    );

    // Bo is still only confirmed at his own event.
    const admin = await phoneOf(lead.context().browser()!);
    await signIn(admin, ADMIN);
    await admin.goto(`/admin/events/${otherEventId}`);
    await expect(
      admin.getByRole('region', { name: 'Registrants' }).getByRole('row', { name: /Bo Wu/ }),
    ).toContainText('Confirmed');
  });

  test('without a camera the door says so, and the search still checks people in', async ({
    browser,
  }) => {
    const lead = await phoneOf(browser);
    await signIn(lead, LEAD);
    await lead.goto(`/admin/events/${doorEventId}/check-in`);
    await lead.getByRole('button', { name: 'Scan a code' }).click();
    await expect(scanResult(lead).getByRole('alert')).toContainText(
      /find the person by name below/i,
    );
    await lead.getByLabel('Find by name or email').fill('ana');
    await lead.getByRole('button', { name: 'Undo check-in of Ana Lin' }).click();
    await expect(lead.getByText('Ana Lin: check-in undone.')).toBeVisible();
  });
});
