import type { Metadata } from 'next';
import { Hero } from '@/app/_components/Hero';

export const metadata: Metadata = { title: { absolute: 'Events' } };

export default function EventsPage() {
  return (
    <Hero compact title="EVENTS" message="Stay Connected, Stay Inspired. Discover Our Events!" />
  );
}
