import { Suspense } from 'react';
import { Hero } from '@/app/_components/Hero';
import { HydratesApart } from '@/app/_components/HydratesApart';
import { LoadingText } from '@/app/_components/SectionStatus';
import { getHomeHeroMedia } from '@/lib/api/reads';
import { getHomePage, getSiteSettings } from '@/lib/content';
import { getEmailConfig } from '@/lib/email-config';
import { pageMetadata } from '@/lib/seo';
import { SITE_DESCRIPTION, SITE_TITLE } from '@/lib/site';
import { ContactForm } from './_components/ContactForm';
import { Roadmap } from './_components/roadmap/Roadmap';
import { SPEC_ROADMAP } from './_components/roadmap/data';
import {
  GallerySectionLoader,
  HOME_TEXTS,
  MoreEventsLink,
  SponsorsSection,
  TeamSection,
  UpcomingEventsSection,
} from './_components/home/HomeSections';
import styles from './_components/home/Home.module.css';

// The layout's default title and description; this adds the canonical URL.
export const generateMetadata = pageMetadata({ path: '/', description: SITE_DESCRIPTION });

/** The first hero media item (spec: "the first item returned"), or none. */
async function firstHeroMedia() {
  const media = await getHomeHeroMedia();
  return media[0] ?? null;
}

export default async function HomePage() {
  // Drafts in preview mode, the published copy otherwise.
  const [content, settings] = await Promise.all([getHomePage(), getSiteSettings()]);
  const emailConfig = getEmailConfig();

  return (
    <>
      <Hero
        title={content?.heroTitle ?? SITE_TITLE}
        message={content?.heroMessage ?? settings?.welcomeMessage}
        cta={{ text: content?.ctaText ?? 'Join us', href: content?.ctaLink ?? '/joinus' }}
        media={firstHeroMedia()}
        mediaErrorMessage="Failed to load hero media"
      />

      <section className="section" aria-labelledby="roadmap-title">
        <div className="container">
          <h2 id="roadmap-title" className="section-title">
            {content?.roadmapTitle ?? 'CLUB ROADMAP'}
          </h2>
          <HydratesApart>
            <Roadmap points={content?.roadmap?.length ? content.roadmap : SPEC_ROADMAP} />
          </HydratesApart>
        </div>
      </section>

      <section className={`section ${styles.alt}`} aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title" className="section-title">
            {content?.teamTitle ?? 'OUR TEAM STRUCTURE'}
          </h2>
          <Suspense fallback={<LoadingText>{HOME_TEXTS.teamLoading}</LoadingText>}>
            <TeamSection />
          </Suspense>
        </div>
      </section>

      <section className="section" aria-labelledby="events-title">
        <div className="container">
          <div className={styles.titleRow}>
            <h2 id="events-title" className="section-title">
              {content?.eventsTitle ?? 'UPCOMING EVENTS'}
            </h2>
            <MoreEventsLink label={content?.eventsMoreLabel ?? 'M O R E'} />
          </div>
          <Suspense fallback={<LoadingText>{HOME_TEXTS.eventsLoading}</LoadingText>}>
            <UpcomingEventsSection />
          </Suspense>
        </div>
      </section>

      <section className={`section ${styles.alt}`} aria-labelledby="gallery-title">
        <h2 id="gallery-title" className="visually-hidden">
          Photo gallery
        </h2>
        <div className={styles.galleryRoom}>
          <Suspense fallback={<LoadingText>{HOME_TEXTS.galleryLoading}</LoadingText>}>
            <GallerySectionLoader />
          </Suspense>
        </div>
      </section>

      <section className="section" aria-labelledby="sponsors-title">
        <div className="container">
          <h2 id="sponsors-title" className="section-title">
            {content?.sponsorsTitle ?? 'Our Sponsors & Partners'}
          </h2>
          <Suspense fallback={<LoadingText>{HOME_TEXTS.sponsorsLoading}</LoadingText>}>
            <SponsorsSection />
          </Suspense>
        </div>
      </section>

      <section className={`section ${styles.alt}`} aria-labelledby="contact-title">
        <div className={`container ${styles.contact}`}>
          <div className={styles.contactIntro}>
            <h2 id="contact-title" className="section-title">
              Contact Us
            </h2>
            {settings?.contactEmail ? (
              <p>
                Email us at <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>{' '}
                or send a message with the form.
              </p>
            ) : (
              <p>Send us a message with the form.</p>
            )}
          </div>
          <HydratesApart>
            <ContactForm emailConfig={emailConfig} contactEmail={settings?.contactEmail ?? null} />
          </HydratesApart>
        </div>
      </section>
    </>
  );
}
