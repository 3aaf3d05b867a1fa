'use client';

/**
 * The Sanity Studio embedded at /studio (app/(studio)/studio/[[...tool]]/page.tsx). The Sanity
 * CLI reads it too (`sanity schema validate`, `sanity schema extract`), so imports are relative.
 */
import { visionTool } from '@sanity/vision';
import { defineConfig } from 'sanity';
import { presentationTool } from 'sanity/presentation';
import { structureTool } from 'sanity/structure';
import {
  apiVersion,
  dataset,
  DRAFT_MODE_DISABLE_PATH,
  DRAFT_MODE_ENABLE_PATH,
  projectId,
  STUDIO_BASE_PATH,
} from './lib/content/env';
import { schemaTypes } from './schemas';
import {
  fixedDocumentActions,
  withoutFixedDocumentOptions,
  withoutFixedTemplates,
} from './studio/fixed-documents';
import { presentationResolve } from './studio/presentation';
import { structure } from './studio/structure';

/**
 * Without a project the Studio is never rendered (/studio explains how to connect one), but the
 * CLI still loads this file to validate and extract the schema offline: it needs a well-formed id.
 */
const OFFLINE_PROJECT_ID = 'offline';

export default defineConfig({
  name: 'default',
  title: 'TCSA content',
  basePath: STUDIO_BASE_PATH,
  projectId: projectId ?? OFFLINE_PROJECT_ID,
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
