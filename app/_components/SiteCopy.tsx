'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Copy } from '@/lib/copy/catalogue';

/**
 * The site-wide texts for the client components of the shell (navigation bar, error page,
 * preview banner, the forms' notices), read once by the layout. There is no default: the texts
 * catalogue stays on the server, and a component outside the provider is a mistake to see at once.
 */
const SiteCopyContext = createContext<Copy<'site'> | null>(null);

export function SiteCopyProvider({ copy, children }: { copy: Copy<'site'>; children: ReactNode }) {
  return <SiteCopyContext value={copy}>{children}</SiteCopyContext>;
}

export function useSiteCopy(): Copy<'site'> {
  const copy = useContext(SiteCopyContext);
  if (!copy) throw new Error('useSiteCopy() needs a SiteCopyProvider above it (the site layout).');
  return copy;
}
