import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getSignedIn, safeReturnPath, sessionHasEnded } from '@/lib/auth/session';
import styles from '../console.module.css';
import { SignInForm } from './SignInForm';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const next = safeReturnPath((await searchParams).next);
  if (await getSignedIn()) redirect(next);
  const ended = await sessionHasEnded();
  return (
    <main className={styles.authPage}>
      <div className={styles.card}>
        <p className={styles.brand}>TCSA console</p>
        <h1 className={styles.title}>Sign in</h1>
        <p className={styles.lead}>
          For the club&apos;s executives. Ask a super admin of the club for an invitation if you
          have no account.
        </p>
        {ended ? (
          <p className={styles.notice} role="status" data-testid="session-ended">
            Your session has ended, so sign in again. A session ends when you sign out on another
            device, when your password is reset, or when a super admin deactivates your account.
          </p>
        ) : null}
        <SignInForm next={next} />
      </div>
    </main>
  );
}
