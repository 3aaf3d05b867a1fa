import { defineArrayMember, defineField, defineType } from 'sanity';

/** The inline object that stands for the site settings' contact email inside rich text. */
export const CONTACT_EMAIL_TYPE = 'contactEmail';

/** Rich text (Portable Text) for long copy such as the privacy policy. */
export const blockContent = defineType({
  name: 'blockContent',
  title: 'Rich text',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Paragraph', value: 'normal' },
        { title: 'Heading', value: 'h2' },
        { title: 'Subheading', value: 'h3' },
      ],
      of: [
        // The club's address lives in one place, the site settings; the text shows it here.
        defineArrayMember({
          name: CONTACT_EMAIL_TYPE,
          title: 'Contact email (from the site settings)',
          type: 'object',
          fields: [defineField({ name: 'note', type: 'string', hidden: true })],
          preview: { prepare: () => ({ title: 'Contact email' }) },
        }),
      ],
      lists: [
        { title: 'Bullets', value: 'bullet' },
        { title: 'Numbers', value: 'number' },
      ],
      marks: {
        decorators: [
          { title: 'Bold', value: 'strong' },
          { title: 'Italic', value: 'em' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            title: 'Link',
            type: 'object',
            fields: [
              defineField({
                name: 'href',
                title: 'Address',
                description:
                  'A web address (https://…), an email (mailto:…) or a path of this site.',
                type: 'url',
                validation: (rule) =>
                  rule.required().uri({ scheme: ['http', 'https', 'mailto'], allowRelative: true }),
              }),
            ],
          }),
        ],
      },
    }),
  ],
});
