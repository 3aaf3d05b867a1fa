import type {
  DocumentActionComponent,
  DocumentActionsContext,
  Template,
  TemplateItem,
} from 'sanity';
import { describe, expect, it } from 'vitest';
import { FIXED_DOCUMENT_TYPES, SINGLETON_TYPES, schemaTypes } from '@/schemas';
import { sitePath } from '@/schemas/validation';
import {
  fixedDocumentActions,
  withoutFixedDocumentOptions,
  withoutFixedTemplates,
} from '@/studio/fixed-documents';

function action(name: string): DocumentActionComponent {
  const component = (() => null) as unknown as DocumentActionComponent;
  component.action = name as DocumentActionComponent['action'];
  return component;
}

const ALL_ACTIONS = [
  'publish',
  'unpublish',
  'discardChanges',
  'duplicate',
  'delete',
  'restore',
].map(action);

function actionsFor(schemaType: string): (string | undefined)[] {
  const context = { schemaType } as DocumentActionsContext;
  return fixedDocumentActions(ALL_ACTIONS, context).map((component) => component.action);
}

describe('fixed documents in the Studio', () => {
  it('every singleton type is a schema type, and all are fixed', () => {
    const names = schemaTypes.map((type) => type.name);
    for (const type of SINGLETON_TYPES) {
      expect(names).toContain(type);
      expect(FIXED_DOCUMENT_TYPES.has(type)).toBe(true);
    }
    expect(FIXED_DOCUMENT_TYPES.has('pageHero')).toBe(true);
    expect(FIXED_DOCUMENT_TYPES.has('socialAccount')).toBe(false);
  });

  it('a singleton can be published, but not duplicated, deleted or unpublished', () => {
    expect(actionsFor('servicesPage')).toEqual(['publish', 'discardChanges', 'restore']);
    expect(actionsFor('pageHero')).toEqual(['publish', 'discardChanges', 'restore']);
  });

  it('an ordinary document keeps every action', () => {
    expect(actionsFor('socialAccount')).toHaveLength(ALL_ACTIONS.length);
  });

  it('no template or "new document" option creates a second singleton', () => {
    const templates = ['siteSettings', 'socialAccount', 'pageHero'].map(
      (schemaType) => ({ id: schemaType, schemaType }) as Template,
    );
    expect(withoutFixedTemplates(templates).map((template) => template.schemaType)).toEqual([
      'socialAccount',
    ]);
    const options = ['homePage', 'socialAccount'].map(
      (templateId) => ({ templateId }) as TemplateItem,
    );
    const context = { creationContext: { type: 'global' as const } };
    expect(
      withoutFixedDocumentOptions(
        options,
        context as Parameters<typeof withoutFixedDocumentOptions>[1],
      ).map((option) => option.templateId),
    ).toEqual(['socialAccount']);
  });
});

describe('link validation', () => {
  it('accepts paths of the site and refuses other origins', () => {
    expect(sitePath('/joinus')).toBe(true);
    expect(sitePath(undefined)).toBe(true);
    expect(sitePath('https://example.com')).toMatch(/starts with one slash/);
    expect(sitePath('//example.com')).toMatch(/starts with one slash/);
    expect(sitePath('/join us')).toMatch(/spaces/);
  });
});
