'use client';

import { useEffect, useRef } from 'react';
import { CircularGalleryEngine } from './engine';
import type { GalleryItem } from './items';
import styles from './CircularGallery.module.css';

type Props = {
  items: readonly GalleryItem[];
  bend: number;
  captionFontFamily: string;
  /** Lets the surrounding section move the carousel from its buttons and the keyboard. */
  onReady: (engine: CircularGalleryEngine | null) => void;
};

/** The WebGL carousel; loaded only when its section nears the viewport. */
export default function CircularGallery({ items, bend, captionFontFamily, onReady }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<CircularGalleryEngine | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const engine = new CircularGalleryEngine(container, {
      items,
      bend,
      captionFontFamily,
      captionColor: '#1c1b1f',
      onSettle: (steps) => {
        container.dataset.galleryPosition = String(steps);
      },
    });
    engineRef.current = engine;
    container.dataset.galleryStep = String(engine.stepSize);
    container.dataset.galleryPosition = '0';
    onReady(engine);
    // Animate only while the carousel can be seen.
    const visibility = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) engine.start();
      else engine.stop();
    });
    visibility.observe(container);
    return () => {
      visibility.disconnect();
      onReady(null);
      engine.destroy();
      engineRef.current = null;
    };
    // The engine is rebuilt only when the pictures change; bend changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, captionFontFamily]);

  useEffect(() => {
    engineRef.current?.setBend(bend);
  }, [bend]);

  return <div ref={containerRef} className={styles.gallery} data-testid="gallery-canvas" />;
}
