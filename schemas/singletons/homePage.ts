import { defineArrayMember, defineField, defineType } from 'sanity';
import { heroTitleField } from '../fields';
import { sitePath, trimmed } from '../validation';

type RoadmapPointValue = { year?: number };

/** The home page: hero, call to action, the roadmap data and the section titles. */
export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  groups: [
    { name: 'hero', title: 'Hero', default: true },
    { name: 'sections', title: 'Sections' },
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
      name: 'ctaText',
      title: 'Call-to-action text',
      type: 'string',
      group: 'hero',
      validation: (rule) => rule.required().max(30).custom(trimmed),
    }),
    defineField({
      name: 'ctaLink',
      title: 'Call-to-action link',
      description: 'A path of this site, like /joinus.',
      type: 'string',
      group: 'hero',
      validation: (rule) => rule.required().custom(sitePath),
    }),
    defineField({
      name: 'roadmapTitle',
      title: 'Roadmap title',
      type: 'string',
      group: 'sections',
      validation: (rule) => rule.required().max(60).custom(trimmed),
    }),
    defineField({
      name: 'roadmap',
      title: 'Roadmap, one entry per year',
      type: 'array',
      group: 'sections',
      of: [defineArrayMember({ type: 'roadmapPoint' })],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .max(20)
          .custom((points: RoadmapPointValue[] | undefined) => {
            const years = (points ?? []).map((point) => point.year).filter((year) => year);
            return new Set(years).size === years.length ? true : 'Each year can appear only once';
          }),
    }),
    defineField({
      name: 'teamTitle',
      title: 'Team structure title',
      type: 'string',
      group: 'sections',
      validation: (rule) => rule.required().max(60).custom(trimmed),
    }),
    defineField({
      name: 'eventsTitle',
      title: 'Upcoming events title',
      type: 'string',
      group: 'sections',
      validation: (rule) => rule.required().max(60).custom(trimmed),
    }),
    defineField({
      name: 'eventsMoreLabel',
      title: 'Label of the link to all events',
      type: 'string',
      group: 'sections',
      validation: (rule) => rule.required().max(20),
    }),
    defineField({
      name: 'sponsorsTitle',
      title: 'Sponsors title',
      type: 'string',
      group: 'sections',
      validation: (rule) => rule.required().max(60).custom(trimmed),
    }),
  ],
  preview: { prepare: () => ({ title: 'Home page' }) },
});
