import type { Metadata } from 'next';
import Link from 'next/link';
import { listAccounts } from '@/lib/admin/accounts';
import { ROLE_NAMES } from '@/lib/auth/roles';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { getServerEnv } from '@/lib/env/server';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../console.module.css';
import { NotAllowed } from '../NotAllowed';
import { InviteForm } from './InviteForm';

export const metadata: Metadata = { title: 'Accounts' };

export default async function AccountsPage() {
  const { signedIn, allowed } = await requireAccess('accounts.manage', '/admin/accounts');
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const accounts = await listAccounts(await getDb());
  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>Accounts</h1>
      <section className={styles.panel} aria-labelledby="all-accounts">
        <h2 id="all-accounts" className={styles.panelTitle}>
          Who can sign in
        </h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Last sign-in</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id}>
                <td data-label="Name">
                  <Link href={`/admin/accounts/${account.id}`}>{account.name}</Link>
                </td>
                <td data-label="Email">{account.email}</td>
                <td data-label="Role">{ROLE_NAMES[account.role]}</td>
                <td data-label="Status">
                  {account.deactivatedAt
                    ? 'Deactivated'
                    : account.hasPassword
                      ? 'Active'
                      : 'Invited'}
                </td>
                <td data-label="Last sign-in">
                  {account.lastSignInAt ? formatConsoleDateTime(account.lastSignInAt) : 'Never'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className={styles.panel} aria-labelledby="invite-someone">
        <h2 id="invite-someone" className={styles.panelTitle}>
          Invite an executive
        </h2>
        <p className={styles.lead}>
          {getServerEnv().SMTP_URL
            ? 'The account exists at once with its role. They are emailed a one-time link to choose their password, and you get the same link here to send them yourself if need be.'
            : 'The account exists at once with its role. You get a one-time link to send them; with it they choose their password.'}
        </p>
        <InviteForm />
      </section>
    </div>
  );
}
