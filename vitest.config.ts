import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@': root,
      // `server-only` throws outside a React Server Components bundle; tests import server modules directly.
      'server-only': fileURLToPath(new URL('./tests/unit/support/server-only.ts', import.meta.url)),
    },
  },
  oxc: {
    jsx: { runtime: 'automatic' },
  },
  test: {
    // The limits of a loaded two-core machine, in this one place: opening an embedded database
    // (PGlite's WebAssembly Postgres) takes seconds there, and the concurrency tests (hundreds of
    // registrations, lock contenders in other processes) take a minute; a slow machine is not a
    // failure.
    hookTimeout: 60_000,
    testTimeout: 120_000,
    // One test file per core, not vitest's default of one fewer: a file spends much of its time
    // waiting (on child processes, servers, PostgreSQL, timers), and on two cores the default is
    // a single worker, which left the second core mostly idle.
    maxWorkers: '100%',
    // Worker threads, not child processes: a file's worker starts and loads its modules faster
    // (139 s instead of 165 s for the whole run on two cores), and no test needs a process of its
    // own (those that do, the lock and script tests, spawn one).
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          // The databases the test files copy, made once per run (createTestDatabase).
          globalSetup: ['tests/unit/db/support/database-templates.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.tsx'],
          setupFiles: ['tests/unit/support/dom-setup.ts'],
        },
      },
    ],
  },
});
