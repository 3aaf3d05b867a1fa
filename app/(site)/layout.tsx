import type { Metadata, Viewport } from 'next';
import { draftMode } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { VisualEditing } from 'next-sanity/visual-editing';
import type { ReactNode } from 'react';
import { Footer } from '@/app/_components/Footer';
import { HydratesApart } from '@/app/_components/HydratesApart';
import { Navbar } from '@/app/_components/Navbar';
import { PreviewBanner } from '@/app/_components/PreviewBanner';
import { SiteCopyProvider } from '@/app/_components/SiteCopy';
import { WeChatLinks } from '@/app/_components/wechat/WeChat';
import { poppins } from '@/app/_fonts/fonts';
import {
  getSiteSettings,
  imageUrl,
  isSanityConfigured,
  jsonForScript,
  organizationJsonLd,
  socialBadgesFrom,
  type ReadOptions,
  type SiteSettings,
} from '@/lib/content';
import { siteUrl } from '@/lib/env/public';
import { fillCopy } from '@/lib/copy/fill';
import { getCopy } from '@/lib/copy/read';
import { cspNonce } from '@/lib/http/nonce';
import { SITE_DESCRIPTION, SITE_NAME, SITE_TITLE } from '@/lib/site/constants';
import '../globals.css';

/** The site settings, or null when they cannot be read: the shell then uses its built-in copy. */
async function readSiteSettings(options?: ReadOptions): Promise<SiteSettings | null> {
  try {
    return await getSiteSettings(options);
  } catch (error) {
    // Draft mode reads request data; that signal must reach Next.js, not become a null.
    unstable_rethrow(error);
    console.error('Failed to load the site settings', error);
    return null;
  }
}

export async function generateMetadata(): Promise<Metadata> {
  // Metadata is cached and shared: it never reads drafts.
  const [settings, copy] = await Promise.all([
    readSiteSettings({ perspective: 'published' }),
    getCopy('site'),
  ]);
  const shareImage = settings?.shareImage;
  const shareImageUrl = imageUrl(shareImage, { width: 1200, height: 630 });
  // The welcome message is how the site introduces itself, to search engines and link previews.
  const description = settings?.welcomeMessage?.trim() || SITE_DESCRIPTION;
  return {
    metadataBase: new URL(siteUrl()),
    // Every page names its own tab from the Studio (lib/site/seo.ts); this is for any other.
    title: { default: copy.titleHome, template: fillCopy(copy.titleTemplate, { title: '%s' }) },
    description,
    applicationName: SITE_NAME,
    openGraph: {
      type: 'website',
      siteName: settings?.title ?? SITE_TITLE,
      locale: 'en_CA',
      title: copy.titleHome,
      description,
      ...(shareImage && shareImageUrl
        ? {
            images: [
              {
                url: shareImageUrl,
                alt: shareImage.alt ?? '',
                ...(shareImage.width && shareImage.height
                  ? { width: shareImage.width, height: shareImage.height }
                  : {}),
              },
            ],
          }
        : {}),
    },
    twitter: { card: 'summary_large_image' },
  };
}

export const viewport: Viewport = {
  themeColor: '#8F001A',
  colorScheme: 'light',
};

export default async function SiteLayout({ children }: { children: ReactNode }) {
  const [{ isEnabled: preview }, settings, nonce, copy] = await Promise.all([
    draftMode(),
    readSiteSettings(),
    cspNonce(),
    getCopy('site'),
  ]);
  return (
    <html lang="en" className={poppins.variable}>
      <body>
        <SiteCopyProvider copy={copy}>
          <Navbar />
          <main id="main-content" tabIndex={-1}>
            {children}
          </main>
          <HydratesApart>
            <Footer
              badges={socialBadgesFrom(settings)}
              copy={copy}
              copyright={settings?.footerText}
            />
          </HydratesApart>
          {preview ? <PreviewBanner /> : null}
          <WeChatLinks />
        </SiteCopyProvider>
        {preview && isSanityConfigured() ? <VisualEditing /> : null}
        {settings ? (
          <script
            type="application/ld+json"
            nonce={nonce}
            dangerouslySetInnerHTML={{
              __html: jsonForScript(organizationJsonLd(settings, siteUrl())),
            }}
          />
        ) : null}
      </body>
    </html>
  );
}
