'use client';

import Image from 'next/image';
import { useState } from 'react';
import styles from './Hero.module.css';

export type HeroMediaSource = { video?: string | null; image?: string | null };

/**
 * The hero's photo or video. A media file that fails to load in the browser leaves the default
 * background showing, and the failure is only logged (spec section 8).
 */
export function HeroMedia({ media, alt = '' }: { media: HeroMediaSource; alt?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <div className={styles.media} data-hero-media="error" />;

  if (media.video) {
    return (
      <div className={styles.media} data-hero-media="video">
        <video
          className={styles.mediaVideo}
          autoPlay
          muted
          loop
          playsInline
          preload="metadata"
          poster={media.image ?? undefined}
          aria-hidden="true"
          onError={() => {
            console.error(`Failed to load hero video: ${media.video}`);
            setFailed(true);
          }}
        >
          <source src={media.video} />
        </video>
      </div>
    );
  }

  if (media.image) {
    return (
      <div className={styles.media} data-hero-media="image">
        <Image
          className={styles.mediaImage}
          src={media.image}
          alt={alt}
          fill
          // Most pages' largest paint: fetched first, ahead of the scripts.
          priority
          fetchPriority="high"
          sizes="100vw"
          onError={() => {
            console.error(`Failed to load hero image: ${media.image}`);
            setFailed(true);
          }}
        />
      </div>
    );
  }

  return <div className={styles.media} data-hero-media="none" />;
}
