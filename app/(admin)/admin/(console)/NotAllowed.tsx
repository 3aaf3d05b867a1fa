import Link from 'next/link';
import { forbidden } from 'next/navigation';
import { roleMayEver } from '@/lib/auth/permissions';
import type { Role } from '@/lib/auth/roles';
import { getSignedIn } from '@/lib/auth/session';
import styles from '../console.module.css';

/**
 * A console page the signed-in account may not open: a page returns `<NotAllowed />` instead of
 * its content. Rendering it calls Next.js's `forbidden()`, so the answer's status is 403 and the
 * nearest forbidden.tsx of the console says why, inside the console's frame (its navigation and
 * sign-out stay). The refusal page reads the session itself: `role` is not needed, and is
 * accepted for the pages that give it.
 */
export const NotAllowed: (props: { role?: Role }) => never = () => forbidden();

/** How the refusal names each role, in a sentence: 'You are signed in as an event lead'. */
const SIGNED_IN_AS: Record<Role, string> = {
  super_admin: 'a super admin',
  coordinator: 'a coordinator',
  finance: 'finance',
  event_lead: 'an event lead',
};

/** A page for other roles: what the visitor's role is, and whom to ask. */
export function RoleRefusal({ role }: { role: Role | null }) {
  return (
    <section className={styles.panel} aria-labelledby="not-allowed">
      <h1 id="not-allowed" className={styles.pageTitle}>
        Not available to your role
      </h1>
      <p>
        {role
          ? `You are signed in as ${SIGNED_IN_AS[role]}, and this page is for other roles. `
          : null}
        If you need it, ask a super admin of the club.{' '}
        <Link href="/admin">Back to the dashboard</Link>
      </p>
    </section>
  );
}

/** A page of an event the visitor's role reaches only on the events they lead. */
export function EventRefusal() {
  return (
    <section className={styles.panel} aria-labelledby="not-allowed">
      <h1 id="not-allowed" className={styles.pageTitle}>
        You do not lead this event
      </h1>
      <p>
        Only its event leads, coordinators and super admins can open this event’s pages. If you
        should lead it, ask a coordinator to add you. <Link href="/admin/events">Your events</Link>
      </p>
    </section>
  );
}

/**
 * The refusal of one event's pages (/admin/events/<id>/…, the door's /admin/check-in/<id>): an
 * event lead is refused only an event they do not lead, any other refused role for its role.
 */
export async function EventPageRefusal() {
  const signedIn = await getSignedIn();
  if (signedIn && roleMayEver(signedIn.role, 'registrations.read')) return <EventRefusal />;
  return <RoleRefusal role={signedIn?.role ?? null} />;
}

/** The refusal of every other console page. */
export async function ConsolePageRefusal() {
  const signedIn = await getSignedIn();
  return <RoleRefusal role={signedIn?.role ?? null} />;
}
