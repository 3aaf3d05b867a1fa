import type { Metadata } from 'next';
import Link from 'next/link';
import { can } from '@/lib/auth/permissions';
import { pathWithQuery, requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { formatAmount, membershipYearName } from '@/lib/memberships/format';
import {
  amountOf,
  type MoneyLine,
  moneyAtAGlance,
  moneyYears,
  monthName,
  waitingAmount,
} from '@/lib/memberships/money';
import styles from '../../console.module.css';
import { type Search, single } from '../_forms/Listing';
import { NotAllowed } from '../NotAllowed';
import { type ChartSeries, NumbersChart } from '../numbers/NumbersChart';
import { NumbersFigures } from '../numbers/NumbersFigures';
import numbers from '../numbers/numbers.module.css';

export const metadata: Metadata = { title: 'Money' };

const MONEY_SERIES: ChartSeries[] = [
  { key: 'Collected', color: '#1f5f8b' },
  { key: 'Refunded', color: '#8f001a' },
];

function MoneyRows({
  lines,
  label,
}: {
  lines: Array<MoneyLine & { label: string }>;
  label: string;
}) {
  return (
    <tbody>
      {lines.map((line) => (
        <tr key={`${line.label}-${line.currency}`}>
          <th scope="row" data-label={label}>
            {line.label}
          </th>
          <td data-label="Collected">{formatAmount(line.collectedCents, line.currency)}</td>
          <td data-label="Refunded">{formatAmount(line.refundedCents, line.currency)}</td>
          <td data-label="Net">{formatAmount(line.netCents, line.currency)}</td>
          <td data-label="Payments">{line.payments}</td>
          <td data-label="Refunds">{line.refunds}</td>
        </tr>
      ))}
    </tbody>
  );
}

function MoneyHead({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col">Collected</th>
        <th scope="col">Refunded</th>
        <th scope="col">Net</th>
        <th scope="col">Payments</th>
        <th scope="col">Refunds</th>
      </tr>
    </thead>
  );
}

/**
 * Money at a glance (payments.read): a membership year's money collected, refunded and kept, per
 * type and per month with a chart, what still waits, and the year as a CSV. What each word counts
 * is said on the page, as lib/memberships/money.ts defines it.
 */
export default async function MoneyPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const { signedIn, allowed } = await requireAccess(
    'payments.read',
    pathWithQuery('/admin/money', search),
  );
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const db = await getDb();
  const years = await moneyYears(db);
  if (years.length === 0) {
    return (
      <div className={styles.stack}>
        <h1 className={styles.pageTitle}>Money</h1>
        <p className={styles.empty}>
          No membership year is set up yet: add one in the membership settings.
        </p>
      </div>
    );
  }
  const asked = Number(single(search.year));
  const year = years.includes(asked) ? asked : years[0]!;
  const money = await moneyAtAGlance(db, year);
  const yearName = membershipYearName(year);
  const chartLabel =
    money.byMonth.length === 0
      ? `No money collected or refunded in ${yearName} yet.`
      : `Money collected and refunded by month in ${yearName}: ${money.byMonth
          .map(
            (line) =>
              `${monthName(line.month)}, ${formatAmount(line.collectedCents, line.currency)} collected and ${formatAmount(line.refundedCents, line.currency)} refunded`,
          )
          .join('; ')}.`;
  return (
    <div className={styles.stack}>
      <div className={styles.actionsRow}>
        <h1 className={styles.pageTitle}>Money, {yearName}</h1>
        {can(signedIn, 'payments.export') ? (
          <a
            href={`/admin/money/money.csv?year=${year}`}
            className={`${styles.button} ${styles.quietButton}`}
            download
          >
            Download {yearName} as CSV
          </a>
        ) : null}
      </div>
      {years.length > 1 ? (
        <nav aria-label="Membership years" className={styles.row}>
          {years.map((one) =>
            one === year ? (
              <strong key={one} aria-current="page">
                {membershipYearName(one)}
              </strong>
            ) : (
              <Link key={one} href={`/admin/money?year=${one}`}>
                {membershipYearName(one)}
              </Link>
            ),
          )}
        </nav>
      ) : null}

      <NumbersFigures
        figures={[
          { label: 'Collected', value: amountOf(money.totals, (line) => line.collectedCents) },
          { label: 'Refunded', value: amountOf(money.totals, (line) => line.refundedCents) },
          { label: 'Net', value: amountOf(money.totals, (line) => line.netCents) },
        ]}
      />

      <section className={styles.panel} aria-labelledby="waiting">
        <h2 id="waiting" className={styles.panelTitle}>
          Waiting
        </h2>
        <ul className={styles.list}>
          <li className={styles.listItem}>
            <Link href="/admin/payments#to-confirm">Payments to confirm</Link>
            <strong>
              {money.waiting.paymentsToConfirm} ·{' '}
              {waitingAmount(money.waiting.paymentsToConfirmCents)}
            </strong>
          </li>
          <li className={styles.listItem}>
            <Link href="/admin/payments#refunds-pending">Refunds to send</Link>
            <strong>
              {money.waiting.refundsToSend} · {waitingAmount(money.waiting.refundsToSendCents)}
            </strong>
          </li>
          <li className={styles.listItem}>
            <Link href="/admin/payments#awaiting">Applications not paid yet</Link>
            <strong>{money.waiting.applicationsUnpaid}</strong>
          </li>
        </ul>
      </section>

      <section className={numbers.section} aria-labelledby="by-month">
        <h2 id="by-month" className={numbers.sectionTitle}>
          By month
        </h2>
        {money.byMonth.length === 0 ? (
          <p className={styles.empty}>No money collected or refunded in {yearName} yet.</p>
        ) : (
          <>
            <NumbersChart
              label={chartLabel}
              series={MONEY_SERIES}
              unit="dollars"
              groups={money.byMonth.map((line) => ({
                label: monthName(line.month).replace(/ \d{4}$/, ''),
                values: {
                  Collected: line.collectedCents / 100,
                  Refunded: line.refundedCents / 100,
                },
              }))}
            />
            <table className={styles.table}>
              <caption className={numbers.caption}>
                The chart’s amounts: payments by the day they were received, refunds by the day the
                money went back
              </caption>
              <MoneyHead first="Month" />
              <MoneyRows
                label="Month"
                lines={money.byMonth.map((line) => ({ ...line, label: monthName(line.month) }))}
              />
            </table>
          </>
        )}
      </section>

      <section className={numbers.section} aria-labelledby="by-type">
        <h2 id="by-type" className={numbers.sectionTitle}>
          By membership type
        </h2>
        {money.byType.length === 0 ? (
          <p className={styles.empty}>No payment confirmed in {yearName} yet.</p>
        ) : (
          <table className={styles.table}>
            <MoneyHead first="Type" />
            <MoneyRows
              label="Type"
              lines={money.byType.map((line) => ({ ...line, label: line.typeName }))}
            />
          </table>
        )}
      </section>

      <ul className={numbers.definitions}>
        <li>Collected: payments confirmed by finance (not those returned or taken back).</li>
        <li>Refunded: refunds whose money went back; those still to send are under Waiting.</li>
        <li>Net: collected less refunded.</li>
      </ul>
    </div>
  );
}
