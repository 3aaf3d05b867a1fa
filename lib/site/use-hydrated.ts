'use client';

import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False in the server's HTML and until React has hydrated the page, true from then on. The
 * site's forms send with JavaScript: one submitted before hydration would be the browser's own
 * GET, which reloads the page, loses what was typed and puts the visitor's answers in the
 * address. Their submit buttons wait for this.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
