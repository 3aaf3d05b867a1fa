import type { Metadata } from 'next';
import Link from 'next/link';
import { can } from '@/lib/auth/permissions';
import { pathWithQuery, requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { formatDay } from '@/lib/memberships/format';
import {
  parseRosterFilter,
  rosterChoices,
  rosterQuery,
  searchRoster,
} from '@/lib/memberships/roster';
import { MEMBERSHIP_STATUS_NAMES, MEMBERSHIP_STATUSES } from '@/lib/memberships/statuses';
import styles from '../../console.module.css';
import { Pager, type Search } from '../_forms/Listing';
import { NotAllowed } from '../NotAllowed';

export const metadata: Metadata = { title: 'Members' };

/**
 * The club's members (club-operations.md, 'Membership'): every application and membership, found
 * by name, email, member ID or (finance and super admins) payment reference and filtered by
 * status, type, program and year of study; a GET form, so a filtered list is a link staff can
 * share.
 */
export default async function MembersPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const { signedIn, allowed } = await requireAccess(
    'memberships.read',
    pathWithQuery('/admin/members', search),
  );
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const filter = parseRosterFilter(search);
  // Payment references are finance's: only a role with payments.read finds a member by one.
  const byPaymentReference = can(signedIn, 'payments.read');
  const db = await getDb();
  const [{ rows, hasMore, total }, choices] = await Promise.all([
    searchRoster(db, filter, new Date(), { byPaymentReference }),
    rosterChoices(db),
  ]);
  const filtered = rosterQuery(filter, 1).toString() !== '';
  const exportQuery = rosterQuery({ ...filter, page: 1 }).toString();
  const linkTo = (page: number) => {
    const query = rosterQuery(filter, page).toString();
    return query ? `/admin/members?${query}` : '/admin/members';
  };
  return (
    <div className={styles.stack}>
      <div className={styles.actionsRow}>
        <h1 className={styles.pageTitle}>Members</h1>
        {can(signedIn, 'memberships.announce') ? (
          // The announcement's audience is this filter's consenting active members.
          <Link
            href={`/admin/membership/announcements${exportQuery ? `?${exportQuery}` : ''}`}
            className={`${styles.button} ${styles.quietButton}`}
          >
            Email an announcement{filtered ? ' (this selection)' : ''}
          </Link>
        ) : null}
        {can(signedIn, 'memberships.export') ? (
          <a
            href={`/admin/members/members.csv${exportQuery ? `?${exportQuery}` : ''}`}
            className={`${styles.button} ${styles.quietButton}`}
            download
          >
            Export CSV{filtered ? ' (this selection)' : ''}
          </a>
        ) : null}
        {can(signedIn, 'memberships.changeStatus') ? (
          <Link href="/admin/members/import" className={`${styles.button} ${styles.quietButton}`}>
            Import CSV
          </Link>
        ) : null}
      </div>
      <p className={styles.muted}>
        The club’s paid members and their applications. The team chart is under{' '}
        <Link href="/admin/team">Content › Team members</Link>.
      </p>
      <section className={styles.panel} aria-labelledby="member-search">
        <h2 id="member-search" className={styles.panelTitle}>
          Find a member
        </h2>
        <form method="get" role="search" className={styles.filters}>
          <div className={styles.field}>
            <label htmlFor="member-q" className={styles.label}>
              {byPaymentReference
                ? 'Name, email, member ID or payment reference'
                : 'Name, email or member ID'}
            </label>
            <input
              id="member-q"
              name="q"
              type="search"
              defaultValue={filter.text}
              className={styles.input}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="member-status" className={styles.label}>
              Status
            </label>
            <select
              id="member-status"
              name="status"
              defaultValue={filter.status ?? ''}
              className={styles.input}
            >
              <option value="">Any status</option>
              {MEMBERSHIP_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {MEMBERSHIP_STATUS_NAMES[status]}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="member-type" className={styles.label}>
              Type
            </label>
            <select
              id="member-type"
              name="type"
              defaultValue={filter.typeId === null ? '' : String(filter.typeId)}
              className={styles.input}
            >
              <option value="">Any type</option>
              {choices.types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name} ({type.year}–{String((type.year + 1) % 100).padStart(2, '0')})
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="member-program" className={styles.label}>
              Program
            </label>
            <select
              id="member-program"
              name="program"
              defaultValue={filter.program ?? ''}
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
            <label htmlFor="member-study" className={styles.label}>
              Year of study
            </label>
            <select
              id="member-study"
              name="study"
              defaultValue={filter.yearOfStudy ?? ''}
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
          {filter.expiringWithinDays !== null ? (
            <input type="hidden" name="expiring" value={filter.expiringWithinDays} />
          ) : null}
          {filter.newThisMonth ? <input type="hidden" name="new" value="month" /> : null}
          <div className={styles.row}>
            <button type="submit" className={styles.button}>
              Search
            </button>
            {filtered ? <Link href="/admin/members">Clear</Link> : null}
          </div>
        </form>
      </section>
      <section className={styles.panel} aria-labelledby="member-list">
        <h2 id="member-list" className={styles.panelTitle}>
          {filtered ? `${total} matching` : `All ${total}`}{' '}
          {total === 1 ? 'membership' : 'memberships'}
          {filter.expiringWithinDays !== null
            ? `, active and ending within ${filter.expiringWithinDays} days`
            : ''}
          {filter.newThisMonth ? ', applied this month' : ''}
        </h2>
        {rows.length === 0 ? (
          <p className={styles.empty}>
            {filtered ? 'No membership matches this search.' : 'No application yet.'}
          </p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Member ID</th>
                <th scope="col">Status</th>
                <th scope="col">Type</th>
                <th scope="col">Program</th>
                <th scope="col">Valid until</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="Name" className={styles.cellText}>
                    {/* One block: on a phone the cell's label sits beside it. */}
                    <span>
                      <Link href={`/admin/members/${row.id}`}>{row.legalName}</Link>
                      <br />
                      <span className={styles.muted}>{row.uottawaEmail}</span>
                    </span>
                  </td>
                  <td data-label="Member ID">{row.memberId ?? '—'}</td>
                  <td data-label="Status">
                    <span>
                      {MEMBERSHIP_STATUS_NAMES[row.status]}
                      {row.payment === 'Paid' ? null : (
                        <>
                          {' '}
                          <span className={styles.badge}>{row.payment}</span>
                        </>
                      )}
                    </span>
                  </td>
                  <td data-label="Type">{row.typeName}</td>
                  <td data-label="Program" className={styles.cellText}>
                    {row.program}, {row.yearOfStudy}
                  </td>
                  <td data-label="Valid until">{formatDay(row.validUntil)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager label="Member pages" page={filter.page} hasMore={hasMore} linkTo={linkTo} />
      </section>
    </div>
  );
}
