import { defineField, defineType } from 'sanity';
import { trimmed } from '../validation';

/** One of the three benefit blocks of the join-us page. */
export const benefitBlock = defineType({
  name: 'benefitBlock',
  title: 'Benefit',
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
      validation: (rule) => rule.required().min(20).max(400),
    }),
  ],
  preview: { select: { title: 'title', subtitle: 'body' } },
});
