import { defineArrayMember, defineField, defineType } from 'sanity';
import { trimmed } from '../validation';

const label = (name: string, title: string) =>
  defineField({
    name,
    title,
    type: 'string',
    group: 'form',
    validation: (rule) => rule.required().max(60).custom(trimmed),
  });

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
    defineField({
      name: 'heroTitle',
      title: 'Hero title',
      type: 'string',
      group: 'hero',
      validation: (rule) => rule.required().max(80).custom(trimmed),
    }),
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
    label('formTitle', 'Form heading'),
    label('nameLabel', 'Name field label'),
    label('emailLabel', 'Email field label'),
    label('needsLabel', 'Needs field label'),
    label('submitLabel', 'Send button text'),
  ],
  preview: { prepare: () => ({ title: 'Services page' }) },
});
