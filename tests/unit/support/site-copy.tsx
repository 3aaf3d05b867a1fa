import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { SiteCopyProvider } from '@/app/_components/SiteCopy';
import { defaultCopy } from '@/lib/copy/catalogue';

/** The site layout's texts provider with the spec's texts, as every page's components have it. */
function WithSiteCopy({ children }: { children: ReactNode }) {
  return <SiteCopyProvider copy={defaultCopy('site')}>{children}</SiteCopyProvider>;
}

/** Renders a component inside the site layout's texts provider. */
export function renderInSite(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: WithSiteCopy, ...options });
}
