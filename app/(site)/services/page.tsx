import type { Metadata } from 'next';
import { Hero } from '@/app/_components/Hero';
import { getServicesPage } from '@/lib/content';

export const metadata: Metadata = { title: 'Services' };

export default async function ServicesPage() {
  // Drafts in preview mode, the published copy otherwise.
  const content = await getServicesPage();
  return (
    <Hero
      compact
      title={content?.heroTitle ?? 'COLLABORATE WITH US'}
      message={content?.heroMessage}
    />
  );
}
