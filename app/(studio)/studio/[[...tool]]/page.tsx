import type { Metadata } from 'next';
import { NextStudio } from 'next-sanity/studio';
import { metadata as studioMetadata } from 'next-sanity/studio';
import { isSanityConfigured } from '@/lib/content/env';
import config from '@/sanity.config';
import { ConnectStudio } from './ConnectStudio';

export const dynamic = 'force-static';

export { viewport } from 'next-sanity/studio';

export const metadata: Metadata = {
  ...studioMetadata,
  title: isSanityConfigured ? 'TCSA content studio' : 'Connect the content studio | TCSA',
};

/**
 * The Sanity Studio, when a project is configured. Without one the Studio cannot start (it needs
 * Sanity's hosted API), so this page explains how to connect a project instead.
 */
export default function StudioPage() {
  return isSanityConfigured ? <NextStudio config={config} /> : <ConnectStudio />;
}
