import type { Metadata } from 'next';
import { Hero } from '@/app/_components/Hero';

export const metadata: Metadata = { title: 'Alumni' };

export default function AlumniPage() {
  return <Hero compact title="MEET THE ALUMNI" />;
}
