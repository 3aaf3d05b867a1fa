import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The WebKit lane (npm run test:webkit): the flows a member does, at a phone's width, in
 * WebKitGTK (Debian's webkit2gtk-driver, the engine family of Safari and of WeChat on iPhones),
 * driven through WebDriver by selenium-webdriver. One browser at a time: the files run one after
 * the other against one test server started by the global set-up.
 */
export default defineConfig({
  root,
  resolve: { alias: { '@': root } },
  test: {
    name: 'webkit',
    include: ['tests/webkit/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/webkit/support/global-setup.ts'],
    setupFiles: ['tests/webkit/support/retries.ts'],
    fileParallelism: false,
    // The limits of a loaded two-core machine, as the other lanes'.
    hookTimeout: 120_000,
    testTimeout: 120_000,
    // As the Chromium lane: in CI a failed test is tried once more, and one that passes only then
    // is counted as flaky (scripts/summarize-tests.mjs), a defect to fix.
    retry: process.env.CI ? 1 : 0,
  },
});
