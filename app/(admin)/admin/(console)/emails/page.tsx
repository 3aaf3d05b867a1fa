import type { Metadata } from 'next';
import { pageNumber } from '@/lib/admin/search';
import { can } from '@/lib/auth/permissions';
import { pathWithQuery, requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { getServerEnv } from '@/lib/env/server';
import { formatConsoleDateTime } from '@/lib/site/format';
import { listOutbox, type OutboxFilter } from '@/lib/mail/outbox';
import styles from '../../console.module.css';
import { Pager, type Search, single } from '../_forms/Listing';
import { NotAllowed } from '../NotAllowed';
import { ResendForm } from './ResendForm';

export const metadata: Metadata = { title: 'Emails' };

const PAGE_SIZE = 50;

/** /admin/emails: every email the server sent or still has to send, with Resend. */
export default async function EmailsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const { signedIn, allowed } = await requireAccess(
    'emails.manage',
    pathWithQuery('/admin/emails', search),
  );
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const rawFilter = single(search.show);
  const filter: OutboxFilter = rawFilter === 'sent' || rawFilter === 'all' ? rawFilter : 'unsent';
  const page = pageNumber(single(search.page));
  const rows = await listOutbox(await getDb(), {
    filter,
    limit: PAGE_SIZE + 1,
    offset: (page - 1) * PAGE_SIZE,
    // A refund's subject names its amount, an application's its payment reference.
    withMoney: can(signedIn, 'payments.read'),
  });
  const smtp = Boolean(getServerEnv().SMTP_URL);
  const link = (show: OutboxFilter, target = 1) =>
    `/admin/emails?show=${show}${target > 1 ? `&page=${target}` : ''}`;
  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>Emails</h1>
      {smtp ? null : (
        <p className={styles.alert}>
          No SMTP server is set up (SMTP_URL), so the site sends no email: each one waits here, and
          goes out once SMTP_URL is set. Nothing is lost.
        </p>
      )}
      <nav aria-label="Which emails" className={styles.statusTabs}>
        <a href={link('unsent')} aria-current={filter === 'unsent' ? 'page' : undefined}>
          Not sent
        </a>
        <a href={link('sent')} aria-current={filter === 'sent' ? 'page' : undefined}>
          Sent
        </a>
        <a href={link('all')} aria-current={filter === 'all' ? 'page' : undefined}>
          All
        </a>
      </nav>
      {rows.length === 0 ? (
        <p className={styles.empty}>
          {filter === 'unsent' ? 'Every email has gone out.' : 'No email yet.'}
        </p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.muted}>Newest first</caption>
          <thead>
            <tr>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
              <th scope="col">Queued</th>
              <th scope="col">State</th>
              <th scope="col">Resend</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, PAGE_SIZE).map((row) => (
              <tr key={row.id}>
                <td data-label="To">{row.toAddress}</td>
                <td data-label="Subject">{row.subject}</td>
                <td data-label="Queued">{formatConsoleDateTime(row.createdAt)}</td>
                <td data-label="State">
                  {row.sentAt
                    ? `Sent ${formatConsoleDateTime(row.sentAt)}`
                    : row.gaveUpAt
                      ? `Not sent: gave up after ${row.attempts} attempts (${row.lastError ?? 'no reason given'})`
                      : row.attempts > 0
                        ? `Not sent yet: ${row.attempts} failed ${row.attempts === 1 ? 'attempt' : 'attempts'} (${row.lastError ?? 'no reason given'}); next ${formatConsoleDateTime(row.nextAttemptAt)}`
                        : smtp
                          ? 'Not sent yet: queued'
                          : 'Not sent: no SMTP server set up'}
                </td>
                <td data-label="Resend">
                  <ResendForm id={row.id} subject={row.subject} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        label="Email pages"
        page={page}
        hasMore={rows.length > PAGE_SIZE}
        linkTo={(target) => link(filter, target)}
      />
    </div>
  );
}
