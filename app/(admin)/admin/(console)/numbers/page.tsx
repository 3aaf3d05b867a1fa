import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import {
  NO_SHOW_RATE_DEFINITION,
  numbersScopeOf,
  parseTermKey,
  percentWords,
  termNumbers,
  termOf,
  termsWithEvents,
} from '@/lib/admin/numbers';
import { getSignedIn, pathWithQuery, signInPath } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { countOf } from '@/lib/registrations/counts';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../console.module.css';
import { type Search, single } from '../_forms/Listing';
import { NotAllowed } from '../NotAllowed';
import { NumbersChart } from './NumbersChart';
import { NumbersDefinitions, NumbersFigures } from './NumbersFigures';
import numbers from './numbers.module.css';

export const metadata: Metadata = { title: 'Numbers' };

/**
 * /admin/numbers?term=2026-fall: one academic term's events with their figures, a chart of
 * registrations and check-ins by month with the same numbers in a table, and the CSV. An event
 * lead sees the events they lead.
 */
export default async function NumbersPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const signedIn = await getSignedIn();
  if (!signedIn) redirect(signInPath(pathWithQuery('/admin/numbers', search)));
  const scope = numbersScopeOf(signedIn);
  if (!scope) return <NotAllowed role={signedIn.role} />;

  const db = await getDb();
  const now = new Date();
  const term = parseTermKey(single(search.term)) ?? termOf(now);
  const [terms, figures] = await Promise.all([
    termsWithEvents(db, scope, now),
    termNumbers(db, scope, term, now),
  ]);
  if (!terms.some((each) => each.key === term.key)) terms.unshift(term);
  const chartLabel = `Registrations and check-ins by month, ${term.label}: ${figures.byMonth
    .map(
      (month) =>
        `${month.label} ${countOf(month.registered, 'registration')}, ${month.checkedIn} checked in`,
    )
    .join('; ')}.`;

  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>Numbers</h1>
      <form method="get" className={`${styles.inlineForm} ${numbers.termForm}`}>
        <label htmlFor="numbers-term" className={styles.label}>
          Term
        </label>
        <select
          id="numbers-term"
          name="term"
          defaultValue={term.key}
          className={`${styles.input} ${numbers.termSelect}`}
        >
          {terms.map((each) => (
            <option key={each.key} value={each.key}>
              {each.label}
            </option>
          ))}
        </select>
        <button type="submit" className={styles.button}>
          Show
        </button>
      </form>
      <p className={styles.muted}>
        {term.label}: the events of {term.span}
        {scope.kind === 'led' ? ' that you lead' : ''}. Cancelled events are left out.
      </p>

      <NumbersFigures
        figures={[
          { label: 'Events held', value: figures.eventsHeld },
          { label: 'Registrations', value: figures.registered },
          { label: 'Checked in', value: figures.checkedIn },
          { label: 'No-shows', value: figures.noShows },
          { label: 'No-show rate', value: percentWords(figures.noShowRate) },
          { label: 'Late cancellations', value: figures.lateCancellations },
        ]}
      />

      <section className={numbers.section} aria-labelledby="by-month">
        <h2 id="by-month" className={numbers.sectionTitle}>
          Registrations and check-ins by month
        </h2>
        <NumbersChart
          label={chartLabel}
          groups={figures.byMonth.map((month) => ({
            label: month.label,
            values: { Registrations: month.registered, 'Checked in': month.checkedIn },
          }))}
        />
        <table className={styles.table}>
          <caption className={numbers.caption}>
            The chart’s numbers, by the month of the event
          </caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Registrations</th>
              <th scope="col">Checked in</th>
            </tr>
          </thead>
          <tbody>
            {figures.byMonth.map((month) => (
              <tr key={month.month}>
                <td data-label="Month">{month.label}</td>
                <td data-label="Registrations">{month.registered}</td>
                <td data-label="Checked in">{month.checkedIn}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={numbers.section} aria-labelledby="events">
        <h2 id="events" className={numbers.sectionTitle}>
          {countOf(figures.events.length, 'event')} in {term.label}
        </h2>
        {figures.events.length === 0 ? (
          <p className={styles.empty}>No event in this term yet.</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Date</th>
                <th scope="col">Registered</th>
                <th scope="col">Checked in</th>
                <th scope="col">No-shows</th>
                <th scope="col">No-show rate</th>
                <th scope="col">Late cancellations</th>
              </tr>
            </thead>
            <tbody>
              {figures.events.map((event) => (
                <tr key={event.eventId}>
                  <td data-label="Event">
                    <Link href={`/admin/events/${event.eventId}/numbers`}>{event.title}</Link>
                  </td>
                  <td data-label="Date">
                    {event.startsAt ? formatConsoleDateTime(event.startsAt) : ''}
                  </td>
                  <td data-label="Registered">{event.registered}</td>
                  <td data-label="Checked in">{event.checkedIn}</td>
                  <td data-label="No-shows">{event.noShows}</td>
                  <td data-label="No-show rate">{percentWords(event.noShowRate)}</td>
                  <td data-label="Late cancellations">{event.lateCancellations}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p>
          <a
            href={`/admin/numbers/numbers.csv?term=${term.key}`}
            className={styles.button}
            download
          >
            Download CSV
          </a>
        </p>
      </section>

      <section className={numbers.section} aria-labelledby="what-they-count">
        <h2 id="what-they-count" className={numbers.sectionTitle}>
          What the numbers count
        </h2>
        <NumbersDefinitions rate={NO_SHOW_RATE_DEFINITION} />
      </section>
    </div>
  );
}
