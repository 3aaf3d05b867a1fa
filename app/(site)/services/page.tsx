import type { Metadata } from 'next';
import { Hero } from '@/app/_components/Hero';

export const metadata: Metadata = { title: 'Services' };

export default function ServicesPage() {
  return <Hero compact title="COLLABORATE WITH US" />;
}
