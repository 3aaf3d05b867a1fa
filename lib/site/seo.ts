import type { Metadata, ResolvingMetadata } from 'next';
import { type Copy, type CopyKey } from '../copy/catalogue';
import { fillCopy } from '../copy/fill';
import { getCopy } from '../copy/read';

export type TitleKey = CopyKey<'site'> & `title${string}`;

/** Fields that hold a page's whole tab title rather than its name in the template. */
const WHOLE_TITLES: ReadonlySet<TitleKey> = new Set<TitleKey>([
  'titleHome',
  'titleEvents',
  'titleManage',
  'titleTemplate',
]);

/** A page's tab title, in the Studio's words. */
export function tabTitle(copy: Copy<'site'>, key: TitleKey): string {
  return WHOLE_TITLES.has(key) ? copy[key] : fillCopy(copy.titleTemplate, { title: copy[key] });
}

type PageSeo = {
  /** The page's path, which is also its canonical URL (made absolute by the layout's metadataBase). */
  path: string;
  /**
   * The browser tab's title: the page's name in the site's texts in the Studio ('titleAlumni'),
   * in the tab titles' template ('{title} | TCSA'), except the home and events pages, whose
   * fields hold their whole title.
   */
  title?: TitleKey;
  /** Without one, the layout's: the site settings' welcome message. */
  description?: string;
};

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
    const [resolved, copy] = await Promise.all([parent, getCopy('site')]);
    const inherited = resolved.openGraph;
    const description = own ?? resolved.description ?? undefined;
    const ogTitle = title === undefined ? undefined : tabTitle(copy, title);
    return {
      ...(ogTitle === undefined ? {} : { title: { absolute: ogTitle } }),
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
