import { defineField, defineType } from 'sanity';
import { trimmed } from '../validation';
import { PAGE_HERO_PAGES, PAGE_HERO_TYPE } from './ids';

/** The banner copy of a page whose other content comes from the database. */
export const pageHero = defineType({
  name: PAGE_HERO_TYPE,
  title: 'Page hero',
  type: 'document',
  fields: [
    defineField({
      name: 'page',
      title: 'Page',
      type: 'string',
      readOnly: true,
      options: {
        list: PAGE_HERO_PAGES.map(({ page, title }) => ({ title, value: page })),
      },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      validation: (rule) => rule.required().max(80).custom(trimmed),
    }),
    defineField({
      name: 'subtitle',
      title: 'Subtitle',
      type: 'string',
      validation: (rule) => rule.max(160).custom(trimmed),
    }),
  ],
  preview: {
    select: { title: 'title', page: 'page' },
    prepare: ({ title, page }) => ({
      title: PAGE_HERO_PAGES.find((entry) => entry.page === page)?.title ?? 'Page hero',
      subtitle: title,
    }),
  },
});
