import { unstable_rethrow } from 'next/navigation';
import { Suspense } from 'react';
import { SITE_TITLE } from '@/lib/site';
import { AnimatedTitle } from './AnimatedTitle';
import { HeroMedia, type HeroMediaSource } from './HeroMedia';
import { StarButton } from './StarButton';
import styles from './Hero.module.css';

export type { HeroMediaSource };

type HeroProps = {
  title: string;
  message?: string | null;
  /** The call to action, e.g. 'Join us' to /joinus. */
  cta?: { text: string; href: string } | null;
  /**
   * The media to show behind the text, still loading. The text renders at once; the media streams
   * in behind a loading placeholder. Null or a failed load leaves the default background.
   */
  media?: Promise<HeroMediaSource | null>;
  /** What to log when the media cannot be loaded. */
  mediaErrorMessage?: string;
  /** The shorter banner of the inner pages. */
  compact?: boolean;
};

async function LoadedHeroMedia({
  media,
  errorMessage,
}: {
  media: Promise<HeroMediaSource | null>;
  errorMessage: string;
}) {
  let source: HeroMediaSource | null;
  try {
    source = await media;
  } catch (error) {
    // Next.js's own signals (request-time APIs while prerendering) are not media failures.
    unstable_rethrow(error);
    console.error(errorMessage, error);
    return <div className={styles.media} data-hero-media="error" />;
  }
  if (!source || (!source.video && !source.image)) {
    return <div className={styles.media} data-hero-media="none" />;
  }
  return <HeroMedia media={source} />;
}

function HeroMediaPlaceholder() {
  return (
    <div className={styles.media} data-hero-media="loading" aria-hidden="true">
      <div className={styles.placeholder} />
    </div>
  );
}

/** The page banner (spec section 2, "Hero section"): the page's one h1 over its media. */
export function Hero({
  title,
  message,
  cta,
  media,
  mediaErrorMessage = 'Failed to load hero media',
  compact = false,
}: HeroProps) {
  return (
    <section
      className={`${styles.hero} ${compact ? styles.compact : ''}`}
      aria-labelledby="page-title"
    >
      {media ? (
        <Suspense fallback={<HeroMediaPlaceholder />}>
          <LoadedHeroMedia media={media} errorMessage={mediaErrorMessage} />
        </Suspense>
      ) : null}
      <div className={`container ${styles.content}`}>
        {title === SITE_TITLE ? (
          <AnimatedTitle title={title} id="page-title" />
        ) : (
          <h1 id="page-title" className={styles.title}>
            {title}
          </h1>
        )}
        {message ? <p className={styles.message}>{message}</p> : null}
        {cta ? <StarButton href={cta.href}>{cta.text}</StarButton> : null}
      </div>
    </section>
  );
}
