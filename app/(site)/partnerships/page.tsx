import type { Metadata } from 'next';
import { Hero } from '@/app/_components/Hero';

export const metadata: Metadata = { title: 'Partnerships' };

export default function PartnershipsPage() {
  return <Hero compact title="OUR PARTNERS" />;
}
