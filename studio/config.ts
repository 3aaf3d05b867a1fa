/**
 * The configuration of the Sanity Studio, for a given project: the embedded Studio at /studio
 * builds it in the browser from the project the server hands it (app/(studio)/studio/[[...tool]]),
 * and the Sanity CLI through sanity.config.ts. Imports are relative: the CLI has no `@/` alias.
 */
import { visionTool } from '@sanity/vision';
import { defineConfig } from 'sanity';
import { presentationTool } from 'sanity/presentation';
import { structureTool } from 'sanity/structure';
import {
  DRAFT_MODE_DISABLE_PATH,
  DRAFT_MODE_ENABLE_PATH,
  type SanityProject,
  STUDIO_BASE_PATH,
} from '../lib/content/env';
import { schemaTypes } from '../schemas';
import {
  fixedDocumentActions,
  withoutFixedDocumentOptions,
  withoutFixedTemplates,
} from './fixed-documents';
import { presentationResolve } from './presentation';
import { structure } from './structure';

export function studioConfig({ projectId, dataset, apiVersion }: SanityProject) {
  return defineConfig({
    name: 'default',
    title: 'TCSA content',
    basePath: STUDIO_BASE_PATH,
    projectId,
    dataset,
    plugins: [
      structureTool({ structure }),
      presentationTool({
        previewUrl: {
          previewMode: { enable: DRAFT_MODE_ENABLE_PATH, disable: DRAFT_MODE_DISABLE_PATH },
        },
        resolve: presentationResolve,
      }),
      // GROQ playground for developers only.
      ...(process.env.NODE_ENV === 'development'
        ? [visionTool({ defaultApiVersion: apiVersion })]
        : []),
    ],
    schema: {
      types: schemaTypes,
      templates: withoutFixedTemplates,
    },
    document: {
      actions: fixedDocumentActions,
      newDocumentOptions: withoutFixedDocumentOptions,
    },
  });
}
