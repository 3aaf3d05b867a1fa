import type { Metadata } from 'next';
import { Hero } from '@/app/_components/Hero';

export const metadata: Metadata = { title: 'Join Us' };

export default function JoinUsPage() {
  return <Hero compact title="BECOME A MEMBER OF TCSA" />;
}
