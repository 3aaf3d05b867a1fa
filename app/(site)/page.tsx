import Link from 'next/link';
import { Hero } from '@/app/_components/Hero';
import { SITE_TITLE } from '@/lib/site';

export default function HomePage() {
  return (
    <Hero title={SITE_TITLE} message="Welcome to the Telfer Chinese Student Association!">
      <Link href="/joinus" className="button">
        Join us
      </Link>
    </Hero>
  );
}
