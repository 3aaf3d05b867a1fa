import type { Metadata } from 'next';
import { pathWithQuery, requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { attendanceHistory } from '@/lib/registrations/reads';
import styles from '../../console.module.css';
import { type Search, single } from '../_forms/Listing';
import { NotAllowed } from '../NotAllowed';
import { AttendanceTable } from './AttendanceTable';

export const metadata: Metadata = { title: 'Attendance' };

/**
 * /admin/attendance?email=…: one person's registrations across events (attended, late
 * cancellations, no-shows). For staff to judge; nothing here penalises anyone.
 */
export default async function AttendancePage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const { signedIn, allowed } = await requireAccess(
    'attendance.read',
    pathWithQuery('/admin/attendance', search),
  );
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const email = (single(search.email) ?? '').trim().slice(0, 254);
  const history = email ? await attendanceHistory(await getDb(), email) : null;
  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>Attendance</h1>
      <form method="get" className={styles.inlineForm} role="search">
        <label htmlFor="attendance-email" className={styles.label}>
          Email
        </label>
        <input
          id="attendance-email"
          name="email"
          type="email"
          defaultValue={email}
          required
          className={styles.input}
        />
        <button type="submit" className={styles.button}>
          Show
        </button>
      </form>
      {history ? (
        <AttendanceTable
          history={history}
          caption={`${email}, newest event first`}
          empty={`No registration under ${email}.`}
        />
      ) : null}
    </div>
  );
}
