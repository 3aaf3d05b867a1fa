'use client';

import { useMemo } from 'react';
import { NextStudio } from 'next-sanity/studio/client-component';
import type { SanityProject } from '@/lib/content/env';
import { studioConfig } from '@/studio/config';

/**
 * The Studio with the project's configuration. Only LazyStudio imports it, on demand: the
 * configuration pulls in the whole Studio (megabytes of scripts), which the connect page must not
 * download.
 */
export default function StudioWithConfig({
  project: { projectId, dataset, apiVersion },
}: {
  project: SanityProject;
}) {
  // A new configuration object would start the Studio over: one per project.
  const config = useMemo(
    () => studioConfig({ projectId, dataset, apiVersion }),
    [projectId, dataset, apiVersion],
  );
  return <NextStudio config={config} />;
}
