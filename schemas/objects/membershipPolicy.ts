import { defineField, defineType } from 'sanity';
import { trimmed } from '../validation';

/** One of the membership policies, shown on /membership/policies under its own anchor. */
export const membershipPolicy = defineType({
  name: 'membershipPolicy',
  title: 'Policy',
  type: 'object',
  fields: [
    defineField({
      name: 'anchor',
      title: 'Anchor',
      description:
        'The end of the link to this policy, e.g. "refunds" for /membership/policies#refunds. Other pages link to these anchors: change one only with the links.',
      type: 'string',
      validation: (rule) =>
        rule
          .required()
          .max(40)
          .regex(/^[a-z][a-z0-9-]*$/, { name: 'lower-case words joined by hyphens' }),
    }),
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      validation: (rule) => rule.required().max(80).custom(trimmed),
    }),
    defineField({
      name: 'body',
      title: 'Text',
      description: 'A blank line starts a new paragraph.',
      type: 'text',
      rows: 8,
      validation: (rule) => rule.required().min(40).max(4000),
    }),
  ],
  preview: { select: { title: 'title', subtitle: 'anchor' } },
});
