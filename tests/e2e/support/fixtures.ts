import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

type Fixtures = {
  /** Console errors and uncaught page errors seen during the test; each test asserts it stays empty. */
  consoleErrors: string[];
  /** Runs axe-core on the current page and fails on serious or critical violations. */
  expectAccessible: (page?: Page) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      const results = await new AxeBuilder({ page: target }).analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(
        serious.map((violation) => ({
          id: violation.id,
          help: violation.help,
          nodes: violation.nodes.map((node) => node.target.join(' ')),
        })),
      ).toEqual([]);
    });
  },
});

export { expect };

/** Whether the test runs in the 390 px phone project. */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) <= 600;
}
