import Image from 'next/image';
import { Suspense } from 'react';
import { Hero } from '@/app/_components/Hero';
import { readPageHeroCopy } from '@/app/(site)/_components/page-hero-copy';
import { EmptyText, ErrorText, LoadingText } from '@/app/_components/SectionStatus';
import type { DesignDto } from '@/lib/api/contract';
import { getDesigns } from '@/lib/api/reads';
import { sectionFailureText } from '@/lib/api/failure';
import styles from './Designs.module.css';
import type { Copy } from '@/lib/copy/catalogue';
import { getCopy } from '@/lib/copy/read';
import { pageMetadata } from '@/lib/site/seo';

export const generateMetadata = pageMetadata({
  path: '/designs',
  title: 'titleDesigns',
  description:
    "Posters, logos and graphics made by the TCSA design team for the club's events and campaigns.",
});

async function DesignList({ texts, invalid }: { texts: Copy<'designs'>; invalid: string }) {
  let designs: DesignDto[];
  try {
    designs = await getDesigns();
  } catch (error) {
    // The spec shows this failure as 'Error: Failed to load designs'.
    return (
      <ErrorText>
        {texts.errorPrefix}
        {sectionFailureText(error, 'designs', { failure: texts.error, invalid })}
      </ErrorText>
    );
  }
  if (designs.length === 0) {
    return <EmptyText>{texts.empty}</EmptyText>;
  }
  return (
    <ul className={`card-grid ${styles.grid}`}>
      {designs.map((design, index) => {
        const description = design.description?.trim();
        return (
          <li key={design.id}>
            <article className="card-surface" data-testid="design-card">
              <div className={styles.image}>
                <Image
                  src={design.image}
                  // The card's heading names the design right below; repeating it as the image's
                  // text would make screen readers say it twice.
                  alt=""
                  fill
                  // The first row is on screen at once: load it eagerly.
                  priority={index < 3}
                  fetchPriority={index === 0 ? 'high' : undefined}
                  sizes="(max-width: 600px) 100vw, (max-width: 1000px) 50vw, 380px"
                />
              </div>
              <div className={styles.body}>
                <h2 className={styles.title}>{design.title}</h2>
                {description ? <p className={styles.description}>{description}</p> : null}
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

export default async function DesignsPage() {
  const [hero, texts, siteCopy] = await Promise.all([
    readPageHeroCopy('designs', 'Design Portfolio'),
    getCopy('designs'),
    getCopy('site'),
  ]);
  return (
    <>
      <Hero compact title={hero.title} message={hero.message} />
      <div className="section">
        <div className="container">
          <Suspense fallback={<LoadingText>{texts.loading}</LoadingText>}>
            <DesignList texts={texts} invalid={siteCopy.invalidData} />
          </Suspense>
        </div>
      </div>
    </>
  );
}
