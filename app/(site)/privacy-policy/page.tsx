import { unstable_rethrow } from 'next/navigation';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { Hero } from '@/app/_components/Hero';
import { EmptyText, ErrorText, LoadingText } from '@/app/_components/SectionStatus';
import { getPrivacyPolicy, type PrivacyPolicyContent } from '@/lib/content';
import { PolicyContent } from './_components/PolicyContent';
import { pageMetadata } from '@/lib/seo';

export const generateMetadata = pageMetadata({
  path: '/privacy-policy',
  title: 'Privacy Policy',
  description:
    'How the Telfer Chinese Student Association collects, uses and protects the personal information you share through this website.',
});

const PRIVACY_POLICY_FAILURE = 'Failed to load the privacy policy. Please try again later.';
const PRIVACY_POLICY_MISSING = 'The privacy policy has not been published yet.';

async function PolicySection() {
  // Rendered per request: a publish shows at once, and the tests' fault cookie is read.
  await connection();
  let policy: PrivacyPolicyContent | null;
  try {
    policy = await getPrivacyPolicy();
  } catch (error) {
    unstable_rethrow(error);
    console.error('Failed to load the privacy policy', error);
    return <ErrorText>{PRIVACY_POLICY_FAILURE}</ErrorText>;
  }
  if (!policy) return <EmptyText>{PRIVACY_POLICY_MISSING}</EmptyText>;
  return <PolicyContent policy={policy} />;
}

export default function PrivacyPolicyPage() {
  return (
    <>
      <Hero compact title="Privacy Policy" />
      <div className="section">
        <div className="container">
          <Suspense fallback={<LoadingText>Loading privacy policy...</LoadingText>}>
            <PolicySection />
          </Suspense>
        </div>
      </div>
    </>
  );
}
