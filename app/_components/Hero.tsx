import { unstable_rethrow } from 'next/navigation';
import { Suspense } from 'react';
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
   * The media to show behind the text, still loading. Media that arrives within
   * HERO_MEDIA_WAIT_MS is part of the first HTML (the image is then preloaded from the head, as
   * the page's largest paint); later media streams in behind a loading placeholder. Null or a
   * failed load leaves the default background.
   */
  media?: Promise<HeroMediaSource | null>;
  /** What to log when the media cannot be loaded. */
  mediaErrorMessage?: string;
  /** The shorter banner of the inner pages. */
  compact?: boolean;
  /**
   * The home page's title: two lines, letter by letter (spec section 2), whatever words the
   * editors give it.
   */
  animatedTitle?: boolean;
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
    // Next.js's own signals (request-time rendering) must pass through, not become an error state.
    unstable_rethrow(error);
    console.error(errorMessage, error);
    return <div className={styles.media} data-hero-media="error" />;
  }
  if (!source || (!source.video && !source.image)) {
    return <div className={styles.media} data-hero-media="none" />;
  }
  return <HeroMedia media={source} />;
}

/**
 * How long the first HTML waits for the hero media. Its reads are cached, so this is normally a
 * matter of microseconds; a slow database costs the page no more than this before it shows.
 */
export const HERO_MEDIA_WAIT_MS = 200;

/** Whether `promise` settles (either way) within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(settled, settled), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const settled = () => true as const;

function HeroMediaPlaceholder() {
  return (
    <div className={styles.media} data-hero-media="loading" aria-hidden="true">
      <div className="shimmer" />
    </div>
  );
}

/** The page banner (spec section 2, "Hero section"): the page's one h1 over its media. */
export async function Hero({
  title,
  message,
  cta,
  media,
  mediaErrorMessage = 'Failed to load hero media',
  compact = false,
  animatedTitle = false,
}: HeroProps) {
  const mediaIsReady = media ? await settlesWithin(media, HERO_MEDIA_WAIT_MS) : false;
  const loadedMedia = media ? (
    <LoadedHeroMedia media={media} errorMessage={mediaErrorMessage} />
  ) : null;
  return (
    <section
      className={`${styles.hero} ${compact ? styles.compact : ''}`}
      aria-labelledby="page-title"
    >
      {mediaIsReady ? (
        loadedMedia
      ) : loadedMedia ? (
        <Suspense fallback={<HeroMediaPlaceholder />}>{loadedMedia}</Suspense>
      ) : null}
      <div className={`container ${styles.content}`}>
        {animatedTitle ? (
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
