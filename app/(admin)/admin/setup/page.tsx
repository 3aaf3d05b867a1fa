import type { Metadata } from 'next';
import Link from 'next/link';
import { isSetupTokenValid } from '@/lib/auth/setup';
import { SIGN_IN_PATH } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import styles from '../console.module.css';
import { SetupForm } from './SetupForm';

export const metadata: Metadata = { title: 'Set up the console' };

/** The one-time link printed in the server's log while the console has no account. */
export default async function SetupPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  const valid = typeof token === 'string' && (await isSetupTokenValid(await getDb(), token));
  return (
    <main className={styles.authPage}>
      <div className={styles.card}>
        <p className={styles.brand}>TCSA console</p>
        {valid ? (
          <>
            <h1 className={styles.title}>Create the first account</h1>
            <p className={styles.lead}>
              This account is the console&apos;s super admin: it invites the other executives and
              gives them their roles. Use your own name and an email you read.
            </p>
            <SetupForm token={token} />
          </>
        ) : (
          <>
            <h1 className={styles.title}>This setup link is not valid</h1>
            <p className={styles.lead}>
              A setup link works once, for 24 hours, and only while the console has no account. If
              the club&apos;s first account exists, <Link href={SIGN_IN_PATH}>sign in</Link>.
              Otherwise restart the site: it prints a new link in its log.
            </p>
          </>
        )}
      </div>
    </main>
  );
}
