import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The public membership pages: each loads with its words and no axe violation, the FAQ carries
 * its FAQPage structured data, the policies their anchors; a student applies (one field wrong
 * first, fixed) and is told to open the link sent to the address; a second application with the
 * same email is answered the same (the address is emailed what to do); the forgotten-ID and
 * change-details forms answer.
 */

const PAGES = [
  {
    path: '/membership',
    texts: [
      'Member benefits',
      'Priority for office tours and selections',
      'Prices and validity',
      'does not guarantee a place at events with limited capacity or a selection',
      'CA$25.00',
    ],
    links: ['Become a Member', 'View Member Benefits', 'Member Events', 'Membership FAQ'],
  },
  {
    path: '/membership/join',
    texts: [
      'Membership type and price',
      'Refunds',
      'Your privacy',
      'How to pay',
      'CA$25.00',
      // The year's instructions, their places filled: the address, and words for the reference.
      'to tcsa.telfer@gmail.com. Put your payment reference in the message',
    ],
    links: [],
  },
  {
    path: '/membership/events',
    texts: ['does not guarantee a place at events with limited capacity or a selection'],
    links: [],
  },
  {
    path: '/membership/faq',
    texts: ['Does membership guarantee me a place on an office tour?', 'What is a no-show?'],
    links: [],
  },
  {
    path: '/membership/policies',
    texts: ['Membership terms', 'Consent to share data'],
    links: [],
  },
  {
    path: '/membership/member-id',
    texts: ['Enter the uOttawa email you applied with.'],
    links: [],
  },
  {
    path: '/membership/change-details',
    texts: ['Tell the membership coordinator what to change'],
    links: [],
  },
] as const;

for (const { path, texts, links } of PAGES) {
  test(`${path} shows its words, fits the screen and has no axe violations`, async ({
    page,
    consoleErrors,
    expectAccessible,
  }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const main = page.locator('main');
    for (const text of texts) await expect(main.getByText(text).first()).toBeVisible();
    for (const name of links) {
      await expect(main.locator('a.button', { hasText: name }).first()).toBeVisible();
    }
    // The navigation bar and the footer lead here.
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Membership' }),
    ).toHaveAttribute('href', '/membership');
    // Nothing wider than the screen (390 px on the phone project).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  });
}

test(
  'the FAQ has ten questions and their FAQPage structured data; each policy has its anchor',
  { tag: '@one-width' },
  async ({ page }) => {
    await page.goto('/membership/faq');
    await expect(page.locator('main h2')).toHaveCount(10);
    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = JSON.parse(scripts.find((text) => text.includes('"FAQPage"')) ?? '{}') as {
      '@type': string;
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(10);
    expect(data.mainEntity[0]!.name).toBe(
      'Does membership guarantee me a place on an office tour?',
    );
    expect(data.mainEntity[0]!.acceptedAnswer.text).toContain('does not guarantee a place');

    await page.goto('/membership/policies#refunds');
    for (const anchor of [
      'terms',
      'refunds',
      'no-shows',
      'privacy',
      'code-of-conduct',
      'data-sharing',
    ]) {
      await expect(page.locator(`section#${anchor} h2`)).toBeVisible();
    }
    await expect(page.locator('section#refunds h2')).toBeInViewport();
  },
);

async function fillApplication(page: Page, email: string) {
  await page.getByRole('textbox', { name: /^Legal name/ }).fill('Zhang Wei');
  await page.getByRole('textbox', { name: /^Preferred name/ }).fill('Wei');
  await page.getByRole('textbox', { name: /^uOttawa email/ }).fill(email);
  await page.getByRole('textbox', { name: /^Program/ }).fill('BCom, Accounting');
  await page
    .getByRole('combobox', { name: /^Year of study/ })
    .selectOption({ label: 'Second year' });
  await page
    .getByRole('combobox', { name: /^Expected graduation year/ })
    .selectOption({ index: 3 });
  const type = page.getByRole('combobox', { name: /^Membership type/ });
  const regular = (await type.locator('option').allTextContents()).find((label) =>
    label.startsWith('Regular'),
  );
  await type.selectOption({ label: regular! });
  await page.getByRole('checkbox', { name: 'Finance and banking' }).check();
  await page.getByRole('checkbox', { name: 'Consulting' }).check();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('textbox', { name: 'WeChat ID' }).fill('zhangwei_tcsa');
  await page.getByRole('checkbox', { name: /I accept the membership terms/ }).check();
}

test(
  'a student applies (one field wrong first), is told to open the link, and a second application is answered the same',
  { tag: '@one-width' },
  async ({ page, consoleErrors, expectAccessible }, testInfo) => {
    const email = `zhang.wei.${Date.now()}.${testInfo.project.name}@uottawa.ca`.toLowerCase();
    await page.goto('/membership/join');
    await fillApplication(page, email.replace('@uottawa.ca', '@gmail.com'));
    await page.getByRole('button', { name: 'Submit my application' }).click();
    const emailField = page.getByRole('textbox', { name: /^uOttawa email/ });
    await expect(page.locator('#uottawaEmail-error')).toHaveText(
      'Use your uOttawa email: it must end with @uottawa.ca.',
    );
    await expect(emailField).toBeFocused();
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();

    await emailField.fill(email);
    await expect(page.locator('#uottawaEmail-error')).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit my application' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused();
    const answer = page.getByTestId('check-inbox');
    await expect(answer).toContainText(`we have sent a link to ${email}`);
    await expect(answer).toContainText('within 48 hours');
    await expect(answer).toContainText('apply again with the same address to get a new link');
    // How to pay comes with the confirmation (membership-journey.spec.ts follows the link).
    await expect(page.getByTestId('payment-reference')).toHaveCount(0);
    const firstAnswer = await answer.innerText();
    // No personal data in the address.
    expect(page.url()).not.toContain('@');
    expect(page.url()).not.toContain('zhang');
    await expectAccessible();

    // Applying again with the same address (typed otherwise) is answered exactly the same.
    await page.goto('/membership/join');
    await fillApplication(page, email.toUpperCase());
    await page.getByRole('button', { name: 'Submit my application' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused();
    expect(await page.getByTestId('check-inbox').innerText()).toBe(firstAnswer);
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'a confirmation link that is not one says what to do, in the site’s layout, uncached',
  { tag: '@one-width' },
  async ({ page, expectAccessible }) => {
    const response = await page.goto(`/membership/confirm/${'A'.repeat(43)}`);
    expect(response?.headers()['cache-control']).toContain('no-store');
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await expect(page.getByTestId('confirm-invalid')).toContainText(
      'Apply again on the membership form with the same uOttawa email',
    );
    await expect(page.getByRole('link', { name: 'Go to the membership form' })).toHaveAttribute(
      'href',
      '/membership/join',
    );
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    await expectAccessible();
  },
);

test(
  'a change request’s confirmation link that is not one says what to do, uncached, changing nothing',
  { tag: '@one-width' },
  async ({ page, expectAccessible }) => {
    const response = await page.goto(`/membership/change-details/confirm/${'A'.repeat(43)}`);
    expect(response?.headers()['cache-control']).toContain('no-store');
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await expect(page.getByTestId('change-link-invalid')).toContainText(
      'send your request again on the Change my details page',
    );
    await expect(page.getByRole('link', { name: 'Go to Change my details' })).toHaveAttribute(
      'href',
      '/membership/change-details',
    );
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    await expectAccessible();
  },
);

test(
  'the forgotten-ID form answers the same for anyone; the change request is sent',
  { tag: '@one-width' },
  async ({ page, expectAccessible }) => {
    await page.goto('/membership/member-id');
    await page.getByRole('textbox', { name: /^uOttawa email/ }).fill('someone@gmail.com');
    await page.getByRole('button', { name: 'Email me my member ID' }).click();
    await expect(page.locator('#uottawaEmail-error')).toHaveText(
      'Use your uOttawa email: it must end with @uottawa.ca.',
    );
    await page.getByRole('textbox', { name: /^uOttawa email/ }).fill('nobody.at.all@uottawa.ca');
    await page.getByRole('button', { name: 'Email me my member ID' }).click();
    await expect(page.locator('main').getByRole('status')).toContainText(
      'If this address belongs to an active or expired membership',
    );
    await expectAccessible();

    await page.goto('/membership/change-details');
    await page.getByRole('textbox', { name: /^Your name/ }).fill('Liu Yang');
    await page.getByRole('textbox', { name: /^uOttawa email/ }).fill('liu.yang@uottawa.ca');
    await page.getByRole('textbox', { name: /^Member ID/ }).fill('TCSA-26-0003');
    await page
      .getByRole('textbox', { name: /^What should we change\?/ })
      .fill('My program is now BCom, Marketing.');
    await page.getByRole('button', { name: 'Send my request' }).click();
    // The same answer whether or not the ID and email match: the link goes to the address.
    await expect(page.locator('main').getByRole('status')).toContainText(
      'Check your uOttawa inbox: we have sent you a link to confirm your request.',
    );
    await expectAccessible();
  },
);
