import type { DocumentActionsResolver, NewDocumentOptionsResolver, Template } from 'sanity';
import { FIXED_DOCUMENT_TYPES } from '../schemas';

/**
 * Singletons and page heroes are fixed documents: editors change and publish them, but can
 * never create a second one, duplicate or delete them.
 */

/** The only actions a fixed document offers. */
const FIXED_DOCUMENT_ACTIONS = new Set(['publish', 'discardChanges', 'restore']);

export const fixedDocumentActions: DocumentActionsResolver = (actions, context) =>
  FIXED_DOCUMENT_TYPES.has(context.schemaType)
    ? actions.filter(({ action }) => action !== undefined && FIXED_DOCUMENT_ACTIONS.has(action))
    : actions;

/** Hides the fixed types from every "create new document" menu. */
export const withoutFixedDocumentOptions: NewDocumentOptionsResolver = (options) =>
  options.filter((option) => !FIXED_DOCUMENT_TYPES.has(option.templateId));

/** Removes the fixed types' "new document" templates. */
export function withoutFixedTemplates(templates: Template[]): Template[] {
  return templates.filter((template) => !FIXED_DOCUMENT_TYPES.has(template.schemaType));
}
