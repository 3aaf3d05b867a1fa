import type { Metadata } from 'next';
import { findAccount } from '@/lib/admin/accounts';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import styles from '../../console.module.css';
import { NotAllowed } from '../NotAllowed';
import { FailedSignIns } from './FailedSignIns';
import { TurnOffTwoFactor, TurnOnTwoFactor } from './TwoFactorForms';

export const metadata: Metadata = { title: 'Sign-in security' };

export default async function SecurityPage() {
  const { signedIn, allowed } = await requireAccess('account.security', '/admin/security');
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const account = await findAccount(await getDb(), signedIn.id);
  const enabled = account?.twoFactorEnabled ?? false;
  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>Sign-in security</h1>
      <section className={styles.panel} aria-labelledby="two-factor">
        <h2 id="two-factor" className={styles.panelTitle}>
          Two-factor sign-in
        </h2>
        {/* A live region: after turning it on or off, the new state is announced. */}
        <p role="status" data-testid="two-factor-state">
          {enabled
            ? 'On: each sign-in asks for your password and a code from your authenticator app.'
            : 'Off. With it on, a stolen password is not enough to sign in as you: each sign-in also asks for a code from an app on your phone. The club recommends it.'}
        </p>
        {enabled ? <TurnOffTwoFactor /> : <TurnOnTwoFactor />}
      </section>
      <FailedSignIns email={signedIn.email} owner />
    </div>
  );
}
