import { defineField, defineType } from 'sanity';
import { COPY_PAGE_IDS, COPY_PAGES, textsDocumentId } from '../../lib/copy/catalogue';

/** Texts longer than this get a two-line box in the Studio. */
const LONG_TEXT = 70;

/**
 * One "texts" document per page (lib/copy/catalogue.ts): every label, button, status, empty and
 * error text of the page that is not part of its main content. A field left empty shows the
 * spec's text, which each field's description repeats.
 */
export const textsTypes = COPY_PAGE_IDS.map((page) => {
  const { title, fields } = COPY_PAGES[page];
  return defineType({
    name: textsDocumentId(page),
    title,
    type: 'document',
    fields: Object.entries(fields).map(([name, [fieldTitle, text]]) =>
      defineField({
        name,
        title: fieldTitle,
        description: `Left empty, the site shows: “${text}”.${
          /\{\w+\}/.test(text) ? ' The site fills in the words in {braces}.' : ''
        }`,
        type: text.length > LONG_TEXT ? 'text' : 'string',
        ...(text.length > LONG_TEXT ? { rows: 2 } : {}),
        validation: (rule) => rule.max(400),
      }),
    ),
    preview: { prepare: () => ({ title }) },
  });
});
