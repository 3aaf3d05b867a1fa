import { notFound } from 'next/navigation';

/**
 * Where proxy.ts sends a page address whose percent-encoding does not decode (`/%ff`): a static
 * route, so Next.js never tries to decode the address into route parameters (which fails with a
 * 500), and the visitor gets the site's not-found page with its 404.
 */
export default function MalformedAddressPage() {
  notFound();
}
