import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { getEvents } from '@/lib/api/reads';
import { siteUrl } from '@/lib/env/public';
import { SITEMAP_PATHS } from '@/lib/site/paths';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  // Events come and go: answer from the database at request time, not from the build's copy.
  await connection();
  const base = siteUrl();
  const pages: MetadataRoute.Sitemap = SITEMAP_PATHS.map((path) => ({
    url: new URL(path, base).toString(),
  }));
  try {
    const events = await getEvents();
    return pages.concat(
      events.map((event) => ({ url: new URL(`/events/${event.id}`, base).toString() })),
    );
  } catch (error) {
    // The pages are still worth listing when the events cannot be read.
    console.error('Failed to list the events in the sitemap', error);
    return pages;
  }
}
