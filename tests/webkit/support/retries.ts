import { afterEach } from 'vitest';

/**
 * Marks a test that runs again after a failure: the JSON report keeps the mark in the test's
 * meta, and scripts/summarize-tests.mjs counts such a test, when it passes, as flaky.
 */
declare module 'vitest' {
  interface TaskMeta {
    retried?: boolean;
  }
}

afterEach(({ task }) => {
  if ((task.result?.retryCount ?? 0) > 0) task.meta.retried = true;
});
