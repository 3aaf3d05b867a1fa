import 'server-only';
import { getDb } from '@/lib/db/client';
import { publicEnv } from '@/lib/env/public';
import { createSetupToken, SETUP_PATH } from './setup';

/**
 * At server start, while the console has no account: prints the one-time link that creates the
 * first super admin. The address is the configured site URL, or this server on localhost.
 */
export async function announceSetupLink(): Promise<void> {
  try {
    const token = await createSetupToken(await getDb());
    if (!token) return;
    const origin = publicEnv.NEXT_PUBLIC_SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
    const link = new URL(`${SETUP_PATH}?token=${token}`, origin).toString();
    console.log(
      'The club console has no account yet. Open this one-time link within 24 hours to create',
    );
    console.log(`the first super admin (a new link is printed at each start until then): ${link}`);
  } catch (error) {
    console.error('Could not make the console setup link', error);
  }
}
