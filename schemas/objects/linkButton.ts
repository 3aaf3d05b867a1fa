import { defineField, defineType } from 'sanity';
import { sitePath, trimmed } from '../validation';

/** A button that leads to another page of the site, e.g. 'Explore Designs' to /designs. */
export const linkButton = defineType({
  name: 'linkButton',
  title: 'Button',
  type: 'object',
  fields: [
    defineField({
      name: 'text',
      title: 'Text',
      type: 'string',
      validation: (rule) => rule.required().max(40).custom(trimmed),
    }),
    defineField({
      name: 'link',
      title: 'Link',
      description: 'A path of this site, like /designs.',
      type: 'string',
      validation: (rule) => rule.required().custom(sitePath),
    }),
  ],
  preview: { select: { title: 'text', subtitle: 'link' } },
});
