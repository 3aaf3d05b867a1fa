import type { Metadata } from 'next';
import Link from 'next/link';
import { pathWithQuery, requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import {
  announcementRecipients,
  type AnnouncementRow,
  audienceParams,
  audienceWords,
  listAnnouncements,
  membersWord,
  parseAudience,
  typeLabel,
} from '@/lib/memberships/announcements';
import { rosterChoices } from '@/lib/memberships/roster';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../../console.module.css';
import type { Search } from '../../_forms/Listing';
import { NotAllowed } from '../../NotAllowed';
import { AnnouncementForm } from './AnnouncementForm';
import compose from '../../_forms/email-compose.module.css';
import own from './announcements.module.css';

export const metadata: Metadata = { title: 'Announcements' };

const PATH = '/admin/membership/announcements';

/** How many of an announcement's emails went out: '11 sent, 1 waiting'. */
function arrivedWords(row: AnnouncementRow): string {
  const parts = [
    row.sent > 0 ? `${row.sent} sent` : null,
    row.waiting > 0 ? `${row.waiting} waiting` : null,
    row.failed > 0 ? `${row.failed} failed` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'no email queued';
}

/**
 * /admin/membership/announcements: an email to the active members who agreed to be emailed, all
 * or a filter of the roster (the members page's filter carries over), with how many it goes to
 * before it is written, a preview before it is sent, and what was sent, by whom, to how many.
 */
export default async function AnnouncementsPage({
  searchParams,
}: {
  searchParams: Promise<Search>;
}) {
  const search = await searchParams;
  const { signedIn, allowed } = await requireAccess(
    'memberships.announce',
    pathWithQuery(PATH, search),
  );
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const audience = parseAudience(search);
  const db = await getDb();
  const [choices, recipients, sent] = await Promise.all([
    rosterChoices(db),
    announcementRecipients(db, audience),
    listAnnouncements(db),
  ]);
  const params = audienceParams(audience);
  const narrowed = Object.keys(params).length > 0;
  return (
    <div className={styles.stack}>
      <p>
        <Link href="/admin/members">← Members</Link>
      </p>
      <h1 className={styles.pageTitle}>Announcements</h1>
      <p className={styles.muted}>
        An email to the club’s active members who agreed, when they applied, to receive
        announcements. Each email carries the member’s own unsubscribe link.
      </p>

      <section className={styles.panel} aria-labelledby="audience-title">
        <h2 id="audience-title" className={styles.panelTitle}>
          Who gets it
        </h2>
        <form method="get" className={styles.filters}>
          <div className={styles.field}>
            <label htmlFor="audience-type" className={styles.label}>
              Type
            </label>
            <select
              id="audience-type"
              name="type"
              defaultValue={audience.typeId === null ? '' : String(audience.typeId)}
              className={styles.input}
            >
              <option value="">Any type</option>
              {choices.types.map((type) => (
                <option key={type.id} value={type.id}>
                  {typeLabel(type)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="audience-program" className={styles.label}>
              Program
            </label>
            <select
              id="audience-program"
              name="program"
              defaultValue={audience.program ?? ''}
              className={styles.input}
            >
              <option value="">Any program</option>
              {choices.programs.map((program) => (
                <option key={program} value={program}>
                  {program}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="audience-study" className={styles.label}>
              Year of study
            </label>
            <select
              id="audience-study"
              name="study"
              defaultValue={audience.yearOfStudy ?? ''}
              className={styles.input}
            >
              <option value="">Any year</option>
              {choices.yearsOfStudy.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </div>
          {audience.expiringWithinDays !== null ? (
            <input type="hidden" name="expiring" value={audience.expiringWithinDays} />
          ) : null}
          {audience.newThisMonth ? <input type="hidden" name="new" value="month" /> : null}
          <div className={styles.row}>
            <button type="submit" className={`${styles.button} ${styles.quietButton}`}>
              Choose
            </button>
            {narrowed ? <Link href={PATH}>Every member</Link> : null}
          </div>
        </form>
        <p className={own.count} data-testid="announcement-count">
          This goes to {membersWord(recipients.length)}
        </p>
        <p className={styles.muted}>
          To the {audienceWords(audience, choices.types)}, one email per address. Suspended, expired
          and cancelled memberships, and members who declined or unsubscribed, never get one.
        </p>
      </section>

      <section className={styles.panel} aria-labelledby="write-title">
        <h2 id="write-title" className={styles.panelTitle}>
          Write the announcement
        </h2>
        {recipients.length === 0 ? (
          <p className={styles.empty}>Nobody is in this audience: choose another.</p>
        ) : (
          <AnnouncementForm audience={params} />
        )}
      </section>

      <section className={styles.panel} aria-labelledby="sent-title">
        <h2 id="sent-title" className={styles.panelTitle}>
          Sent announcements
        </h2>
        {sent.length === 0 ? (
          <p className={styles.empty}>No announcement yet.</p>
        ) : (
          <ul className={compose.sentList} data-testid="announcements-sent">
            {sent.map((row) => (
              <li key={row.id} className={compose.sentItem}>
                <p className={compose.subject}>{row.subject}</p>
                <p>
                  Sent by {row.sentByName}, {formatConsoleDateTime(row.createdAt)}, to{' '}
                  {membersWord(row.recipients)}: {audienceWords(row.audience, choices.types)}
                </p>
                <p className={row.failed > 0 ? compose.failed : styles.muted}>
                  Emails: {arrivedWords(row)}
                </p>
                <details className={styles.changes}>
                  <summary>What it said</summary>
                  <p className={compose.emailText}>{row.body}</p>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
