import type { Metadata } from 'next';
import { Hero } from '@/app/_components/Hero';

export const metadata: Metadata = { title: 'Designs' };

export default function DesignsPage() {
  return <Hero compact title="Design Portfolio" />;
}
