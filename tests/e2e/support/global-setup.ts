import { rmSync } from 'node:fs';
import { DATABASE_TEMPLATE_VARIABLE, prepareDatabaseTemplate } from './database-template';
import { startSite } from './server';

export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return undefined;
  // Workers start after this and inherit the environment.
  const template = prepareDatabaseTemplate();
  process.env[DATABASE_TEMPLATE_VARIABLE] = template;
  const site = await startSite();
  process.env.E2E_BASE_URL = site.baseURL;
  process.env.E2E_PGLITE_DATA_DIR = site.dataDir;
  return async () => {
    await site.stop();
    rmSync(template, { recursive: true, force: true });
  };
}
