import { defineField, defineType } from 'sanity';
import { trimmed } from '../validation';

/** The privacy policy: ten sections of rich text and the date it takes effect. */
export const privacyPolicy = defineType({
  name: 'privacyPolicy',
  title: 'Privacy policy',
  type: 'document',
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      validation: (rule) => rule.required().max(80).custom(trimmed),
    }),
    defineField({
      name: 'effectiveDate',
      title: 'Effective date',
      type: 'date',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'body',
      title: 'Text',
      description: 'Each section starts with a Heading.',
      type: 'blockContent',
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { date: 'effectiveDate' },
    prepare: ({ date }) => ({ title: 'Privacy policy', subtitle: date ? `Effective ${date}` : '' }),
  },
});
