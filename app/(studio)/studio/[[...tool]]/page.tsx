import type { Metadata } from 'next';
import { NextStudio } from 'next-sanity/studio';
import { metadata as studioMetadata } from 'next-sanity/studio';
import { apiVersion, isSanityConfigured, projectId } from '@/lib/content/env';
import config from '@/sanity.config';
import { ConnectStudio } from './ConnectStudio';
import { StudioGate } from './StudioGate';

export const dynamic = 'force-static';

export { viewport } from 'next-sanity/studio';

export const metadata: Metadata = {
  ...studioMetadata,
  title: isSanityConfigured ? 'TCSA content studio' : 'Connect the content studio | TCSA',
};

/**
 * The Sanity Studio, when a project is configured and can be reached. Without one the Studio
 * cannot start (it needs Sanity's hosted API), so this page explains how to connect a project.
 */
export default function StudioPage() {
  if (!isSanityConfigured || !projectId) return <ConnectStudio />;
  return (
    <StudioGate projectId={projectId} apiVersion={apiVersion}>
      <NextStudio config={config} />
    </StudioGate>
  );
}
