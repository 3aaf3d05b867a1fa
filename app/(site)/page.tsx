import { Hero } from '@/app/_components/Hero';
import { SITE_TITLE } from '@/lib/site';

export default function HomePage() {
  return (
    <Hero
      title={SITE_TITLE}
      message="Welcome to the Telfer Chinese Student Association!"
      cta={{ text: 'Join us', href: '/joinus' }}
    />
  );
}
