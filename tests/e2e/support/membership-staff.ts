import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { RunningSite } from './server';

/**
 * The console specs' staff on a server of their own: the super admin made from the setup link
 * (every console spec), who for the membership specs invites a coordinator and a finance
 * account, each signing in from an address of its own (the sign-in limits count per address).
 */

export const SETUP_LINK = /\/admin\/setup\?token=[\w-]+/;
export const ADMIN = {
  name: 'Mei Chen',
  email: 'mei.chen@example.org',
  password: 'lantern moon 2026!',
};
export const COORDINATOR = {
  name: 'Ana Li',
  email: 'ana.li@example.org',
  password: 'dumpling river 88',
};
export const FINANCE = {
  name: 'Lin Zhao',
  email: 'lin.zhao@example.org',
  password: 'abacus ledger 2026',
};

export type Person = { email: string; password: string };

/** Pages of one server, each in a context of its own with its client address; closed by `close`. */
export function pagesOf(site: () => RunningSite) {
  const contexts: BrowserContext[] = [];
  return {
    async newPage(browser: Browser, address: string, width: number): Promise<Page> {
      const context = await browser.newContext({
        baseURL: site().baseURL,
        viewport: { width, height: 844 },
        extraHTTPHeaders: { 'x-forwarded-for': address },
      });
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      for (const context of contexts) await context.close();
    },
  };
}

export const widthOf = (page: Page) => page.viewportSize()?.width ?? 1280;

export async function signIn(page: Page, person: Person) {
  await page.goto('/admin/sign-in');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
}

/**
 * Creates the super admin from the setup link the server printed, then invites the coordinator
 * and finance, who each set their password. Answers the super admin's page.
 */
export async function setUpStaff(
  site: RunningSite,
  newPage: (address: string) => Promise<Page>,
  addresses: { admin: string; coordinator: string; finance: string },
): Promise<Page> {
  const admin = await newPage(addresses.admin);
  await createSuperAdmin(site, admin);

  await admin.goto('/admin/accounts');
  for (const [person, role, address] of [
    [COORDINATOR, 'coordinator', addresses.coordinator],
    [FINANCE, 'finance', addresses.finance],
  ] as const) {
    await admin.getByLabel('Name').fill(person.name);
    await admin.getByLabel('Email').fill(person.email);
    await admin.getByLabel('Role').selectOption(role);
    await admin.getByRole('button', { name: 'Invite' }).click();
    await expect(admin.getByText(`${person.name} is invited.`)).toBeVisible();
    const link = new URL(await admin.getByLabel('Invitation link').inputValue());
    await expect(admin.getByRole('button', { name: 'Inviting…' })).toHaveCount(0);
    const invited = await newPage(address);
    await invited.goto(`${link.pathname}${link.search}`);
    await invited.getByLabel('Password', { exact: true }).fill(person.password);
    await invited.getByLabel('Password again').fill(person.password);
    await invited.getByRole('button', { name: 'Save the password' }).click();
    await expect(invited.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  }
  return admin;
}

/**
 * Creates the super admin from the setup link the server printed once it has printed it; `page`
 * ends on the console's welcome page, signed in.
 */
export async function createSuperAdmin(
  site: RunningSite,
  page: Page,
  admin: Person & { name: string } = ADMIN,
): Promise<void> {
  await expect.poll(() => SETUP_LINK.test(site.log()), { timeout: 60_000 }).toBe(true);
  await page.goto(SETUP_LINK.exec(site.log())![0]);
  await page.getByLabel('Name').fill(admin.name);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByLabel('Password again').fill(admin.password);
  await page.getByRole('button', { name: 'Create the super admin' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${admin.name}` })).toBeVisible();
}

/** Yesterday's date, `YYYY-MM-DD`: a day the money arrived on, whatever the time zones. */
export const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
