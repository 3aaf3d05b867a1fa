import { Hero } from '@/app/_components/Hero';
import { pageMetadata } from '@/lib/seo';

export const generateMetadata = pageMetadata({
  path: '/resources',
  title: 'Resources',
  description:
    'Useful resources for Chinese business students at Telfer: academic guides, career help and student services.',
});

export default function ResourcesPage() {
  return <Hero compact title="USEFUL RESOURCES" />;
}
