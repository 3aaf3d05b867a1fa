import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getSignedIn, safeReturnPath } from '@/lib/auth/session';
import styles from '../../console.module.css';
import { CodeForm } from './CodeForm';

export const metadata: Metadata = { title: 'Two-factor sign-in' };

export default async function TwoFactorPage({
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
        <h1 className={styles.title}>Enter your code</h1>
        <p className={styles.lead}>
          Your account signs in with two factors. Open your authenticator app and enter the 6-digit
          code it shows for the TCSA console, or one of your backup codes.
        </p>
        <CodeForm next={next} />
      </div>
    </main>
  );
}
