import { defineField, defineType } from 'sanity';
import { trimmed } from '../validation';

/** One question of the membership FAQ and its answer (also the page's FAQPage structured data). */
export const membershipFaqItem = defineType({
  name: 'membershipFaqItem',
  title: 'Question and answer',
  type: 'object',
  fields: [
    defineField({
      name: 'question',
      title: 'Question',
      type: 'string',
      validation: (rule) => rule.required().max(140).custom(trimmed),
    }),
    defineField({
      name: 'answer',
      title: 'Answer',
      description: 'A blank line starts a new paragraph.',
      type: 'text',
      rows: 4,
      validation: (rule) => rule.required().min(20).max(1200),
    }),
  ],
  preview: { select: { title: 'question', subtitle: 'answer' } },
});
