import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getSignedIn, safeReturnPath } from '@/lib/auth/session';
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
  return (
    <main className={styles.authPage}>
      <div className={styles.card}>
        <p className={styles.brand}>TCSA console</p>
        <h1 className={styles.title}>Sign in</h1>
        <p className={styles.lead}>
          For the club&apos;s executives. Ask a super admin of the club for an invitation if you
          have no account.
        </p>
        <SignInForm next={next} />
      </div>
    </main>
  );
}
