'use client';

import type { Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { SLIDESHOW_COPY_KEYS } from '@/lib/copy/client-keys';
import Image from 'next/image';
import Link from 'next/link';
import { type FocusEvent, type ReactNode, useEffect, useId, useReducer } from 'react';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '@/lib/site/use-media-query';
import {
  initialSlideshowState,
  isRotating,
  SLIDESHOW_DELAY_MS,
  slideshowReducer,
  wantsToPlay,
} from './slideshow-state';
import styles from './Slideshow.module.css';

export type Slide = { id: number; image: string; link: string | null; title: string | null };

export type SlideshowCopy = Pick<Copy<'resources'>, (typeof SLIDESHOW_COPY_KEYS)[number]>;

function slideName(slide: Slide, index: number, copy: SlideshowCopy): string {
  return slide.title?.trim() || fillCopy(copy.slideUntitled, { number: index + 1 });
}

function SlideLink({ href, children }: { href: string | null; children: ReactNode }) {
  if (!href) return <div className={styles.slideLink}>{children}</div>;
  if (href.startsWith('/')) {
    return (
      <Link href={href} className={styles.slideLink}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={styles.slideLink}>
      {children}
    </a>
  );
}

/** Whether the element was focused from the keyboard (a mouse click on a dot does not count). */
function focusedByKeyboard(element: EventTarget): boolean {
  try {
    return element instanceof Element && element.matches(':focus-visible');
  } catch {
    return false;
  }
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M6 4h4v16H6zM14 4h4v16h-4z" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M7 4v16l13-8z" />
    </svg>
  );
}

/**
 * The resources page's slideshow of linked images (spec section 2): it moves on every 3 seconds
 * and loops, keeps playing after a dot is used, and can be paused. It does not start by itself
 * for visitors who prefer reduced motion, and it waits while keyboard focus is inside it.
 */
export function Slideshow({
  slides,
  label,
  copy,
}: {
  slides: readonly Slide[];
  label: string;
  copy: SlideshowCopy;
}) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [state, dispatch] = useReducer(slideshowReducer, slides.length, initialSlideshowState);
  const rotating = isRotating(state, reducedMotion);
  const playing = wantsToPlay(state, reducedMotion);
  const slidesId = useId();

  // One interval per run: advancing does not restart it, so slides change every 3 s exactly;
  // a dot or the play button starts a new run, giving the shown slide its full 3 s.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => dispatch({ type: 'advance' }), SLIDESHOW_DELAY_MS);
    return () => window.clearInterval(timer);
  }, [rotating, state.restarts]);

  const onFocus = (event: FocusEvent<HTMLElement>) =>
    dispatch({ type: 'focus', keyboard: focusedByKeyboard(event.target) });
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node && event.currentTarget.contains(next))) {
      dispatch({ type: 'focus', keyboard: false });
    }
  };

  const count = slides.length;
  return (
    <section
      className={styles.slideshow}
      aria-roledescription="carousel"
      aria-label={label}
      onFocus={onFocus}
      onBlur={onBlur}
      data-rotating={rotating}
    >
      <div
        id={slidesId}
        className={styles.viewport}
        // Announcing every automatic change would talk over the visitor; manual changes are read.
        aria-live={rotating ? 'off' : 'polite'}
      >
        {slides.map((slide, index) => {
          const active = index === state.index;
          return (
            <div
              key={slide.id}
              className={`${styles.slide} ${active ? styles.active : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={fillCopy(copy.slidePosition, { number: index + 1, count })}
              inert={!active}
              data-testid="slide"
              data-active={active}
            >
              <SlideLink href={slide.link}>
                <Image
                  src={slide.image}
                  alt={slideName(slide, index, copy)}
                  fill
                  priority={index === 0}
                  sizes="(max-width: 1200px) 100vw, 1152px"
                  className={styles.image}
                />
                {slide.title?.trim() ? (
                  <span className={styles.caption} aria-hidden="true">
                    {slide.title.trim()}
                  </span>
                ) : null}
              </SlideLink>
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.toggle}
            aria-controls={slidesId}
            onClick={() => dispatch({ type: 'toggle', reducedMotion })}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
            <span>{playing ? copy.slideshowPause : copy.slideshowPlay}</span>
            <span className="visually-hidden"> {copy.slideshowSpoken}</span>
          </button>
          <div className={styles.dots} role="group" aria-label={copy.slideChooser}>
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                className={styles.dot}
                aria-label={`${fillCopy(copy.slideLabel, { number: index + 1, count })}${slide.title?.trim() ? `: ${slide.title.trim()}` : ''}`}
                aria-current={index === state.index ? 'true' : undefined}
                aria-controls={slidesId}
                onClick={() => dispatch({ type: 'show', index })}
              />
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
