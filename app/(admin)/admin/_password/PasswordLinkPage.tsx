import Link from 'next/link';
import { peekLinkToken } from '@/lib/auth/one-time-links';
import { SIGN_IN_PATH } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import styles from '../console.module.css';
import { PasswordForm } from './PasswordForm';

const TEXTS = {
  invite: {
    title: 'Welcome to the TCSA console',
    lead: 'Choose the password you will sign in with. Your email is the one the invitation was made for.',
  },
  password: {
    title: 'Choose a new password',
    lead: 'Your old password stops working, and your account is signed out everywhere else.',
  },
} as const;

/** The page an invitation link or a password reset link opens. */
export async function PasswordLinkPage({
  purpose,
  token,
}: {
  purpose: 'invite' | 'password';
  token: unknown;
}) {
  const valid =
    typeof token === 'string' && (await peekLinkToken(await getDb(), purpose, token)) !== undefined;
  return (
    <main className={styles.authPage}>
      <div className={styles.card}>
        <p className={styles.brand}>TCSA console</p>
        {valid ? (
          <>
            <h1 className={styles.title}>{TEXTS[purpose].title}</h1>
            <p className={styles.lead}>{TEXTS[purpose].lead}</p>
            <PasswordForm purpose={purpose} token={token} />
          </>
        ) : (
          <>
            <h1 className={styles.title}>This link is not valid</h1>
            <p className={styles.lead}>
              It has expired or has been used. Ask a super admin of the club for a new one, or{' '}
              <Link href={SIGN_IN_PATH}>sign in</Link> if you have a password.
            </p>
          </>
        )}
      </div>
    </main>
  );
}
