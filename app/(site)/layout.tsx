import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Footer } from '@/app/_components/Footer';
import { Navbar } from '@/app/_components/Navbar';
import { poppins } from '@/app/_fonts/fonts';
import { siteUrl } from '@/lib/env';
import { DEFAULT_SOCIAL_BADGES, SITE_DESCRIPTION, SITE_NAME, SITE_TITLE } from '@/lib/site';
import '../globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: {
    default: `${SITE_NAME} | Telfer Chinese Student Association`,
    template: `%s | ${SITE_NAME}`,
  },
  description: SITE_DESCRIPTION,
  applicationName: SITE_NAME,
  openGraph: {
    type: 'website',
    siteName: SITE_TITLE,
    locale: 'en_CA',
    title: `${SITE_NAME} | Telfer Chinese Student Association`,
    description: SITE_DESCRIPTION,
  },
  twitter: { card: 'summary_large_image' },
};

export const viewport: Viewport = {
  themeColor: '#8F001A',
  colorScheme: 'light',
};

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={poppins.variable}>
      <body>
        <Navbar />
        <main id="main-content" tabIndex={-1}>
          {children}
        </main>
        <Footer badges={DEFAULT_SOCIAL_BADGES} />
      </body>
    </html>
  );
}
