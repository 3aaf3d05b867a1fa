import { startSite } from './server';

export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return undefined;
  const site = await startSite();
  // Workers start after this and inherit the environment.
  process.env.E2E_BASE_URL = site.baseURL;
  process.env.E2E_PGLITE_DATA_DIR = site.dataDir;
  return async () => {
    await site.stop();
  };
}
