import { unstable_rethrow } from 'next/navigation';
import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import { getEmailConfig } from '@/lib/mail/emailjs-config';
import { getJoinUsPage, getSiteSettings } from '@/lib/content';
import { HERO_IMAGE_ERROR, pageHeroMedia } from '../_components/page-hero-media';
import { ApplicationForm, type ApplicationFormCopy } from './_components/ApplicationForm';
import { type Benefit, Benefits } from './_components/Benefits';
import { Positions } from './_components/Positions';
import { pickCopy } from '@/lib/copy/catalogue';
import { APPLICATION_FORM_TEXT_KEYS } from '@/lib/copy/client-keys';
import { getCopy } from '@/lib/copy/read';
import { pageMetadata } from '@/lib/site/seo';

export const generateMetadata = pageMetadata({
  path: '/joinus',
  title: 'titleJoinUs',
  description:
    'Join the TCSA team: see the open executive positions, the benefits of membership, and apply online.',
});

/** The spec's copy, used for anything the content source does not (yet) have. */
const DEFAULT_COPY = {
  heroTitle: 'BECOME A MEMBER OF TCSA',
  positionsTitle: 'Available Positions',
  formTitle: 'Tell us About Yourself !',
  form: {
    nameLabel: 'Name',
    emailLabel: 'Email',
    positionLabel: 'Position Applying For',
    resumeLabel: 'Upload Resume',
    submitLabel: 'Submit',
    confirmation: 'Are you sure you want to submit your application?',
  } satisfies ApplicationFormCopy,
  benefits: [
    { key: 'professional-growth', title: 'Professional Growth & Networking', body: null },
    { key: 'leadership', title: 'Leadership & Real-society Experience', body: null },
    { key: 'community', title: 'Community & Campus Engagement', body: null },
  ] satisfies Benefit[],
};

async function readCopy() {
  try {
    return await Promise.all([getJoinUsPage(), getSiteSettings()]);
  } catch (error) {
    unstable_rethrow(error);
    // The page still works with the spec's copy; the failure is for whoever runs the site.
    console.error('Failed to load the join-us copy from the content source', error);
    return [null, null] as const;
  }
}

export default async function JoinUsPage() {
  // Rendered per request: the sections read the database (and, in tests, the fault cookie).
  await connection();
  const [[content, settings], texts, siteCopy] = await Promise.all([
    readCopy(),
    getCopy('joinUs'),
    getCopy('site'),
  ]);
  const invalid = siteCopy.invalidData;
  const benefits: Benefit[] =
    content?.benefits && content.benefits.length > 0
      ? content.benefits.map((benefit, index) => ({
          key: benefit._key,
          title: benefit.title ?? DEFAULT_COPY.benefits[index]?.title ?? '',
          body: benefit.body ?? null,
        }))
      : DEFAULT_COPY.benefits;
  const form = DEFAULT_COPY.form;
  const copy: ApplicationFormCopy = {
    nameLabel: content?.nameLabel ?? form.nameLabel,
    emailLabel: content?.emailLabel ?? form.emailLabel,
    positionLabel: content?.positionLabel ?? form.positionLabel,
    resumeLabel: content?.resumeLabel ?? form.resumeLabel,
    submitLabel: content?.submitLabel ?? form.submitLabel,
    confirmation: content?.submitConfirmation ?? form.confirmation,
  };

  return (
    <>
      <Hero
        compact
        title={content?.heroTitle ?? DEFAULT_COPY.heroTitle}
        message={content?.heroMessage}
        media={pageHeroMedia('joinus')}
        mediaErrorMessage={HERO_IMAGE_ERROR}
      />
      <Benefits benefits={benefits} texts={texts} invalid={invalid} />
      <Positions
        title={content?.positionsTitle ?? DEFAULT_COPY.positionsTitle}
        texts={texts}
        invalid={invalid}
      />
      <section className="section" aria-labelledby="application-title">
        <div className="container">
          <h2 id="application-title" className="section-title">
            {content?.formTitle ?? DEFAULT_COPY.formTitle}
          </h2>
          <ApplicationForm
            emailConfig={getEmailConfig()}
            contactEmail={settings?.contactEmail ?? null}
            copy={copy}
            texts={pickCopy(texts, ...APPLICATION_FORM_TEXT_KEYS)}
            labelledBy="application-title"
          />
        </div>
      </section>
    </>
  );
}
