import type { Metadata } from 'next';
import { metadata as studioMetadata } from 'next-sanity/studio';
import { preloadModule } from 'react-dom';
import { apiVersion, isSanityConfigured, projectId } from '@/lib/content/env';
import { ConnectStudio } from './ConnectStudio';
import { LazyStudio, PreloadStudio } from './LazyStudio';
import { StudioGate } from './StudioGate';

export const dynamic = 'force-static';

export { viewport } from 'next-sanity/studio';

export const metadata: Metadata = {
  ...studioMetadata,
  title: isSanityConfigured ? 'TCSA content studio' : 'Connect the content studio | TCSA',
};

/** Sanity's bridge script, loaded beside the Studio as next-sanity's NextStudio loads it. */
const STUDIO_BRIDGE_SCRIPT = 'https://core.sanity-cdn.com/bridge.js';

/**
 * The Sanity Studio, when a project is configured and can be reached. Without one the Studio
 * cannot start (it needs Sanity's hosted API), so this page explains how to connect a project.
 *
 * The Studio and its configuration are imported dynamically (LazyStudio): a static import here
 * would make the connect page download the whole Studio (about 5 MB of scripts) it never shows.
 */
export default function StudioPage() {
  if (!isSanityConfigured || !projectId) return <ConnectStudio />;
  preloadModule(STUDIO_BRIDGE_SCRIPT, { as: 'script' });
  return (
    <>
      <PreloadStudio />
      <StudioGate projectId={projectId} apiVersion={apiVersion}>
        <script src={STUDIO_BRIDGE_SCRIPT} async type="module" data-sanity-core />
        <LazyStudio />
      </StudioGate>
    </>
  );
}
