import { unstable_rethrow } from 'next/navigation';
import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import { getPageHero, type PageHeroContent } from '@/lib/content';
import { HERO_IMAGE_ERROR, pageHeroMedia } from '../_components/page-hero-media';
import { AlumniSection } from './_components/AlumniSection';
import { getCopy } from '@/lib/copy/read';
import { pageMetadata } from '@/lib/site/seo';

export const generateMetadata = pageMetadata({
  path: '/alumni',
  title: 'titleAlumni',
  description:
    "Meet TCSA's alumni and the Telfer graduates who shaped the club, and where their careers have taken them.",
});

async function readHeroCopy(): Promise<PageHeroContent | null> {
  try {
    return await getPageHero('alumni');
  } catch (error) {
    unstable_rethrow(error);
    console.error('Failed to load the alumni hero copy from the content source', error);
    return null;
  }
}

export default async function AlumniPage() {
  // Rendered per request: the sections read the database (and, in tests, the fault cookie).
  await connection();
  const [hero, texts, siteCopy] = await Promise.all([
    readHeroCopy(),
    getCopy('alumni'),
    getCopy('site'),
  ]);
  return (
    <>
      <Hero
        compact
        title={hero?.title ?? 'MEET THE ALUMNI'}
        message={hero?.subtitle}
        media={pageHeroMedia('alumni')}
        mediaErrorMessage={HERO_IMAGE_ERROR}
      />
      <AlumniSection kind="former" texts={texts} invalid={siteCopy.invalidData} />
      <AlumniSection kind="telfer" texts={texts} invalid={siteCopy.invalidData} />
    </>
  );
}
