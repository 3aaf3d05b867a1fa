import type { Metadata } from 'next';
import { Hero } from '@/app/_components/Hero';

export const metadata: Metadata = { title: { absolute: 'Event Details' } };

export default function EventDetailPage() {
  return <Hero title="Event Details" />;
}
