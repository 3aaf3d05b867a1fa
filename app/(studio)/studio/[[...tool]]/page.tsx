import type { Metadata } from 'next';
import { connection } from 'next/server';
import { metadata as studioMetadata } from 'next-sanity/studio';
import { preloadModule } from 'react-dom';
import { sanityProject } from '@/lib/content/project';
import { ConnectStudio } from './ConnectStudio';
import { LazyStudio, PreloadStudio } from './LazyStudio';
import { StudioGate } from './StudioGate';

export { viewport } from 'next-sanity/studio';

export async function generateMetadata(): Promise<Metadata> {
  await connection();
  return {
    ...studioMetadata,
    title: sanityProject() ? 'TCSA content studio' : 'Connect the content studio | TCSA',
  };
}

/** Sanity's bridge script, loaded beside the Studio as next-sanity's NextStudio loads it. */
const STUDIO_BRIDGE_SCRIPT = 'https://core.sanity-cdn.com/bridge.js';

/**
 * The Sanity Studio, when a project is configured and can be reached. Without one the Studio
 * cannot start (it needs Sanity's hosted API), so this page explains how to connect a project.
 *
 * The project is the running server's (lib/content/project.ts), so the page is rendered at each
 * request rather than at build time, and the Studio builds its configuration in the browser from
 * the project it is handed here.
 *
 * The Studio and its configuration are imported dynamically (LazyStudio): a static import here
 * would make the connect page download the whole Studio (about 5 MB of scripts) it never shows.
 */
export default async function StudioPage() {
  await connection();
  const project = sanityProject();
  if (!project) return <ConnectStudio />;
  preloadModule(STUDIO_BRIDGE_SCRIPT, { as: 'script' });
  return (
    <>
      <PreloadStudio />
      <StudioGate projectId={project.projectId} apiVersion={project.apiVersion}>
        <script src={STUDIO_BRIDGE_SCRIPT} async type="module" data-sanity-core />
        <LazyStudio project={project} />
      </StudioGate>
    </>
  );
}
