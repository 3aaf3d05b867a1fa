import { Suspense, type ReactNode } from 'react';

/**
 * A part of the page that the browser's React hydrates in a task of its own. A Suspense
 * boundary is React's unit of hydration: without these, the whole page is hydrated in one go,
 * holding a phone's main thread long enough that a tap meanwhile waits. Nothing inside suspends,
 * so the server still sends it in the first HTML.
 */
export function HydratesApart({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
