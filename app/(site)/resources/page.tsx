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
import { pageMetadata } from '@/lib/seo';

export const generateMetadata = pageMetadata({
  path: '/resources',
  title: 'Resources',
  description:
    'Useful resources for Chinese business students at Telfer: academic guides, career help and student services.',
});

async function SlideshowSection() {
  let images: ImageRecordDto[];
  try {
    images = await getResourceCarouselImages();
  } catch (error) {
    return <ErrorText>{sectionFailureText(error, 'resourceCarouselImages')}</ErrorText>;
  }
  if (images.length === 0) {
    return <EmptyText>No slideshow images available at the moment.</EmptyText>;
  }
  return (
    <Slideshow
      label="Resource highlights"
      slides={images.map(({ id, image, link, title }) => ({ id, image, link, title }))}
    />
  );
}

async function ResourceList() {
  let resources: ResourceDto[];
  try {
    resources = await getResources();
  } catch (error) {
    return <ErrorText>{sectionFailureText(error, 'resources')}</ErrorText>;
  }
  if (resources.length === 0) {
    return <EmptyText>No resources available at the moment.</EmptyText>;
  }
  return (
    <ul className="card-grid">
      {resources.map((resource) => (
        <li key={resource.id}>
          <ResourceCard resource={resource} />
        </li>
      ))}
    </ul>
  );
}

export default async function ResourcesPage() {
  const hero = await readPageHeroCopy('resources', 'USEFUL RESOURCES');
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
                <LoadingText>Loading slideshow...</LoadingText>
              </div>
            }
          >
            <SlideshowSection />
          </Suspense>
        </div>
      </div>
      <section className="section" aria-labelledby="explore-more-title">
        <div className="container">
          <h2 id="explore-more-title" className="section-title">
            Explore More
          </h2>
          <Suspense fallback={<LoadingText>Loading resources...</LoadingText>}>
            <ResourceList />
          </Suspense>
        </div>
      </section>
    </>
  );
}
