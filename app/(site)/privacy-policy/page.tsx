import type { Metadata } from 'next';
import { Hero } from '@/app/_components/Hero';

export const metadata: Metadata = { title: 'Privacy Policy' };

export default function PrivacyPolicyPage() {
  return <Hero compact title="Privacy Policy" />;
}
