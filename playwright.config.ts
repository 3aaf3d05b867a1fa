import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests run in Debian's Chromium (Playwright cannot download its own browser here),
 * its headless shell, the engine Playwright itself uses for headless runs, against the production
 * build, started on a free port by the global set-up.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const launchOptions = { executablePath: CHROMIUM_PATH, args: chromiumArgs };

/**
 * Specs whose answers do not depend on the window's width (the API, headers, persistence, the
 * server's behaviour, emails, the Studio): they run at 1280 px only, and so do the tests tagged
 * '@one-width' (a section's failure, empty or loading state). The console's flows are among them:
 * what they prove is the server's (who may do what, what is saved, audited and emailed), and every
 * console page is walked at 390 px by console-phone.spec.ts (its layout, its controls, axe).
 *
 * Every public page is loaded, swept and checked with axe at both widths (routes.spec.ts, and the
 * first test of each page's spec, which looks at the page as a whole), and so is each form's
 * main path; what a page or form does beyond that (its other answers, refusals, states and
 * links) is the same at any width and is tagged '@one-width'.
 */
const ONE_WIDTH_SPECS = [
  'api.spec.ts',
  'api-persistence.spec.ts',
  'api-submissions.spec.ts',
  'club-settings.spec.ts',
  'compile-hints.spec.ts',
  'console.spec.ts',
  'console-devices.spec.ts',
  'console-guards.spec.ts',
  'console-numbers.spec.ts',
  'console-operations.spec.ts',
  'content.spec.ts',
  'copy-coverage.spec.ts',
  'event-operations.spec.ts',
  'event-questions.spec.ts',
  'finance-facts.spec.ts',
  'front-door.spec.ts',
  'membership-console.spec.ts',
  'page-cache.spec.ts',
  'page-weight.spec.ts',
  'security.spec.ts',
  'seo.spec.ts',
  'studio.spec.ts',
  'test-hooks.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // One retry keeps a noisy machine from blocking a landing; a test that needs it is reported as
  // flaky by name (scripts/summarize-tests.mjs), and is a defect to fix.
  retries: process.env.CI ? 1 : 0,
  // Three workers on two cores: with two, a fifth of the machine sat idle while the browsers
  // waited on the server and the server on the database (72 % busy); with three it is 95 % busy
  // and the run is shorter. Each test's time limit below already allows for a loaded machine.
  workers: 3,
  // The limits of a loaded two-core machine, in this one place: a test that needs more is too long.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // Recording a trace slows every test down: only a retry records one, to show what failed.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      // WeChat's in-app browser runs on phones, a student applies for membership on one, a
      // member registers for an event on one, and finance and the coordinator settle money and
      // details on one: these specs run in the phone project only.
      testIgnore: [
        'wechat.spec.ts',
        'membership-journey.spec.ts',
        'membership-money.spec.ts',
        'member-waitlist.spec.ts',
        // The coordinator imports last year's members on a phone.
        'members-import.spec.ts',
        // The door staff scan registrants' QR codes with a phone's camera.
        'door-scan.spec.ts',
        // The audit log read on a phone: its words are the same at any width.
        'audit-words.spec.ts',
        // The coordinator announces to the members and a member unsubscribes, on a phone.
        'announcements.spec.ts',
      ],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'phone',
      testIgnore: ONE_WIDTH_SPECS,
      // A section's failure, empty and loading states say the same words at every width.
      grepInvert: /@one-width/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: false,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
});
