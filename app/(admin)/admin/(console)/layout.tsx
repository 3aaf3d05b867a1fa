import type { ReactNode } from 'react';
import { type Action, roleMayEver } from '@/lib/auth/permissions';
import { ROLE_NAMES } from '@/lib/auth/roles';
import { getSignedIn } from '@/lib/auth/session';
import styles from '../console.module.css';
import { signOut } from './actions';
import { type ConsoleLink, ConsoleNav } from './ConsoleNav';

/**
 * The console's sections, each shown to the roles that may open it (an event lead: the sections
 * that show the events they lead).
 */
const SECTIONS: readonly (ConsoleLink & { action: Action })[] = [
  { href: '/admin', label: 'Dashboard', action: 'dashboard.view' },
  { href: '/admin/events', label: 'Events', action: 'events.list' },
  { href: '/admin/numbers', label: 'Numbers', action: 'numbers.read' },
  { href: '/admin/members', label: 'Members', action: 'memberships.read' },
  { href: '/admin/payments', label: 'Payments', action: 'payments.read' },
  { href: '/admin/money', label: 'Money', action: 'payments.read' },
  { href: '/admin/inbox', label: 'Inbox', action: 'inbox.read' },
  { href: '/admin/emails', label: 'Emails', action: 'emails.manage' },
  { href: '/admin/content', label: 'Content', action: 'content.edit' },
  { href: '/admin/membership/settings', label: 'Membership', action: 'membership.settings' },
  { href: '/admin/settings', label: 'Club settings', action: 'membership.settings' },
  { href: '/admin/accounts', label: 'Accounts', action: 'accounts.manage' },
  { href: '/admin/audit', label: 'Audit log', action: 'audit.read' },
  { href: '/admin/system', label: 'System', action: 'system.read' },
  { href: '/admin/security', label: 'Security', action: 'account.security' },
];

/**
 * The signed-in console's frame. It only shows who is signed in: each page checks the session
 * and the role itself (lib/auth/session.ts), since a layout is not rendered again on every
 * navigation.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const signedIn = await getSignedIn();
  return (
    <div className={styles.shell}>
      <header className={styles.topBar}>
        <p className={styles.consoleName}>TCSA console</p>
        {signedIn ? (
          <ConsoleNav
            links={SECTIONS.filter((section) => roleMayEver(signedIn.role, section.action)).map(
              ({ href, label }) => ({ href, label }),
            )}
          />
        ) : null}
        {signedIn ? (
          <div className={styles.account}>
            <span>
              {signedIn.name} · {ROLE_NAMES[signedIn.role]}
            </span>
            <form action={signOut}>
              <button type="submit" className={styles.signOut}>
                Sign out
              </button>
            </form>
          </div>
        ) : null}
      </header>
      <main id="main-content" className={styles.main}>
        {children}
      </main>
    </div>
  );
}
