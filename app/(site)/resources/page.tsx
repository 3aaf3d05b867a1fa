import type { Metadata } from 'next';
import { Hero } from '@/app/_components/Hero';

export const metadata: Metadata = { title: 'Resources' };

export default function ResourcesPage() {
  return <Hero compact title="USEFUL RESOURCES" />;
}
