import { notFound } from 'next/navigation';

// The site has more than one root layout, so unknown paths are caught here to render the
// site's own not-found page inside its navigation and footer.
export default function UnknownPage() {
  notFound();
}
