import { defineArrayMember, defineField, defineType } from 'sanity';
import { trimmed } from '../validation';

/** Site-wide copy: the club's name, welcome line, contact email, social accounts and footer. */
export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  fields: [
    defineField({
      name: 'title',
      title: 'Site title',
      type: 'string',
      validation: (rule) => rule.required().max(80).custom(trimmed),
    }),
    defineField({
      name: 'welcomeMessage',
      title: 'Welcome message',
      description: 'One sentence that greets visitors; also used when the site introduces itself.',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.required().min(10).max(200),
    }),
    defineField({
      name: 'contactEmail',
      title: 'Official contact email',
      type: 'string',
      validation: (rule) => rule.required().email(),
    }),
    defineField({
      name: 'socialAccounts',
      title: 'Social badges',
      description: 'The footer shows them in this order.',
      type: 'array',
      of: [defineArrayMember({ type: 'reference', to: [{ type: 'socialAccount' }] })],
      validation: (rule) => [
        rule.required().min(1).max(3).unique(),
        rule.length(3).warning('The footer is designed for three badges.'),
      ],
    }),
    defineField({
      name: 'footerText',
      title: 'Footer text',
      type: 'string',
      validation: (rule) => rule.required().max(120).custom(trimmed),
    }),
    defineField({
      name: 'shareImage',
      title: 'Link preview image',
      description: 'Shown when a page of the site is shared. 1200 × 630 pixels works best.',
      type: 'image',
      fields: [
        defineField({
          name: 'alt',
          title: 'Alternative text',
          type: 'string',
          validation: (rule) =>
            rule.custom((alt, context) => {
              const parent = context.parent as { asset?: unknown } | undefined;
              return parent?.asset && !alt
                ? 'Describe the image for people who cannot see it'
                : true;
            }),
        }),
      ],
    }),
  ],
  preview: { prepare: () => ({ title: 'Site settings' }) },
});
