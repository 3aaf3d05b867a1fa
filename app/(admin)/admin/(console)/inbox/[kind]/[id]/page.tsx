import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { OutsideWeChat } from '@/app/_components/wechat/WeChat';
import { isSubmissionKind, markRead, SUBMISSION_KINDS } from '@/lib/admin/inbox';
import { can } from '@/lib/auth/permissions';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { eq } from 'drizzle-orm';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../../../console.module.css';
import { NotAllowed } from '../../../NotAllowed';
import { HandledForm } from '../../InboxForms';
import { ApplyChangeRequest, ChangeRequestFacts } from '../../ChangeRequest';
import type { MembershipChangeRequest } from '@/lib/db/schema';

export const metadata: Metadata = { title: 'Submission' };

type Props = { params: Promise<{ kind: string; id: string }> };

const KB = 1024;

export default async function SubmissionPage({ params }: Props) {
  const { kind, id: rawId } = await params;
  const { signedIn, allowed } = await requireAccess('inbox.read', `/admin/inbox/${kind}/${rawId}`);
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  if (!isSubmissionKind(kind) || id === null) notFound();
  const db = await getDb();
  const { table, label } = SUBMISSION_KINDS[kind];
  const [row] = await db.select().from(table).where(eq(table.id, id));
  if (!row) notFound();
  await markRead(db, kind, id);

  let name: string,
    email: string,
    body: string | null = null;
  let application: { position: string; size: number; original: string } | null = null;
  let memberId: string | null = null;
  let change: MembershipChangeRequest | null = null;
  if ('senderName' in row) [name, email, body] = [row.senderName, row.senderEmail, row.message];
  else if ('needs' in row) [name, email, body] = [row.name, row.email, row.needs];
  else if ('changes' in row) {
    [name, email, body, memberId] = [row.name, row.uottawaEmail, row.changes, row.memberId];
    change = row;
  } else {
    [name, email] = [row.applicantName, row.applicantEmail];
    application = {
      position: row.position,
      size: row.resumeSize,
      original: row.resumeOriginalName,
    };
  }
  return (
    <div className={styles.stack}>
      <p>
        <Link href="/admin/inbox">← Inbox</Link>
      </p>
      <h1 className={styles.pageTitle}>
        {label} from {name}
      </h1>
      <section className={styles.panel} aria-label={label}>
        <dl className={styles.form}>
          <div>
            <dt className={styles.label}>Received</dt>
            <dd>{formatConsoleDateTime(row.createdAt)}</dd>
          </div>
          <div>
            <dt className={styles.label}>Email</dt>
            <dd className={styles.cellText}>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </div>
          {kind === 'change' ? (
            <div>
              <dt className={styles.label}>Member ID</dt>
              <dd>
                {memberId ? (
                  <Link href={`/admin/members?q=${encodeURIComponent(memberId)}`}>{memberId}</Link>
                ) : (
                  'Not given'
                )}
              </dd>
            </div>
          ) : null}
          {change ? <ChangeRequestFacts request={change} /> : null}
          {application ? (
            <div>
              <dt className={styles.label}>Position</dt>
              <dd>{application.position}</dd>
            </div>
          ) : null}
          {body !== null ? (
            <div>
              <dt className={styles.label}>
                {kind === 'request' ? 'Needs' : kind === 'change' ? 'What to change' : 'Message'}
              </dt>
              <dd className={styles.cellText} style={{ whiteSpace: 'pre-wrap' }}>
                {body}
              </dd>
            </div>
          ) : null}
          {application ? (
            <div>
              <dt className={styles.label}>Resume</dt>
              <dd>
                {can(signedIn, 'resumes.download') ? (
                  <OutsideWeChat kind="download">
                    <a href={`/admin/inbox/resumes/${id}/resume`} download>
                      Download the resume
                    </a>
                  </OutsideWeChat>
                ) : (
                  'Coordinators and super admins can download it.'
                )}{' '}
                <span className={styles.muted}>
                  ({Math.max(1, Math.round(application.size / KB))} KB, sent as “
                  {application.original}”)
                </span>
              </dd>
            </div>
          ) : null}
          <div>
            <dt className={styles.label}>State</dt>
            <dd>
              {row.handledAt ? `Handled ${formatConsoleDateTime(row.handledAt)}` : 'To handle'}
            </dd>
          </div>
        </dl>
        {can(signedIn, 'inbox.handle') ? (
          <HandledForm kind={kind} id={id} handled={row.handledAt !== null} />
        ) : null}
        {change && can(signedIn, 'memberships.editDetails') ? (
          <ApplyChangeRequest request={change} />
        ) : null}
      </section>
    </div>
  );
}
