import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { act } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

/** Media queries a test wants to match, e.g. `(max-width: 600px)`; jsdom has no layout. */
export const matchingMediaQueries = new Set<string>();

type ObservedBy = { options: IntersectionObserverInit; elements: Set<Element> };

/** Every IntersectionObserver the code under test made; jsdom has none of its own. */
export const intersectionObservers: ObservedBy[] = [];

class FakeIntersectionObserver {
  private readonly record: ObservedBy;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit = {},
  ) {
    this.record = { options, elements: new Set() };
    intersectionObservers.push(this.record);
    observerCallbacks.set(this.record, (isIntersecting) =>
      this.callback(
        [...this.record.elements].map(
          (target) => ({ target, isIntersecting }) as IntersectionObserverEntry,
        ),
        this as unknown as IntersectionObserver,
      ),
    );
  }
  observe(element: Element) {
    this.record.elements.add(element);
  }
  unobserve(element: Element) {
    this.record.elements.delete(element);
  }
  disconnect() {
    this.record.elements.clear();
  }
  takeRecords() {
    return [];
  }
}

const observerCallbacks = new Map<ObservedBy, (isIntersecting: boolean) => void>();

/**
 * Tells every observer watching `element` that it has come into view (or, with false, that it is
 * still out of view), as scrolling would in a browser.
 */
export function scrollIntoView(element: Element, isIntersecting = true) {
  act(() => {
    for (const [record, notify] of observerCallbacks) {
      if (record.elements.has(element)) notify(isIntersecting);
    }
  });
}

/** jsdom has no PointerEvent: a mouse event that carries which kind of pointer made it. */
class FakePointerEvent extends MouseEvent {
  readonly pointerType: string;
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? '';
    this.pointerId = init.pointerId ?? 0;
  }
}
if (typeof window.PointerEvent === 'undefined') {
  window.PointerEvent = FakePointerEvent as unknown as typeof PointerEvent;
}

beforeEach(() => {
  intersectionObservers.length = 0;
  observerCallbacks.clear();
  globalThis.IntersectionObserver =
    FakeIntersectionObserver as unknown as typeof IntersectionObserver;
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
