import { unstable_rethrow } from 'next/navigation';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { Hero } from '@/app/_components/Hero';
import { EmptyText, ErrorText, LoadingText } from '@/app/_components/SectionStatus';
import { getPrivacyPolicy, getSiteSettings, type PrivacyPolicyContent } from '@/lib/content';
import type { Copy } from '@/lib/copy/catalogue';
import { getCopy } from '@/lib/copy/read';
import { PolicyContent } from './_components/PolicyContent';
import { pageMetadata } from '@/lib/site/seo';

const PRIVACY_POLICY_TITLE = 'Privacy Policy';

export const generateMetadata = pageMetadata({
  path: '/privacy-policy',
  title: 'titlePrivacy',
  description:
    'How the Telfer Chinese Student Association collects, uses and protects the personal information you share through this website.',
});

type PrivacyTexts = Copy<'privacy'>;

type SectionProps = { texts: PrivacyTexts; contactEmail: string | null; newTab: string };

async function PolicySection({ texts, contactEmail, newTab }: SectionProps) {
  // Rendered per request: a publish shows at once, and the tests' fault cookie is read.
  await connection();
  let policy: PrivacyPolicyContent | null;
  try {
    policy = await getPrivacyPolicy();
  } catch (error) {
    unstable_rethrow(error);
    console.error('Failed to load the privacy policy', error);
    return <ErrorText>{texts.error}</ErrorText>;
  }
  if (!policy) return <EmptyText>{texts.missing}</EmptyText>;
  return (
    <PolicyContent
      policy={policy}
      effectiveDateLabel={texts.effectiveDateLabel}
      contactEmail={contactEmail}
      newTab={newTab}
    />
  );
}

/** The policy's title from the Studio, else the spec's; a failed read is the section's to show. */
async function readTitle(): Promise<string> {
  try {
    return (await getPrivacyPolicy())?.title?.trim() || PRIVACY_POLICY_TITLE;
  } catch (error) {
    unstable_rethrow(error);
    return PRIVACY_POLICY_TITLE;
  }
}

/** The contact email of the site settings, which the policy's text refers to. */
async function readContactEmail(): Promise<string | null> {
  try {
    return (await getSiteSettings())?.contactEmail ?? null;
  } catch (error) {
    unstable_rethrow(error);
    console.error('Failed to load the site settings for the privacy policy', error);
    return null;
  }
}

export default async function PrivacyPolicyPage() {
  const [title, texts, siteCopy, contactEmail] = await Promise.all([
    readTitle(),
    getCopy('privacy'),
    getCopy('site'),
    readContactEmail(),
  ]);
  return (
    <>
      <Hero compact title={title} />
      <div className="section">
        <div className="container">
          <Suspense fallback={<LoadingText>{texts.loading}</LoadingText>}>
            <PolicySection
              texts={texts}
              contactEmail={contactEmail}
              newTab={siteCopy.opensInNewTab}
            />
          </Suspense>
        </div>
      </div>
    </>
  );
}
