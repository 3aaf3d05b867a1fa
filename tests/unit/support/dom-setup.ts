import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

/** Media queries a test wants to match, e.g. `(max-width: 600px)`; jsdom has no layout. */
export const matchingMediaQueries = new Set<string>();

beforeEach(() => {
  matchingMediaQueries.clear();
  window.matchMedia = (query: string) =>
    ({
      matches: matchingMediaQueries.has(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
});

afterEach(() => {
  cleanup();
});
