import { Hero } from '@/app/_components/Hero';
import { pageMetadata } from '@/lib/seo';

export const generateMetadata = pageMetadata({
  path: '/privacy-policy',
  title: 'Privacy Policy',
  description:
    'How the Telfer Chinese Student Association collects, uses and protects the personal information you share through this website.',
});

export default function PrivacyPolicyPage() {
  return <Hero compact title="Privacy Policy" />;
}
