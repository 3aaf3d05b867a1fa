import { Hero } from '@/app/_components/Hero';
import { pageMetadata } from '@/lib/seo';

export const generateMetadata = pageMetadata({
  path: '/partnerships',
  title: 'Partnerships',
  description:
    'The sponsors and partner organizations that support the Telfer Chinese Student Association and its events.',
});

export default function PartnershipsPage() {
  return <Hero compact title="OUR PARTNERS" />;
}
