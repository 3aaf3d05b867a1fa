import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { poppins } from '@/app/_fonts/fonts';
import '../globals.css';

// The console's own root layout: none of the site's navigation, footer or copy around it.
export const metadata: Metadata = {
  title: { default: 'TCSA console', template: '%s | TCSA console' },
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { themeColor: '#8F001A', colorScheme: 'light' };

export default function ConsoleRootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={poppins.variable}>
      <body>{children}</body>
    </html>
  );
}
