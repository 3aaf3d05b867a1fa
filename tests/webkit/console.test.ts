import { readFileSync } from 'node:fs';
import { By, Key, until, type WebElement } from 'selenium-webdriver';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import {
  byLabel,
  control,
  fill,
  openWebKit,
  reveal,
  textOf,
  visible,
  type WebKitPage,
} from './support/browser';
import { registerThroughApi } from './support/site';

/**
 * The club console in WebKit at 390 px, as staff use it on their phones: the first account from
 * the server's setup link, signing out and in again, publishing an event (its date and time
 * inputs), and checking a person in at the door.
 */
const ADMIN = { name: 'Mei Chen', email: 'mei.chen@example.org', password: 'lantern moon 2026!' };
const SETUP_LINK = /\/admin\/setup\?token=[\w-]+/;
const EVENT_TITLE = 'WebKit Door Night';

describe('the console in WebKit at 390 px', () => {
  let page: WebKitPage;
  let eventId: number;
  beforeAll(async () => {
    page = await openWebKit('198.18.207.1');
  });
  afterAll(async () => {
    await page?.close();
  });

  const heading = (text: string) =>
    page.driver.wait(
      until.elementLocated(By.xpath(`//h1[normalize-space()='${text}']`)),
      30_000,
      `no heading "${text}"`,
    );

  async function signIn() {
    await fill(await byLabel(page.driver, 'Email'), ADMIN.email);
    await fill(await byLabel(page.driver, 'Password'), ADMIN.password);
    await (await control(page.driver, 'Sign in', '//form')).click();
  }

  it('creates the first account from the setup link, signs out and in again', async () => {
    let link: string | undefined;
    await page.driver.wait(
      () => {
        link = SETUP_LINK.exec(readFileSync(inject('siteLogFile'), 'utf8'))?.[0];
        return Boolean(link);
      },
      30_000,
      'the server printed no setup link',
    );
    await page.open(link!);
    await fill(await byLabel(page.driver, 'Name'), ADMIN.name);
    await fill(await byLabel(page.driver, 'Email'), ADMIN.email);
    await fill(await byLabel(page.driver, 'Password'), ADMIN.password);
    await fill(await byLabel(page.driver, 'Password again'), ADMIN.password);
    await (await reveal(await control(page.driver, 'Create the super admin'))).click();
    await heading(`Welcome, ${ADMIN.name}`);

    await (await reveal(await control(page.driver, 'Sign out'))).click();
    await page.driver.wait(until.urlMatches(/\/admin\/sign-in$/), 30_000);
    await signIn();
    await heading(`Welcome, ${ADMIN.name}`);
    expect((await page.probe()).errors).toEqual([]);
    expect(await page.overflowX()).toBe(0);
  });

  it('publishes an event, typing its date and start time', async () => {
    await page.open('/admin/events/new');
    await fill(await byLabel(page.driver, 'Title'), EVENT_TITLE);
    const date = await byLabel(page.driver, 'Date (optional)');
    await typeDate(date, '2030-10-02');
    const time = await byLabel(page.driver, 'Start time (optional)');
    await typeTime(time, '19:00');
    expect(await date.getAttribute('value')).toBe('2030-10-02');
    expect(await time.getAttribute('value')).toBe('19:00');
    await (await reveal(await control(page.driver, 'Publish the event'))).click();
    await page.driver.wait(until.urlMatches(/\/admin\/events\/\d+\?created=1$/), 30_000);
    eventId = Number(/\/admin\/events\/(\d+)/.exec(await page.driver.getCurrentUrl())![1]);
    expect((await page.probe()).errors).toEqual([]);
    expect(await page.overflowX()).toBe(0);
  });

  it('checks a person in at the door, and undoes it', async () => {
    expect(
      await registerThroughApi(
        eventId,
        { first_name: 'Hao', last_name: 'Zhang', email: 'hao.zhang@example.org' },
        '198.18.207.2',
      ),
    ).toBe(201);
    await page.open(`/admin/events/${eventId}/check-in`);
    const counts = await visible(page.driver, '[data-testid="door-counts"]');
    await textOf(counts, /^1 confirmed\s*0 checked in$/);
    await fill(await byLabel(page.driver, 'Find by name or email'), 'zhang');
    await (await reveal(await control(page.driver, 'Check in Hao Zhang'))).click();
    await textOf(counts, /^0 confirmed\s*1 checked in$/);
    await (await reveal(await control(page.driver, 'Undo check-in of Hao Zhang'))).click();
    await textOf(counts, /^1 confirmed\s*0 checked in$/);
    expect((await page.probe()).errors).toEqual([]);
    expect(await page.overflowX()).toBe(0);
  });
});

/**
 * Types a date as a person does on the keyboard into WebKit's date field: its parts in the
 * browser's order (month/day/year in English), separators moving to the next part.
 */
async function typeDate(input: WebElement, iso: string) {
  const [year, month, day] = iso.split('-');
  await reveal(input);
  await input.click();
  await input.sendKeys(`${month}/${day}/${year}`);
}

/** Types a time into WebKit's time field: hours and minutes, then Tab to AM/PM. */
async function typeTime(input: WebElement, hhmm: string) {
  const [hours, minutes] = hhmm.split(':').map(Number) as [number, number];
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  await reveal(input);
  await input.click();
  await input.sendKeys(
    `${String(twelve).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`,
    Key.TAB,
    hours < 12 ? 'A' : 'P',
  );
}
