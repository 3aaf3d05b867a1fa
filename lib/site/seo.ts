import type { Metadata, ResolvingMetadata } from 'next';
import { FOOTER_LINKS, NAV_LINKS, SITE_NAME } from './constants';

/** The membership pages linked from /membership (the overview itself is in the navigation). */
export const MEMBERSHIP_PATHS = [
  '/membership/join',
  '/membership/events',
  '/membership/faq',
  '/membership/policies',
  '/membership/member-id',
  '/membership/change-details',
] as const;

/** Every public page: the navigation's and the footer's, plus the pages only linked from others. */
export const SITEMAP_PATHS: readonly string[] = [
  ...new Set(
    [...NAV_LINKS, ...FOOTER_LINKS]
      .map((link) => link.href)
      .concat('/designs', ...MEMBERSHIP_PATHS),
  ),
];

type PageSeo = {
  /** The page's path, which is also its canonical URL (made absolute by the layout's metadataBase). */
  path: string;
  /** The document title: a plain title takes the layout's "%s | TCSA" template; absolute does not. */
  title?: string | { absolute: string };
  /** Without one, the layout's: the site settings' welcome message. */
  description?: string;
};

function fullTitle(title: PageSeo['title']): string | undefined {
  if (title === undefined) return undefined;
  return typeof title === 'string' ? `${title} | ${SITE_NAME}` : title.absolute;
}

/**
 * A page's metadata: its title, description and canonical URL, and Open Graph fields saying the
 * same. A page's `openGraph` replaces the layout's whole, so the layout's share image, site name
 * and locale are carried over from the parent.
 */
export function pageMetadata({ path, title, description: own }: PageSeo) {
  return async function generateMetadata(
    _props: unknown,
    parent: ResolvingMetadata,
  ): Promise<Metadata> {
    const resolved = await parent;
    const inherited = resolved.openGraph;
    const description = own ?? resolved.description ?? undefined;
    const ogTitle = fullTitle(title);
    return {
      ...(title === undefined ? {} : { title }),
      description,
      alternates: { canonical: path },
      openGraph: {
        type: 'website',
        locale: 'en_CA',
        ...(inherited?.siteName ? { siteName: inherited.siteName } : {}),
        ...(inherited?.images ? { images: inherited.images } : {}),
        ...(ogTitle ? { title: ogTitle } : inherited?.title ? { title: inherited.title } : {}),
        description,
        url: path,
      },
    };
  };
}
