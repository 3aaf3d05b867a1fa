import { Hero } from '@/app/_components/Hero';
import { pageMetadata } from '@/lib/seo';

export const generateMetadata = pageMetadata({
  path: '/designs',
  title: 'Designs',
  description:
    "Posters, logos and graphics made by the TCSA design team for the club's events and campaigns.",
});

export default function DesignsPage() {
  return <Hero compact title="Design Portfolio" />;
}
