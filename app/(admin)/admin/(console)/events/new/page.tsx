import type { Metadata } from 'next';
import Link from 'next/link';
import { formValuesOf } from '@/lib/admin/events';
import { leadChoices } from '@/lib/admin/event-reads';
import { can } from '@/lib/auth/permissions';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import styles from '../../../console.module.css';
import { NotAllowed } from '../../NotAllowed';
import { EventForm } from '../EventForm';

export const metadata: Metadata = { title: 'New event' };

export default async function NewEventPage() {
  const { signedIn, allowed } = await requireAccess('events.create', '/admin/events/new');
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const leads = can(signedIn, 'events.assignLeads') ? await leadChoices(await getDb()) : null;
  return (
    <div className={styles.stack}>
      <p>
        <Link href="/admin/events">← Events</Link>
      </p>
      <h1 className={styles.pageTitle}>New event</h1>
      <section className={styles.panel} aria-label="The event">
        <EventForm initialValues={formValuesOf(null)} leadChoices={leads} leadIds={[]} />
      </section>
    </div>
  );
}
