'use client';

import { NextStudio } from 'next-sanity/studio/client-component';
import config from '@/sanity.config';

/**
 * The Studio with the project's configuration. Only LazyStudio imports it, on demand: the
 * configuration pulls in the whole Studio (megabytes of scripts), which the connect page must not
 * download.
 */
export default function StudioWithConfig() {
  return <NextStudio config={config} />;
}
