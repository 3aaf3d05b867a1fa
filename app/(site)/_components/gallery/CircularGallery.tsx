'use client';

import '@fontsource/dm-sans/700.css';
import { useEffect, useRef } from 'react';
import { CircularGalleryEngine } from './engine';
import { GALLERY_SETTINGS, type GalleryItem } from './items';
import styles from './CircularGallery.module.css';

type Props = {
  items: readonly GalleryItem[];
  bend: number;
  /** Lets the surrounding section move the carousel from its buttons and the keyboard. */
  onReady: (engine: CircularGalleryEngine | null) => void;
};

/** The WebGL carousel; loaded only when its section nears the viewport. */
export default function CircularGallery({ items, bend, onReady }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<CircularGalleryEngine | null>(null);
  // The engine starts after the font loads; it then takes the bend of that moment.
  const bendRef = useRef(bend);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let engine: CircularGalleryEngine | null = null;
    let visibility: IntersectionObserver | null = null;
    // Captions are painted once into textures, so the web font must be ready first or they stay in
    // a fallback font. A font that fails to load still leaves the gallery working.
    const { captionFont, captionFontFamily } = GALLERY_SETTINGS;
    const captions = items.map((item) => item.text).join('');
    const fontReady = document.fonts
      ? document.fonts.load(`${captionFont} ${captionFontFamily}`, captions).catch(() => [])
      : Promise.resolve([]);
    void fontReady.then(() => {
      if (cancelled) return;
      const started = new CircularGalleryEngine(container, {
        items,
        bend: bendRef.current,
        captionFontFamily,
        captionColor: '#1c1b1f',
        onSettle: (steps) => {
          container.dataset.galleryPosition = String(Number(steps.toFixed(4)));
        },
      });
      engine = started;
      engineRef.current = started;
      container.dataset.galleryStep = String(started.stepSize);
      container.dataset.galleryPosition = '0';
      onReady(started);
      // Animate only while the carousel can be seen.
      visibility = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) started.start();
        else started.stop();
      });
      visibility.observe(container);
    });
    return () => {
      cancelled = true;
      visibility?.disconnect();
      if (engine) {
        onReady(null);
        engine.destroy();
      }
      engineRef.current = null;
    };
    // The engine is rebuilt only when the pictures change; bend changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);

  useEffect(() => {
    bendRef.current = bend;
    engineRef.current?.setBend(bend);
  }, [bend]);

  return <div ref={containerRef} className={styles.gallery} data-testid="gallery-canvas" />;
}
