import type { Metadata } from 'next';
import Link from 'next/link';
import {
  changedFields,
  changeLineText,
  entryRecordName,
  recordTypeName,
  recordWords,
} from '@/lib/audit/changes';
import { auditFilterChoices, auditRecordNames, listAuditEntries } from '@/lib/audit/read';
import { can } from '@/lib/auth/permissions';
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
  // Today only the super admin reads the log; a role without payments.read would read it
  // without finance facts.
  const reader = { withMoney: can(signedIn, 'payments.read') };
  const [{ entries, hasOlder, page }, choices] = await Promise.all([
    listAuditEntries(db, filter, reader),
    auditFilterChoices(db),
  ]);
  const names = await auditRecordNames(db, entries, reader);
  const recordTypes = choices.recordTypes
    .map((recordType) => ({ value: recordType, label: recordTypeName(recordType) }))
    .sort((a, b) => a.label.localeCompare(b.label));
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
            {recordTypes.map((recordType) => (
              <option key={recordType.value} value={recordType.value}>
                {recordType.label}
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
                <th scope="col">Record</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const lines = changedFields(entry.recordType, entry.before, entry.after, names);
                const name = entryRecordName(entry, names);
                return (
                  <tr key={entry.id}>
                    <td data-label="When">{formatConsoleDateTime(entry.at)}</td>
                    <td data-label="Who">{entry.actorName}</td>
                    <td data-label="What">{entry.summary}</td>
                    <td data-label="Record">{recordWords(entry.recordType, name)}</td>
                    <td data-label="Changes" className={styles.changes}>
                      {lines.length === 0 ? null : (
                        <details>
                          <summary>
                            {lines.length === 1
                              ? changeLineText(lines[0]!)
                              : `${lines.length} fields: ${lines.map((line) => line.label).join(', ')}`}
                          </summary>
                          <ul className={styles.changeList}>
                            {lines.map((line, index) => (
                              <li key={index}>{changeLineText(line)}</li>
                            ))}
                          </ul>
                        </details>
                      )}
                    </td>
                  </tr>
                );
              })}
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
