import Link from 'next/link';
import { ROLE_NAMES, type Role } from '@/lib/auth/roles';
import styles from '../console.module.css';

/** Shown instead of a console page that the signed-in account's role does not allow. */
export function NotAllowed({ role }: { role: Role }) {
  return (
    <section className={styles.panel} aria-labelledby="not-allowed">
      <h1 id="not-allowed" className={styles.pageTitle}>
        Not available to your role
      </h1>
      <p>
        Your account is a {ROLE_NAMES[role].toLowerCase()}, and this page is for another role. If
        you need it, ask a super admin of the club. <Link href="/admin">Back to the dashboard</Link>
      </p>
    </section>
  );
}
