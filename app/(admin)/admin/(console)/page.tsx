import type { Metadata } from 'next';
import Link from 'next/link';
import { recentChanges, upcomingEventsWithCounts } from '@/lib/admin/dashboard';
import { unpublishedOf } from '@/lib/admin/event-authoring';
import { unhandledCount } from '@/lib/admin/inbox';
import { can } from '@/lib/auth/permissions';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { amountOf, latestYearMoney, type MoneyLine } from '@/lib/memberships/money';
import { membershipYearName } from '@/lib/memberships/format';
import { EXPIRING_WITHIN_DAYS, membershipCounts } from '@/lib/memberships/roster';
import { placesTakenLabel } from '@/lib/registrations/counts';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../console.module.css';
import { DoorLink } from './events/DoorLink';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const { signedIn } = await requireAccess('dashboard.view', '/admin');
  const db = await getDb();
  const now = new Date();
  const showChanges = can(signedIn, 'dashboard.recentChanges');
  const showInbox = can(signedIn, 'inbox.read');
  const showMembers = can(signedIn, 'memberships.read');
  const showMoney = can(signedIn, 'payments.read');
  const showEvents = can(signedIn, 'events.list');
  const [upcoming, changes, waiting, members, money] = await Promise.all([
    showEvents ? upcomingEventsWithCounts(db, signedIn, now) : [],
    showChanges ? recentChanges(db, 8, { withMoney: showMoney }) : [],
    showInbox ? unhandledCount(db) : 0,
    showMembers ? membershipCounts(db) : null,
    showMoney ? latestYearMoney(db) : null,
  ]);
  // A draft or a scheduled event is on the list for staff, said as such: visitors do not see it.
  const unpublished = await unpublishedOf(
    db,
    upcoming.map((event) => event.id),
    now,
  );
  const memberFigures = members
    ? [
        { label: 'Members in total', value: members.total, href: '/admin/members' },
        { label: 'Active', value: members.active, href: '/admin/members?status=active' },
        { label: 'Pending', value: members.pending, href: '/admin/members?status=pending' },
        {
          label: 'In payment review',
          value: members.paymentReview,
          href: '/admin/members?status=payment_review',
        },
        { label: 'New this month', value: members.newThisMonth, href: '/admin/members?new=month' },
        {
          label: `Expiring within ${EXPIRING_WITHIN_DAYS} days`,
          value: members.expiringSoon,
          href: `/admin/members?expiring=${EXPIRING_WITHIN_DAYS}`,
        },
        ...(showMoney
          ? [
              {
                label: 'Payments to confirm',
                value: members.paymentsToConfirm,
                href: '/admin/payments#to-confirm',
              },
              {
                label: 'Refunds pending',
                value: members.refundsPending,
                href: '/admin/payments#refunds-pending',
              },
            ]
          : []),
      ]
    : [];
  return (
    <>
      <h1 className={styles.pageTitle}>Welcome, {signedIn.name}</h1>
      <div className={styles.panels}>
        {members ? (
          <section className={styles.panel} aria-labelledby="membership-figures">
            <h2 id="membership-figures" className={styles.panelTitle}>
              Membership
            </h2>
            <ul className={styles.list}>
              {memberFigures.map((figure) => (
                <li key={figure.label} className={styles.listItem}>
                  <Link href={figure.href}>{figure.label}</Link>
                  <strong>{figure.value}</strong>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {money ? (
          <section className={styles.panel} aria-labelledby="money-figures">
            <h2 id="money-figures" className={styles.panelTitle}>
              Money, {membershipYearName(money.year)}
            </h2>
            <ul className={styles.list}>
              {[
                { label: 'Collected', pick: (line: MoneyLine) => line.collectedCents },
                { label: 'Refunded', pick: (line: MoneyLine) => line.refundedCents },
                { label: 'Net', pick: (line: MoneyLine) => line.netCents },
              ].map((figure) => (
                <li key={figure.label} className={styles.listItem}>
                  <Link href={`/admin/money?year=${money.year}`}>{figure.label}</Link>
                  <strong>{amountOf(money.totals, figure.pick)}</strong>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {showEvents ? (
          <section className={styles.panel} aria-labelledby="upcoming-events">
            <h2 id="upcoming-events" className={styles.panelTitle}>
              Upcoming events
            </h2>
            {upcoming.length === 0 ? (
              <p className={styles.empty}>No upcoming events.</p>
            ) : (
              <ul className={styles.list}>
                {upcoming.map((event) => (
                  <li key={event.id} className={styles.listItem}>
                    <span>
                      <Link href={`/admin/events/${event.id}`}>
                        <strong>{event.title}</strong>
                      </Link>
                      {unpublished.has(event.id) ? (
                        <>
                          {' '}
                          <span className={styles.badge}>{unpublished.get(event.id)}</span>
                        </>
                      ) : null}
                      <br />
                      <span className={styles.muted}>
                        {event.startsAt
                          ? formatConsoleDateTime(event.startsAt)
                          : 'Date to be announced'}
                      </span>
                    </span>
                    <span className={styles.row}>
                      {placesTakenLabel(event.counts, event.capacity)}
                      <DoorLink actor={signedIn} event={event} now={now} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        {showInbox ? (
          <section className={styles.panel} aria-labelledby="inbox-waiting">
            <h2 id="inbox-waiting" className={styles.panelTitle}>
              Inbox
            </h2>
            <p>
              {waiting === 0
                ? 'Every submission is handled.'
                : `${waiting} ${waiting === 1 ? 'submission waits' : 'submissions wait'} to be handled.`}{' '}
              <Link href="/admin/inbox">Open the inbox</Link>
            </p>
          </section>
        ) : null}
        {showChanges ? (
          <section className={styles.panel} aria-labelledby="recent-changes">
            <h2 id="recent-changes" className={styles.panelTitle}>
              Recent changes
            </h2>
            {changes.length === 0 ? (
              <p className={styles.empty}>No changes yet.</p>
            ) : (
              <ul className={styles.list}>
                {changes.map((change) => (
                  <li key={change.id} className={styles.listItem}>
                    <span>{change.summary}</span>
                    <span className={styles.muted}>
                      {change.actorName}, {formatConsoleDateTime(change.at)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </div>
    </>
  );
}
