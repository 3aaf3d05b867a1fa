'use client';

import { lazy, Suspense, useEffect } from 'react';
import type { SanityProject } from '@/lib/content/env';

const loadStudio = () => import('./StudioWithConfig');

/**
 * Starts downloading the Studio's scripts as soon as the page runs, while StudioGate checks that
 * the project can be reached, so the Studio is ready (or nearly) when the check answers.
 */
export function PreloadStudio() {
  useEffect(() => {
    void loadStudio();
  }, []);
  return null;
}

const StudioWithConfig = lazy(loadStudio);

/**
 * The Studio behind a dynamic import: its scripts load only where it is rendered, never with the
 * page that explains how to connect a project. The project comes from the server, which reads it
 * when it runs.
 */
export function LazyStudio({ project }: { project: SanityProject }) {
  return (
    <Suspense fallback={null}>
      <StudioWithConfig project={project} />
    </Suspense>
  );
}
