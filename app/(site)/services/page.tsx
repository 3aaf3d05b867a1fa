import { unstable_rethrow } from 'next/navigation';
import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import { getServicesPage, getSiteSettings } from '@/lib/content';
import { getEmailConfig } from '@/lib/mail/emailjs-config';
import { HERO_IMAGE_ERROR, pageHeroMedia } from '../_components/page-hero-media';
import { ServicesForm, type ServicesFormCopy } from './_components/ServicesForm';
import { type Showcase, Showcases } from './_components/Showcases';
import { pickCopy } from '@/lib/copy/catalogue';
import { SERVICES_FORM_TEXT_KEYS } from '@/lib/copy/client-keys';
import { getCopy } from '@/lib/copy/read';
import { pageMetadata } from '@/lib/site/seo';

export const generateMetadata = pageMetadata({
  path: '/services',
  title: 'titleServices',
  description:
    'Work with the Telfer Chinese Student Association: event partnerships, sponsorships and promotion to Chinese business students at the University of Ottawa.',
});

/** The spec's copy, used for anything the content source does not (yet) have. */
const DEFAULT_COPY = {
  heroTitle: 'COLLABORATE WITH US',
  formTitle: 'Let us contact you',
  form: {
    nameLabel: 'Name / Organization Name',
    emailLabel: 'Email',
    needsLabel: 'Tell us about your needs!',
    submitLabel: 'Send',
  } satisfies ServicesFormCopy,
  showcases: [
    { key: 'video-production', title: 'Video Production', body: null, button: null },
    {
      key: 'marketing-design',
      title: 'Marketing Materials Design',
      body: null,
      button: { text: 'Explore Designs', link: '/designs' },
    },
    { key: 'web-development', title: 'Website Design & Development', body: null, button: null },
    { key: 'event-hosting', title: 'Event Hosting Service', body: null, button: null },
  ] satisfies Showcase[],
};

async function readCopy() {
  try {
    // Drafts in preview mode, the published copy otherwise.
    return await Promise.all([getServicesPage(), getSiteSettings()]);
  } catch (error) {
    unstable_rethrow(error);
    // The page still works with the spec's copy; the failure is for whoever runs the site.
    console.error('Failed to load the services copy from the content source', error);
    return [null, null] as const;
  }
}

export default async function ServicesPage() {
  // Rendered per request: the sections read the database (and, in tests, the fault cookie).
  await connection();
  const [[content, settings], texts] = await Promise.all([readCopy(), getCopy('services')]);
  const showcases: Showcase[] =
    content?.showcases && content.showcases.length > 0
      ? content.showcases.map((showcase) => ({
          key: showcase._key,
          title: showcase.title,
          body: showcase.body ?? null,
          button:
            showcase.button?.text && showcase.button.link
              ? { text: showcase.button.text, link: showcase.button.link }
              : null,
        }))
      : DEFAULT_COPY.showcases;
  const form = DEFAULT_COPY.form;
  const copy: ServicesFormCopy = {
    nameLabel: content?.nameLabel ?? form.nameLabel,
    emailLabel: content?.emailLabel ?? form.emailLabel,
    needsLabel: content?.needsLabel ?? form.needsLabel,
    submitLabel: content?.submitLabel ?? form.submitLabel,
  };

  return (
    <>
      <Hero
        compact
        title={content?.heroTitle ?? DEFAULT_COPY.heroTitle}
        message={content?.heroMessage}
        media={pageHeroMedia('services')}
        mediaErrorMessage={HERO_IMAGE_ERROR}
      />
      <Showcases showcases={showcases} label={texts.showcasesLabel} />
      <section className="section" aria-labelledby="services-form-title">
        <div className="container">
          <h2 id="services-form-title" className="section-title">
            {content?.formTitle ?? DEFAULT_COPY.formTitle}
          </h2>
          <ServicesForm
            emailConfig={getEmailConfig()}
            contactEmail={settings?.contactEmail ?? null}
            copy={copy}
            texts={pickCopy(texts, ...SERVICES_FORM_TEXT_KEYS)}
            labelledBy="services-form-title"
          />
        </div>
      </section>
    </>
  );
}
