import { Suspense } from 'react';
import { Hero } from '@/app/_components/Hero';
import { readPageHeroCopy } from '@/app/(site)/_components/page-hero-copy';
import { EmptyText, ErrorText, LoadingText } from '@/app/_components/SectionStatus';
import type { SponsorDto } from '@/lib/api/contract';
import { getSponsors } from '@/lib/api/reads';
import { sectionFailureText } from '@/lib/api/failure';
import { SponsorCard } from './_components/SponsorCard';
import styles from './_components/Partnerships.module.css';
import { pickCopy, type Copy } from '@/lib/copy/catalogue';
import { getCopy } from '@/lib/copy/read';
import { pageMetadata } from '@/lib/site/seo';

export const generateMetadata = pageMetadata({
  path: '/partnerships',
  title: 'titlePartnerships',
  description:
    'The sponsors and partner organizations that support the Telfer Chinese Student Association and its events.',
});

async function SponsorList({
  texts,
  invalid,
  newTab,
}: {
  texts: Copy<'partnerships'>;
  invalid: string;
  newTab: string;
}) {
  let sponsors: SponsorDto[];
  try {
    sponsors = await getSponsors();
  } catch (error) {
    return (
      <ErrorText>
        {sectionFailureText(error, 'sponsors', { failure: texts.error, invalid })}
      </ErrorText>
    );
  }
  if (sponsors.length === 0) {
    return <EmptyText>{texts.empty}</EmptyText>;
  }
  return (
    <ul className={`card-grid ${styles.grid}`}>
      {sponsors.map((sponsor, index) => (
        <li key={sponsor.id}>
          <SponsorCard
            sponsor={sponsor}
            eager={index < 3}
            first={index === 0}
            copy={pickCopy(
              texts,
              'learnMore',
              'learnMoreAbout',
              'logo',
              'instagram',
              'showMore',
              'showLess',
            )}
            newTab={newTab}
          />
        </li>
      ))}
    </ul>
  );
}

export default async function PartnershipsPage() {
  const [hero, texts, siteCopy] = await Promise.all([
    readPageHeroCopy('partnerships', 'OUR PARTNERS'),
    getCopy('partnerships'),
    getCopy('site'),
  ]);
  return (
    <>
      <Hero compact title={hero.title} message={hero.message} />
      <div className="section">
        <div className="container">
          <Suspense fallback={<LoadingText>{texts.loading}</LoadingText>}>
            <SponsorList
              texts={texts}
              invalid={siteCopy.invalidData}
              newTab={siteCopy.opensInNewTab}
            />
          </Suspense>
        </div>
      </div>
    </>
  );
}
