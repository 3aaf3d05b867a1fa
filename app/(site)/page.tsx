import { Suspense } from 'react';
import { Hero } from '@/app/_components/Hero';
import { TextWithEmail } from '@/app/_components/TextWithEmail';
import { HydratesApart } from '@/app/_components/HydratesApart';
import { LoadingText } from '@/app/_components/SectionStatus';
import { getHomeHeroMedia } from '@/lib/api/reads';
import { getHomePage, getSiteSettings } from '@/lib/content';
import { pickCopy } from '@/lib/copy/catalogue';
import { CONTACT_FORM_COPY_KEYS } from '@/lib/copy/client-keys';
import { getCopy } from '@/lib/copy/read';
import { getEmailConfig } from '@/lib/mail/emailjs-config';
import { pageMetadata } from '@/lib/site/seo';
import { SITE_TITLE } from '@/lib/site/constants';
import { ContactForm } from './_components/ContactForm';
import { Roadmap } from './_components/roadmap/Roadmap';
import { SPEC_ROADMAP } from './_components/roadmap/data';
import {
  GallerySectionLoader,
  MoreEventsLink,
  SponsorsSection,
  TeamSection,
  UpcomingEventsSection,
} from './_components/home/HomeSections';
import styles from './_components/home/Home.module.css';

// The tab title from the Studio, the layout's description (the welcome message), the canonical URL.
export const generateMetadata = pageMetadata({ path: '/', title: 'titleHome' });

/** The first hero media item (spec: "the first item returned"), or none. */
async function firstHeroMedia() {
  const media = await getHomeHeroMedia();
  return media[0] ?? null;
}

export default async function HomePage() {
  // Drafts in preview mode, the published copy otherwise.
  const [content, settings, copy, cardCopy, siteCopy] = await Promise.all([
    getHomePage(),
    getSiteSettings(),
    getCopy('home'),
    getCopy('events'),
    getCopy('site'),
  ]);
  const emailConfig = getEmailConfig();

  return (
    <>
      <Hero
        animatedTitle
        title={content?.heroTitle?.trim() || SITE_TITLE}
        message={content?.heroMessage}
        cta={{ text: content?.ctaText ?? 'Join us', href: content?.ctaLink ?? '/joinus' }}
        media={firstHeroMedia()}
        mediaErrorMessage="Failed to load hero media"
      />

      {/* The sections after the roadmap are below the first screen at every width: styles.later
          leaves their layout and paint until they near the viewport (see Home.module.css). */}
      <section className="section" aria-labelledby="roadmap-title">
        <div className="container">
          <h2 id="roadmap-title" className="section-title">
            {content?.roadmapTitle ?? 'CLUB ROADMAP'}
          </h2>
          <HydratesApart>
            <Roadmap
              points={content?.roadmap?.length ? content.roadmap : SPEC_ROADMAP}
              copy={pickCopy(
                copy,
                'roadmapCaption',
                'roadmapYear',
                'roadmapEvents',
                'roadmapPeople',
              )}
            />
          </HydratesApart>
        </div>
      </section>

      <section className={`section ${styles.alt} ${styles.later}`} aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title" className="section-title">
            {content?.teamTitle ?? 'OUR TEAM STRUCTURE'}
          </h2>
          <Suspense fallback={<LoadingText>{copy.teamLoading}</LoadingText>}>
            <TeamSection copy={copy} invalid={siteCopy.invalidData} />
          </Suspense>
        </div>
      </section>

      <section className={`section ${styles.later}`} aria-labelledby="events-title">
        <div className="container">
          <div className={styles.titleRow}>
            <h2 id="events-title" className="section-title">
              {content?.eventsTitle ?? 'UPCOMING EVENTS'}
            </h2>
            <MoreEventsLink
              label={content?.eventsMoreLabel ?? 'M O R E'}
              spoken={copy.eventsMoreSpoken}
            />
          </div>
          <Suspense fallback={<LoadingText>{copy.eventsLoading}</LoadingText>}>
            <UpcomingEventsSection copy={copy} invalid={siteCopy.invalidData} cardCopy={cardCopy} />
          </Suspense>
        </div>
      </section>

      <section className={`section ${styles.alt} ${styles.later}`} aria-labelledby="gallery-title">
        <h2 id="gallery-title" className="visually-hidden">
          {copy.galleryTitle}
        </h2>
        <div className={styles.galleryRoom}>
          <Suspense fallback={<LoadingText>{copy.galleryLoading}</LoadingText>}>
            <GallerySectionLoader copy={copy} invalid={siteCopy.invalidData} />
          </Suspense>
        </div>
      </section>

      <section className={`section ${styles.later}`} aria-labelledby="sponsors-title">
        <div className="container">
          <h2 id="sponsors-title" className="section-title">
            {content?.sponsorsTitle ?? 'Our Sponsors & Partners'}
          </h2>
          <Suspense fallback={<LoadingText>{copy.sponsorsLoading}</LoadingText>}>
            <SponsorsSection
              copy={copy}
              invalid={siteCopy.invalidData}
              newTab={siteCopy.opensInNewTab}
            />
          </Suspense>
        </div>
      </section>

      <section className={`section ${styles.alt} ${styles.later}`} aria-labelledby="contact-title">
        <div className={`container ${styles.contact}`}>
          <div className={styles.contactIntro}>
            <h2 id="contact-title" className="section-title">
              {copy.contactTitle}
            </h2>
            {settings?.contactEmail ? (
              <p>
                <TextWithEmail text={copy.contactWithEmail} email={settings.contactEmail} />
              </p>
            ) : (
              <p>{copy.contactWithoutEmail}</p>
            )}
          </div>
          <HydratesApart>
            <ContactForm
              emailConfig={emailConfig}
              contactEmail={settings?.contactEmail ?? null}
              copy={pickCopy(copy, ...CONTACT_FORM_COPY_KEYS)}
            />
          </HydratesApart>
        </div>
      </section>
    </>
  );
}
