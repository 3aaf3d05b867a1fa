import type { StructureResolver } from 'sanity/structure';
import { FIXED_DOCUMENT_TYPES, PAGE_HERO_PAGES, PAGE_HERO_TYPE, pageHeroId } from '../schemas';

const SINGLETON_ITEMS = [
  { type: 'siteSettings', title: 'Site settings' },
  { type: 'homePage', title: 'Home page' },
  { type: 'joinUsPage', title: 'Join-us page' },
  { type: 'servicesPage', title: 'Services page' },
  { type: 'privacyPolicy', title: 'Privacy policy' },
] as const;

/**
 * The Studio's content list: every singleton first, each opening its one document (no list, no
 * "create" button), the five page heroes grouped together, then the ordinary document types.
 */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      ...SINGLETON_ITEMS.map(({ type, title }) =>
        S.listItem()
          .id(type)
          .title(title)
          .schemaType(type)
          .child(S.document().schemaType(type).documentId(type).title(title)),
      ),
      S.listItem()
        .id('pageHeroes')
        .title('Page heroes')
        .child(
          S.list()
            .title('Page heroes')
            .items(
              PAGE_HERO_PAGES.map(({ page, title }) =>
                S.listItem()
                  .id(pageHeroId(page))
                  .title(title)
                  .schemaType(PAGE_HERO_TYPE)
                  .child(
                    S.document()
                      .schemaType(PAGE_HERO_TYPE)
                      .documentId(pageHeroId(page))
                      .title(title),
                  ),
              ),
            ),
        ),
      S.divider(),
      ...S.documentTypeListItems().filter((item) => !FIXED_DOCUMENT_TYPES.has(item.getId() ?? '')),
    ]);
