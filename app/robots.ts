import type { MetadataRoute } from 'next';
import { siteUrl } from '@/lib/env/public';

export default function robots(): MetadataRoute.Robots {
  return {
    // The Studio is for editors and the API for the site's own pages; neither belongs in search.
    rules: { userAgent: '*', allow: '/', disallow: ['/studio', '/api'] },
    sitemap: new URL('/sitemap.xml', siteUrl()).toString(),
  };
}
