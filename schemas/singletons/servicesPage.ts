import { defineArrayMember, defineField, defineType } from 'sanity';
import { formLabelField, heroTitleField } from '../fields';

/** The services page: hero, the four services and the contact form's copy. */
export const servicesPage = defineType({
  name: 'servicesPage',
  title: 'Services page',
  type: 'document',
  groups: [
    { name: 'hero', title: 'Hero', default: true },
    { name: 'services', title: 'Services' },
    { name: 'form', title: 'Contact form' },
  ],
  fields: [
    heroTitleField(),
    defineField({
      name: 'heroMessage',
      title: 'Hero message',
      type: 'text',
      rows: 2,
      group: 'hero',
      validation: (rule) => rule.required().max(240),
    }),
    defineField({
      name: 'showcases',
      title: 'Services',
      type: 'array',
      group: 'services',
      of: [defineArrayMember({ type: 'serviceShowcase' })],
      validation: (rule) => rule.required().length(4),
    }),
    formLabelField('formTitle', 'Form heading'),
    formLabelField('nameLabel', 'Name field label'),
    formLabelField('emailLabel', 'Email field label'),
    formLabelField('needsLabel', 'Needs field label'),
    formLabelField('submitLabel', 'Send button text'),
  ],
  preview: { prepare: () => ({ title: 'Services page' }) },
});
