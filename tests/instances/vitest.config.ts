import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The two-instance lane (scripts/test-two-instances.sh): one file, its tests in order against one
 * deployment its set-up starts (two production servers, PostgreSQL, a bucket, Caddy). A test
 * leaves the deployment in the state the next one starts from, so none is tried again.
 */
export default defineConfig({
  root,
  resolve: { alias: { '@': root } },
  test: {
    name: 'instances',
    include: ['tests/instances/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    hookTimeout: 120_000,
    testTimeout: 120_000,
    retry: 0,
  },
});
