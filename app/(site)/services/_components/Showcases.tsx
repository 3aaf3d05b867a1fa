import Image from 'next/image';
import Link from 'next/link';
import { Suspense } from 'react';
import { settle } from '@/lib/api/failure';
import { getServicesBgImages } from '@/lib/api/reads';
import { SERVICE_DEFAULT_IMAGES, pickBackgrounds } from '@/lib/site/backgrounds';
import styles from './Showcases.module.css';

export type Showcase = {
  key: string;
  title: string;
  body: string | null;
  button: { text: string; link: string } | null;
};

async function ShowcaseBackground({
  backgrounds,
  index,
}: {
  backgrounds: Promise<string[]>;
  index: number;
}) {
  const src = (await backgrounds)[index] ?? SERVICE_DEFAULT_IMAGES[0];
  return (
    <Image
      className={styles.backgroundImage}
      src={src}
      alt=""
      fill
      sizes="100vw"
      unoptimized={src.endsWith('.svg')}
      // The first showcase fills a phone's first screen and is its largest paint: no lazy loading.
      priority={index === 0}
      fetchPriority={index === 0 ? 'high' : undefined}
      data-testid="showcase-background"
    />
  );
}

/** The server's background images for the showcases, else the local defaults. */
async function readBackgrounds(): Promise<string[]> {
  const result = await settle(getServicesBgImages());
  if (result.ok) return pickBackgrounds(result.value, SERVICE_DEFAULT_IMAGES);
  // The backgrounds are decoration: the page shows its own and only the log says why.
  console.error(
    'Failed to load background images; the services page shows its defaults',
    result.error,
  );
  return [...SERVICE_DEFAULT_IMAGES];
}

/** The four services, each over its background image; the copy shows before the images arrive. */
export function Showcases({
  showcases,
  label,
}: {
  showcases: readonly Showcase[];
  /** The section's name for screen readers (the services page's texts). */
  label: string;
}) {
  const backgrounds = readBackgrounds();
  return (
    <section aria-label={label} className={styles.section}>
      <ul className={styles.list}>
        {showcases.map((showcase, index) => (
          <li key={showcase.key} className={styles.showcase} data-testid="showcase">
            <div className={styles.background} aria-hidden="true">
              <Suspense fallback={<div className="shimmer" />}>
                <ShowcaseBackground backgrounds={backgrounds} index={index} />
              </Suspense>
            </div>
            <div className={`container ${styles.inner}`}>
              <div className={styles.panel}>
                <h2 className={styles.title}>{showcase.title}</h2>
                {showcase.body ? <p className={styles.body}>{showcase.body}</p> : null}
                {showcase.button ? (
                  <Link href={showcase.button.link} className={`button ${styles.action}`}>
                    {showcase.button.text}
                  </Link>
                ) : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
