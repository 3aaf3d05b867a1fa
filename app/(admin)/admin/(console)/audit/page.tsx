import type { Metadata } from 'next';
import Link from 'next/link';
import { auditFilterChoices, listAuditEntries } from '@/lib/audit/read';
import { pathWithQuery, requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../console.module.css';
import { NotAllowed } from '../NotAllowed';

export const metadata: Metadata = { title: 'Audit log' };

type Search = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** A short, readable form of an entry's before or after values. */
function describe(values: unknown): string {
  if (values === null || values === undefined) return '';
  const text = JSON.stringify(values);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const { signedIn, allowed } = await requireAccess(
    'audit.read',
    pathWithQuery('/admin/audit', search),
  );
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const filter = {
    actorId: single(search.person) || undefined,
    recordType: single(search.record) || undefined,
    text: single(search.q) || undefined,
    page: Number(single(search.page)) || 1,
  };
  const db = await getDb();
  const [{ entries, hasOlder, page }, choices] = await Promise.all([
    listAuditEntries(db, filter),
    auditFilterChoices(db),
  ]);
  const pageLink = (target: number) => {
    const query = new URLSearchParams();
    if (filter.actorId) query.set('person', filter.actorId);
    if (filter.recordType) query.set('record', filter.recordType);
    if (filter.text) query.set('q', filter.text);
    if (target > 1) query.set('page', String(target));
    const text = query.toString();
    return text ? `/admin/audit?${text}` : '/admin/audit';
  };
  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>Audit log</h1>
      <form method="get" className={`${styles.panel} ${styles.filters}`} role="search">
        <div className={styles.field}>
          <label htmlFor="audit-person" className={styles.label}>
            Person
          </label>
          <select
            id="audit-person"
            name="person"
            defaultValue={filter.actorId ?? ''}
            className={styles.input}
          >
            <option value="">Everyone</option>
            {choices.actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="audit-record" className={styles.label}>
            Record
          </label>
          <select
            id="audit-record"
            name="record"
            defaultValue={filter.recordType ?? ''}
            className={styles.input}
          >
            <option value="">Every kind</option>
            {choices.recordTypes.map((recordType) => (
              <option key={recordType} value={recordType}>
                {recordType}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="audit-text" className={styles.label}>
            Words
          </label>
          <input
            id="audit-text"
            name="q"
            type="search"
            defaultValue={filter.text ?? ''}
            className={styles.input}
          />
        </div>
        <button type="submit" className={styles.button}>
          Filter
        </button>
      </form>
      <section className={styles.panel} aria-labelledby="audit-entries">
        <h2 id="audit-entries" className={styles.panelTitle}>
          {page > 1 ? `Entries, page ${page}` : 'Latest entries'}
        </h2>
        {entries.length === 0 ? (
          <p className={styles.empty}>No entry matches.</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="When">{formatConsoleDateTime(entry.at)}</td>
                  <td data-label="Who">{entry.actorName}</td>
                  <td data-label="What">{entry.summary}</td>
                  <td data-label="Before" className={styles.values}>
                    {describe(entry.before)}
                  </td>
                  <td data-label="After" className={styles.values}>
                    {describe(entry.after)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <nav aria-label="Audit log pages" className={styles.row}>
          {page > 1 ? <Link href={pageLink(page - 1)}>Newer entries</Link> : null}
          {hasOlder ? <Link href={pageLink(page + 1)}>Older entries</Link> : null}
        </nav>
      </section>
    </div>
  );
}
