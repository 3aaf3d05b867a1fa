import { defineField, defineType } from 'sanity';

/** One year of the 'CLUB ROADMAP' chart: events held and people influenced. */
export const roadmapPoint = defineType({
  name: 'roadmapPoint',
  title: 'Roadmap year',
  type: 'object',
  fields: [
    defineField({
      name: 'year',
      title: 'Year',
      type: 'number',
      validation: (rule) => rule.required().integer().min(2000).max(2100),
    }),
    defineField({
      name: 'events',
      title: 'Events held',
      type: 'number',
      validation: (rule) => rule.required().integer().min(0).max(1000),
    }),
    defineField({
      name: 'peopleInfluenced',
      title: 'People influenced',
      type: 'number',
      validation: (rule) => rule.required().integer().min(0).max(1_000_000),
    }),
  ],
  preview: {
    select: { year: 'year', events: 'events', people: 'peopleInfluenced' },
    prepare: ({ year, events, people }) => ({
      title: String(year ?? 'Year not set'),
      subtitle: `${events ?? 0} events, ${people ?? 0} people influenced`,
    }),
  },
});
