import 'server-only';
import { getDb } from '@/lib/db/client';
import { siteUrl } from '@/lib/env/public';
import { createSetupToken, SETUP_PATH } from './setup';

/**
 * At server start, while the console has no account: prints the one-time link that creates the
 * first super admin, at the site's public address (siteUrl).
 */
export async function announceSetupLink(): Promise<void> {
  try {
    const token = await createSetupToken(await getDb());
    if (!token) return;
    const link = new URL(`${SETUP_PATH}?token=${token}`, siteUrl()).toString();
    console.log(
      'The club console has no account yet. Open this one-time link within 24 hours to create',
    );
    console.log(`the first super admin (a new link is printed at each start until then): ${link}`);
  } catch (error) {
    console.error('Could not make the console setup link', error);
  }
}
