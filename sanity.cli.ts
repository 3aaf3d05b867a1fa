/**
 * Settings of the Sanity CLI (`npx sanity …`): the project to import into, and TypeGen.
 * Set NEXT_PUBLIC_SANITY_PROJECT_ID (and NEXT_PUBLIC_SANITY_DATASET) in the shell or .env.local.
 */
import { defineCliConfig } from 'sanity/cli';

if (typeof process.loadEnvFile === 'function') {
  for (const file of ['.env.local', '.env']) {
    try {
      process.loadEnvFile(file);
    } catch {
      // The file is optional.
    }
  }
}

export default defineCliConfig({
  api: {
    projectId: process.env.NEXT_PUBLIC_SANITY_PROJECT_ID || undefined,
    dataset: process.env.NEXT_PUBLIC_SANITY_DATASET || 'production',
  },
  typegen: {
    path: ['./lib/content/queries.ts'],
    schema: './studio/schema.json',
    generates: './sanity.types.ts',
    overloadClientMethods: true,
  },
});
