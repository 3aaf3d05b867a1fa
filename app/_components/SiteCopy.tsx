'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { defaultCopy, type Copy } from '@/lib/copy/catalogue';

/**
 * The site-wide texts for the client components of the shell (navigation bar, error page,
 * preview banner), read once by the layout. Without a provider they are the spec's texts.
 */
const SiteCopyContext = createContext<Copy<'site'>>(defaultCopy('site'));

export function SiteCopyProvider({ copy, children }: { copy: Copy<'site'>; children: ReactNode }) {
  return <SiteCopyContext value={copy}>{children}</SiteCopyContext>;
}

export function useSiteCopy(): Copy<'site'> {
  return useContext(SiteCopyContext);
}
