import { Suspense } from 'react';
import { Hero } from '@/app/_components/Hero';
import { readPageHeroCopy } from '@/app/(site)/_components/page-hero-copy';
import { pageHeroMedia } from '@/app/(site)/_components/page-hero-media';
import { EmptyText, ErrorText, LoadingText } from '@/app/_components/SectionStatus';
import type { ImageRecordDto, ResourceDto } from '@/lib/api/contract';
import { getResourceCarouselImages, getResources } from '@/lib/api/reads';
import { sectionFailureText } from '@/lib/api/failure';
import { ResourceCard } from './_components/ResourceCard';
import { Slideshow } from './_components/Slideshow';
import styles from './_components/Resources.module.css';
import { pickCopy, type Copy } from '@/lib/copy/catalogue';
import { SLIDESHOW_COPY_KEYS } from '@/lib/copy/client-keys';
import { getCopy } from '@/lib/copy/read';
import { pageMetadata } from '@/lib/site/seo';

export const generateMetadata = pageMetadata({
  path: '/resources',
  title: 'titleResources',
  description:
    'Useful resources for Chinese business students at Telfer: academic guides, career help and student services.',
});

type ResourcesTexts = Copy<'resources'>;
type SectionProps = { texts: ResourcesTexts; invalid: string; newTab: string };

async function SlideshowSection({ texts, invalid }: SectionProps) {
  let images: ImageRecordDto[];
  try {
    images = await getResourceCarouselImages();
  } catch (error) {
    return (
      <ErrorText>
        {sectionFailureText(error, 'resourceCarouselImages', {
          failure: texts.slideshowError,
          invalid,
        })}
      </ErrorText>
    );
  }
  if (images.length === 0) {
    return <EmptyText>{texts.slideshowEmpty}</EmptyText>;
  }
  return (
    <Slideshow
      label={texts.slideshowLabel}
      copy={pickCopy(texts, ...SLIDESHOW_COPY_KEYS)}
      slides={images.map(({ id, image, link, title }) => ({ id, image, link, title }))}
    />
  );
}

async function ResourceList({ texts, invalid, newTab }: SectionProps) {
  let resources: ResourceDto[];
  try {
    resources = await getResources();
  } catch (error) {
    return (
      <ErrorText>
        {sectionFailureText(error, 'resources', { failure: texts.resourcesError, invalid })}
      </ErrorText>
    );
  }
  if (resources.length === 0) {
    return <EmptyText>{texts.resourcesEmpty}</EmptyText>;
  }
  return (
    <ul className="card-grid">
      {resources.map((resource) => (
        <li key={resource.id}>
          <ResourceCard resource={resource} copy={texts} newTab={newTab} />
        </li>
      ))}
    </ul>
  );
}

export default async function ResourcesPage() {
  const [hero, texts, siteCopy] = await Promise.all([
    readPageHeroCopy('resources', 'USEFUL RESOURCES'),
    getCopy('resources'),
    getCopy('site'),
  ]);
  const sectionProps = { texts, invalid: siteCopy.invalidData, newTab: siteCopy.opensInNewTab };
  return (
    <>
      <Hero
        compact
        title={hero.title}
        message={hero.message}
        media={pageHeroMedia('resources')}
        mediaErrorMessage="Failed to load the resources hero image"
      />
      <div className={`section ${styles.slideshowSection}`}>
        <div className="container">
          <Suspense
            fallback={
              <div className={styles.slideshowPlaceholder}>
                <LoadingText>{texts.slideshowLoading}</LoadingText>
              </div>
            }
          >
            <SlideshowSection {...sectionProps} />
          </Suspense>
        </div>
      </div>
      <section className="section" aria-labelledby="explore-more-title">
        <div className="container">
          <h2 id="explore-more-title" className="section-title">
            {texts.exploreTitle}
          </h2>
          <Suspense fallback={<LoadingText>{texts.resourcesLoading}</LoadingText>}>
            <ResourceList {...sectionProps} />
          </Suspense>
        </div>
      </section>
    </>
  );
}
