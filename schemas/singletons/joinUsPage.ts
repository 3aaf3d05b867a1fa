import { defineArrayMember, defineField, defineType } from 'sanity';
import { formLabelField, heroTitleField } from '../fields';
import { trimmed } from '../validation';

/** The join-us page: hero, the three benefits, the positions heading and the application form. */
export const joinUsPage = defineType({
  name: 'joinUsPage',
  title: 'Join-us page',
  type: 'document',
  groups: [
    { name: 'hero', title: 'Hero', default: true },
    { name: 'benefits', title: 'Benefits' },
    { name: 'form', title: 'Application form' },
  ],
  fields: [
    heroTitleField(),
    defineField({
      name: 'heroMessage',
      title: 'Hero message',
      type: 'text',
      rows: 2,
      group: 'hero',
      validation: (rule) => rule.max(240),
    }),
    defineField({
      name: 'benefits',
      title: 'Benefits',
      type: 'array',
      group: 'benefits',
      of: [defineArrayMember({ type: 'benefitBlock' })],
      validation: (rule) => rule.required().length(3),
    }),
    defineField({
      name: 'positionsTitle',
      title: 'Open positions heading',
      type: 'string',
      group: 'benefits',
      validation: (rule) => rule.required().max(60).custom(trimmed),
    }),
    formLabelField('formTitle', 'Form heading'),
    formLabelField('nameLabel', 'Name field label'),
    formLabelField('emailLabel', 'Email field label'),
    formLabelField('positionLabel', 'Position field label'),
    formLabelField('resumeLabel', 'Resume upload label'),
    formLabelField('submitLabel', 'Submit button text'),
    defineField({
      name: 'submitConfirmation',
      title: 'Question asked before sending',
      type: 'string',
      group: 'form',
      validation: (rule) => rule.required().max(120).custom(trimmed),
    }),
  ],
  preview: { prepare: () => ({ title: 'Join-us page' }) },
});
