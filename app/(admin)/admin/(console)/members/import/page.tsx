import type { Metadata } from 'next';
import Link from 'next/link';
import { requireAccess } from '@/lib/auth/session';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@/lib/memberships/import-csv';
import styles from '../../../console.module.css';
import { NotAllowed } from '../../NotAllowed';
import { ImportForm } from './ImportForm';

export const metadata: Metadata = { title: 'Import members' };

/**
 * Last year's members from the club's spreadsheet (memberships.changeStatus: the coordinator and
 * super admins): a preview of every row with its problems, then one import of the whole file.
 */
export default async function ImportMembersPage() {
  const { signedIn, allowed } = await requireAccess(
    'memberships.changeStatus',
    '/admin/members/import',
  );
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>Import members</h1>
      <p className={styles.muted}>
        Members kept in a spreadsheet before the console, or a roster export from another copy of
        the site. Their member IDs are kept, each import is written to their history and the audit
        log, and they get no payment record: finance records one if it is owed.{' '}
        <Link href="/admin/members">Back to the members</Link>
      </p>
      <ImportForm maxKilobytes={IMPORT_MAX_BYTES / 1024} maxRows={IMPORT_MAX_ROWS} />
    </div>
  );
}
