'use client';

import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * How far from the viewport the site starts loading what a section needs (a chunk, WebGL, images),
 * so it is ready by the time the section scrolls in.
 */
export const NEAR_VIEWPORT_MARGIN = '300px';

/**
 * Whether the referenced element has come into view (or within `rootMargin` of it) yet. It stays
 * true once it has: what it starts (a chunk load, an animation, image downloads) never undoes.
 */
export function useInView<T extends Element>(options: {
  rootMargin?: string;
  threshold?: number;
}): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(false);
  const { rootMargin, threshold } = options;

  useEffect(() => {
    const element = ref.current;
    if (!element || inView) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, rootMargin, threshold]);

  return [ref, inView];
}
