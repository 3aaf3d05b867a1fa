import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { findAccount } from '@/lib/admin/accounts';
import { requireAccess } from '@/lib/auth/session';
import {
  DEVICE_COOKIE,
  DEVICE_LIFETIME_DAYS,
  hashDeviceToken,
  listRememberedDevices,
} from '@/lib/auth/trusted-devices';
import { getDb } from '@/lib/db/client';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../console.module.css';
import { NotAllowed } from '../NotAllowed';
import { FailedSignIns } from './FailedSignIns';
import { RememberedDeviceList } from './RememberedDevices';
import { TurnOffTwoFactor, TurnOnTwoFactor } from './TwoFactorForms';

export const metadata: Metadata = { title: 'Sign-in security' };

export default async function SecurityPage() {
  const { signedIn, allowed } = await requireAccess('account.security', '/admin/security');
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const db = await getDb();
  const [account, devices] = await Promise.all([
    findAccount(db, signedIn.id),
    listRememberedDevices(db, signedIn.id),
  ]);
  const enabled = account?.twoFactorEnabled ?? false;
  const thisBrowser = (await cookies()).get(DEVICE_COOKIE)?.value;
  const thisBrowserHash = thisBrowser ? hashDeviceToken(thisBrowser) : null;
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
      <section className={styles.panel} aria-labelledby="remembered-devices">
        <h2 id="remembered-devices" className={styles.panelTitle}>
          Remembered devices
        </h2>
        <p className={styles.hint}>
          The browsers you signed in on, remembered for {DEVICE_LIFETIME_DAYS} days. On them, your
          right password still gets you in while someone else&apos;s wrong guesses have locked your
          account. Forget a device you no longer use or do not recognise; a new password forgets
          them all.
        </p>
        <RememberedDeviceList
          devices={devices.map((device) => ({
            id: device.id,
            label: device.label,
            firstUsed: formatConsoleDateTime(device.createdAt),
            lastUsed: formatConsoleDateTime(device.lastUsedAt),
            thisBrowser: device.tokenHash === thisBrowserHash,
          }))}
        />
      </section>
      <FailedSignIns email={signedIn.email} owner />
    </div>
  );
}
