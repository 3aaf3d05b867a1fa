import { defineField, defineType } from 'sanity';
import { trimmed } from '../validation';

/** One of the four services the club offers to organisations, shown on the services page. */
export const serviceShowcase = defineType({
  name: 'serviceShowcase',
  title: 'Service',
  type: 'object',
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      validation: (rule) => rule.required().max(60).custom(trimmed),
    }),
    defineField({
      name: 'body',
      title: 'Text',
      type: 'text',
      rows: 4,
      validation: (rule) => rule.required().min(20).max(500),
    }),
    defineField({
      name: 'button',
      title: 'Button',
      description: 'Optional, e.g. Explore Designs to /designs.',
      type: 'linkButton',
    }),
  ],
  preview: { select: { title: 'title', subtitle: 'body' } },
});
