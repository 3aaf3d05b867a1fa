import 'server-only';
import { queryBundledDataset } from '@/lib/content/bundled';
import { siteSettingsQuery } from '@/lib/content/queries';
import type { Database } from '@/lib/db/client';
import { readClubSettings } from '@/lib/db/club-settings';

/**
 * Where members write about their membership (a suspension, a refusal, a question): the club
 * settings' membership contact address (/admin/settings), else the club's general contact
 * address, the one the Studio's site settings give the footer. Never the year's e-Transfer
 * address: finance reads that one for payments, and a member's question would sit among them.
 *
 * Pass the transaction that queues the email, so that the email names the address stored when it
 * is queued.
 */
export async function membershipContactAddress(db: Pick<Database, 'select'>): Promise<string> {
  const { membershipContactAddress: configured } = await readClubSettings(db);
  if (configured) return configured;
  return clubContactAddress();
}

type SiteSettingsContact = { contactEmail?: string | null } | null;

/**
 * The club's general contact address from the published site settings. Inside the site (Next.js
 * defines NEXT_RUNTIME in its server code) the read is the pages' own: from the cache, or the last
 * good copy, or the bundled dataset when the Content Lake is slow or down (lib/content/fetch.ts),
 * so it never waits long inside the transaction that queues the email. Published, not the
 * request's perspective: an email never quotes a draft, and the scheduled jobs run outside a
 * request. Scripts (the seed, run by `npm start` before the site) and unit tests have no
 * Next.js to read through, so they read the bundled dataset, as does a Sanity project without
 * its site settings yet (before `npm run content:import`): no membership change fails for want
 * of an address.
 */
export async function clubContactAddress(): Promise<string> {
  if (process.env.NEXT_RUNTIME) {
    // Imported here, not above: the read brings in Next.js's request modules, which a script
    // cannot load.
    const { getSiteSettings } = await import('@/lib/content/read');
    const published = (await getSiteSettings({ perspective: 'published' }))?.contactEmail?.trim();
    if (published) return published;
  }
  const bundled = (await queryBundledDataset(siteSettingsQuery)) as SiteSettingsContact;
  const address = bundled?.contactEmail?.trim();
  if (!address) {
    // The Studio requires the field and the repository ships it: only a dataset emptied by hand.
    throw new Error(
      'No membership contact address: set one in the console (Club settings) or publish the site settings with the official contact email.',
    );
  }
  return address;
}
