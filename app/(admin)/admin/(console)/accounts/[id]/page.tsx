import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { findAccount, recentSignIns } from '@/lib/admin/accounts';
import { addressWords } from '@/lib/audit/addresses';
import { browserWords } from '@/lib/audit/browsers';
import { isRole, ROLE_NAMES } from '@/lib/auth/roles';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../../console.module.css';
import { NotAllowed } from '../../NotAllowed';
import { FailedSignIns } from '../../security/FailedSignIns';
import { ActiveForm, PasswordLinkForm, RoleForm } from './AccountForms';

export const metadata: Metadata = { title: 'Account' };

export default async function AccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { signedIn, allowed } = await requireAccess('accounts.manage', `/admin/accounts/${id}`);
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const db = await getDb();
  const account = await findAccount(db, id);
  if (!account || !isRole(account.role)) notFound();
  const signIns = await recentSignIns(db, account.id);
  const self = account.id === signedIn.id;
  return (
    <div className={styles.stack}>
      <p>
        <Link href="/admin/accounts">All accounts</Link>
      </p>
      <h1 className={styles.pageTitle}>{account.name}</h1>
      <section className={styles.panel} aria-labelledby="account-details">
        <h2 id="account-details" className={styles.panelTitle}>
          Details
        </h2>
        <p>
          {account.email} · {ROLE_NAMES[account.role]} ·{' '}
          {account.deactivatedAt
            ? `Deactivated on ${formatConsoleDateTime(account.deactivatedAt)}`
            : 'Active'}
          {account.twoFactorEnabled ? ' · Two-factor sign-in on' : ''}
        </p>
      </section>
      <section className={styles.panel} aria-labelledby="account-role-title">
        <h2 id="account-role-title" className={styles.panelTitle}>
          Role
        </h2>
        <RoleForm accountId={account.id} role={account.role} />
      </section>
      <section className={styles.panel} aria-labelledby="account-access">
        <h2 id="account-access" className={styles.panelTitle}>
          Access
        </h2>
        <div className={styles.stack}>
          <PasswordLinkForm accountId={account.id} />
          {self ? (
            <p className={styles.hint}>You cannot deactivate your own account.</p>
          ) : (
            <ActiveForm
              accountId={account.id}
              name={account.name}
              deactivated={account.deactivatedAt !== null}
            />
          )}
        </div>
      </section>
      <FailedSignIns email={account.email} owner={self} />
      <section className={styles.panel} aria-labelledby="account-sign-ins">
        <h2 id="account-sign-ins" className={styles.panelTitle}>
          Recent sign-ins
        </h2>
        {signIns.length === 0 ? (
          <p className={styles.empty}>No sign-in yet.</p>
        ) : (
          <ul className={styles.list}>
            {signIns.map((signIn) => (
              <li key={signIn.at.toISOString()} className={styles.listItem}>
                <span>{formatConsoleDateTime(signIn.at)}</span>
                <span className={styles.muted}>
                  {`Address ${addressWords(signIn.ipAddress)} · ${browserWords(signIn.userAgent)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
