import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { notFoundMetadata } from '../_components/not-found-metadata';

/** The not-found page's title (see not-found-metadata.ts for why the page gives it too). */
export async function generateMetadata(): Promise<Metadata> {
  return notFoundMetadata();
}

// The site has more than one root layout, so unknown paths are caught here to render the
// site's own not-found page inside its navigation and footer.
export default function UnknownPage() {
  notFound();
}
