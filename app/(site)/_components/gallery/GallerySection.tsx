'use client';

import dynamic from 'next/dynamic';
import { useRef, useSyncExternalStore } from 'react';
import type { Copy } from '@/lib/copy/catalogue';
import { NEAR_VIEWPORT_MARGIN, useInView } from '@/lib/site/use-in-view';
import {
  NARROW_SCREEN_QUERY,
  REDUCED_MOTION_QUERY,
  useMediaQuery,
} from '@/lib/site/use-media-query';
import type { CircularGalleryEngine } from './engine';
import { GALLERY_SETTINGS, type GalleryItem } from './items';
import styles from './CircularGallery.module.css';

const CircularGallery = dynamic(() => import('./CircularGallery'), {
  ssr: false,
  loading: () => <div className={styles.gallery} aria-hidden="true" />,
});

let webglSupport: boolean | undefined;
function hasWebgl(): boolean {
  if (webglSupport === undefined) {
    try {
      const canvas = document.createElement('canvas');
      webglSupport = Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
    } catch {
      webglSupport = false;
    }
  }
  return webglSupport;
}

const noSubscription = () => () => {};

function PlainRow({ items }: { items: readonly GalleryItem[] }) {
  return (
    <ul className={styles.row} data-testid="gallery-row">
      {items.map((item, index) => (
        <li key={`${item.image}-${index}`} className={styles.rowItem}>
          <figure style={{ margin: 0 }}>
            {/* Plain img: a small row of photos that the visitor scrolls; next/image adds nothing here. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={item.image} alt={item.text} loading="lazy" width={260} height={300} />
            <figcaption>{item.text}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/**
 * The gallery section's interactive part: the WebGL carousel near the viewport, or a plain
 * scrolling row of photos when WebGL is missing or the visitor prefers reduced motion.
 */
export type GalleryCopy = Pick<Copy<'home'>, 'galleryLabel' | 'galleryPrevious' | 'galleryNext'>;

export function GallerySection({
  items,
  copy,
}: {
  items: readonly GalleryItem[];
  copy: GalleryCopy;
}) {
  const [sectionRef, near] = useInView<HTMLDivElement>({ rootMargin: NEAR_VIEWPORT_MARGIN });
  const engine = useRef<CircularGalleryEngine | null>(null);
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  // Asking for a WebGL context starts the graphics stack, which costs a phone a noticeable
  // moment: it is asked only once the carousel is about to be needed.
  const webgl = useSyncExternalStore(
    noSubscription,
    () => !near || hasWebgl(),
    () => true,
  );

  if (!webgl || reducedMotion) return <PlainRow items={items} />;

  const move = (images: number) => engine.current?.moveBy(images);

  return (
    <div
      ref={sectionRef}
      role="region"
      aria-roledescription="carousel"
      aria-label={copy.galleryLabel}
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') {
          event.preventDefault();
          move(1);
        } else if (event.key === 'ArrowLeft') {
          event.preventDefault();
          move(-1);
        }
      }}
    >
      <ul className="visually-hidden">
        {items.map((item, index) => (
          <li key={`${item.image}-${index}`}>{item.text}</li>
        ))}
      </ul>
      {near ? (
        <CircularGallery
          items={items}
          bend={narrow ? GALLERY_SETTINGS.mobileBend : GALLERY_SETTINGS.bend}
          onReady={(ready) => {
            engine.current = ready;
          }}
        />
      ) : (
        <div className={styles.gallery} aria-hidden="true" />
      )}
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.arrow}
          onClick={() => move(-1)}
          aria-label={copy.galleryPrevious}
        >
          ‹
        </button>
        <button
          type="button"
          className={styles.arrow}
          onClick={() => move(1)}
          aria-label={copy.galleryNext}
        >
          ›
        </button>
      </div>
    </div>
  );
}
