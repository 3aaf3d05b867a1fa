import { defineField } from 'sanity';
import { trimmed } from './validation';

/** A required, short label of a form (in the page's 'form' group). */
export const formLabelField = (name: string, title: string) =>
  defineField({
    name,
    title,
    type: 'string',
    group: 'form',
    validation: (rule) => rule.required().max(60).custom(trimmed),
  });

/** The page's hero title (in the page's 'hero' group). */
export const heroTitleField = () =>
  defineField({
    name: 'heroTitle',
    title: 'Hero title',
    type: 'string',
    group: 'hero',
    validation: (rule) => rule.required().max(80).custom(trimmed),
  });
