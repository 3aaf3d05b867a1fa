import { By } from 'selenium-webdriver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  byLabel,
  control,
  fill,
  openWebKit,
  textOf,
  visible,
  type WebKitPage,
} from './support/browser';
import { registerThroughApi, seededEvent } from './support/site';

/**
 * Registering for an event in WebKit at 390 px: a place on the seed's small event (twelve places
 * and a waitlist), then the waitlist once it is full, and the manage link the page gives.
 */
const SMALL_EVENT = 'Case Competition Bootcamp';
const CONFIRMED = 'Registration successful! You are now registered for this event.';
const WAITLISTED =
  'Registration successful! This event is full, so you are on the waitlist (position 1). We will email you if a place opens up.';

describe('registering for an event in WebKit at 390 px', () => {
  let page: WebKitPage;
  let eventId: number;
  beforeAll(async () => {
    page = await openWebKit('198.18.202.1');
    const event = await seededEvent(SMALL_EVENT);
    eventId = event.id;
    // Everyone else takes the places but one.
    for (let index = 1; index < (event.capacity ?? 0); index += 1) {
      const status = await registerThroughApi(
        event.id,
        { first_name: 'Guest', last_name: `Number ${index}`, email: `guest.${index}@example.org` },
        `198.18.203.${index}`,
      );
      expect(status).toBe(201);
    }
  });
  afterAll(async () => {
    await page?.close();
  });

  async function register(first: string, email: string): Promise<string> {
    const form = 'form[aria-labelledby]';
    await fill(await byLabel(page.driver, 'First Name', form), first);
    await fill(await byLabel(page.driver, 'Last Name', form), 'Wang');
    await fill(await byLabel(page.driver, 'Email', form), email);
    await (await control(page.driver, 'Register', '//form[@aria-labelledby]')).click();
    const status = await visible(page.driver, '[data-testid="registration-status"]');
    return textOf(status, /^Registration /, 30_000);
  }

  it('takes the last place, then puts the next person on the waitlist', async () => {
    await page.open(`/events/${eventId}`);
    const availability = await visible(page.driver, '[data-testid="registration-availability"]');
    await textOf(availability, /^1 place left$/);
    expect(await register('Lin', 'lin.webkit@example.org')).toBe(CONFIRMED);
    await textOf(availability, /^Waitlist only$/);

    await page.open(`/events/${eventId}`);
    expect(await register('Hao', 'hao.webkit@example.org')).toBe(WAITLISTED);
    expect((await page.probe()).errors).toEqual([]);
    expect(await page.overflowX()).toBe(0);
  });

  it('opens the manage link and shows the waitlist place', async () => {
    const link = await control(page.driver, 'See or cancel your registration');
    expect(await link.getAttribute('href')).toMatch(/\/registrations\/[A-Za-z0-9_-]{43}$/);
    await link.click();
    const status = await visible(page.driver, '[data-testid="manage-status"]');
    expect(await status.getAttribute('data-status')).toBe('waitlisted');
    expect(
      await page.driver.findElement(By.css('[data-testid="waitlist-position"]')).getText(),
    ).toBe('Your place on the waitlist: 1');
    expect((await page.probe()).errors).toEqual([]);
    expect(await page.overflowX()).toBe(0);
  });
});
