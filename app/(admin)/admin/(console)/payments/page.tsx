import type { Metadata } from 'next';
import Link from 'next/link';
import { can } from '@/lib/auth/permissions';
import { pathWithQuery, requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { formatAmount, formatDay } from '@/lib/memberships/format';
import {
  applicationsAwaitingPayment,
  paymentsToSettle,
  pendingRefunds,
  recentConfirmedPayments,
} from '@/lib/memberships/ledger';
import { centsToDollarsInput } from '@/lib/memberships/price-input';
import { isRefundUndoable } from '@/lib/memberships/refunds';
import { paymentSituation } from '@/lib/memberships/settling';
import {
  MEMBERSHIP_STATUS_NAMES,
  PAYMENT_METHOD_NAMES,
  type PaymentMethod,
} from '@/lib/memberships/statuses';
import styles from '../../console.module.css';
import { type Search, SearchBox, single } from '../_forms/Listing';
import { NotAllowed } from '../NotAllowed';
import {
  CompleteRefundForm,
  FlagProblemForm,
  PaymentActions,
  RecordPaymentForm,
  UndoRefundForm,
} from './PaymentForms';

export const metadata: Metadata = { title: 'Payments' };

const methodName = (method: string) => PAYMENT_METHOD_NAMES[method as PaymentMethod] ?? method;

/**
 * Finance's page (payments.read): the payments still needing a decision, each with exactly the
 * actions valid for it (confirm, confirm with its top-up, accept after checking, accept and
 * refund the difference, return the money), the refunds still to send, and the applications
 * waiting for their e-Transfer, found by the reference the applicant put in the message, or by
 * name or email. Applications whose address is not confirmed are not shown.
 */
export default async function PaymentsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const { signedIn, allowed } = await requireAccess(
    'payments.read',
    pathWithQuery('/admin/payments', search),
  );
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const text = single(search.q).trim().slice(0, 100);
  const db = await getDb();
  const [toSettle, refunds, awaiting, confirmed] = await Promise.all([
    paymentsToSettle(db),
    pendingRefunds(db),
    applicationsAwaitingPayment(db, text),
    recentConfirmedPayments(db),
  ]);
  const now = new Date();
  const mayConfirm = can(signedIn, 'payments.confirm');
  const mayRefund = can(signedIn, 'payments.refund');
  return (
    <div className={styles.stack}>
      <div className={styles.actionsRow}>
        <h1 className={styles.pageTitle}>Payments</h1>
        {can(signedIn, 'payments.export') ? (
          <a
            href="/admin/payments/finance.csv"
            className={`${styles.button} ${styles.quietButton}`}
            download
          >
            Export every payment and refund
          </a>
        ) : null}
      </div>

      <section className={styles.panel} aria-labelledby="to-confirm">
        <h2 id="to-confirm" className={styles.panelTitle}>
          Payments to confirm ({toSettle.length})
        </h2>
        {toSettle.length === 0 ? (
          <p className={styles.empty}>
            No payment waits for a decision: every recorded payment is confirmed or returned.
          </p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Received</th>
                <th scope="col">Amount</th>
                <th scope="col">References</th>
                <th scope="col">State</th>
                {mayConfirm || mayRefund ? <th scope="col">Action</th> : null}
              </tr>
            </thead>
            <tbody>
              {toSettle.map((row) => (
                <tr key={row.payment.id}>
                  <td data-label="From" className={styles.cellText}>
                    <span>
                      <Link href={`/admin/members/${row.membershipId}`}>{row.legalName}</Link>
                      <br />
                      <span className={styles.muted}>{row.uottawaEmail}</span>
                    </span>
                  </td>
                  <td data-label="Received">
                    <span>
                      {formatDay(row.payment.receivedOn)}
                      <br />
                      <span className={styles.muted}>{methodName(row.payment.method)}</span>
                    </span>
                  </td>
                  <td data-label="Amount">
                    <span>
                      {formatAmount(row.payment.amountCents, row.payment.currency)}
                      <br />
                      <span className={styles.muted}>
                        price {formatAmount(row.priceCents, row.currency)}
                      </span>
                    </span>
                  </td>
                  <td data-label="References" className={styles.cellText}>
                    <span>
                      {row.payment.transactionReference}
                      <br />
                      <span className={styles.muted}>application {row.paymentReference}</span>
                    </span>
                  </td>
                  <td data-label="State" className={styles.cellText}>
                    <span>
                      {row.payment.state === 'flagged' ? (
                        <>
                          <span className={styles.badge}>Flagged</span> {row.payment.problem}
                        </>
                      ) : (
                        'Recorded'
                      )}
                    </span>
                  </td>
                  {mayConfirm || mayRefund ? (
                    <td data-label="Action" className={styles.actionCell}>
                      <PaymentActions
                        paymentId={row.payment.id}
                        name={row.legalName}
                        reference={row.payment.transactionReference}
                        currency={row.payment.currency}
                        situation={paymentSituation(row.payment, row.status, row.money, (cents) =>
                          formatAmount(cents, row.currency),
                        )}
                        references={Object.fromEntries(row.references)}
                        mayConfirm={mayConfirm}
                        mayRefund={mayRefund}
                      />
                      {row.payment.state === 'recorded' && mayConfirm ? (
                        <FlagProblemForm
                          membershipId={row.membershipId}
                          paymentId={row.payment.id}
                          name={row.legalName}
                        />
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className={styles.panel} aria-labelledby="refunds-pending">
        <h2 id="refunds-pending" className={styles.panelTitle}>
          Refunds to send ({refunds.length})
        </h2>
        {refunds.length === 0 ? (
          <p className={styles.empty}>No refund waits to be sent.</p>
        ) : (
          <ul className={styles.list}>
            {refunds.map((row) => (
              <li key={row.refund.id} className={styles.listItem}>
                <span>
                  <Link href={`/admin/members/${row.membershipId}`}>{row.legalName}</Link>:{' '}
                  <strong>{formatAmount(row.refund.amountCents, row.refund.currency)}</strong>
                  <br />
                  <span className={styles.muted}>{row.refund.reason}</span>
                </span>
                {mayRefund ? (
                  <span className={styles.row}>
                    <CompleteRefundForm refundId={row.refund.id} name={row.legalName} />
                    {isRefundUndoable(
                      row.refund,
                      row.paymentState ? { state: row.paymentState } : null,
                      now,
                    ) ? (
                      <UndoRefundForm refundId={row.refund.id} name={row.legalName} />
                    ) : null}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.panel} aria-labelledby="awaiting">
        <h2 id="awaiting" className={styles.panelTitle}>
          Applications waiting for payment
        </h2>
        <SearchBox id="payment-search" label="Payment reference, name or email" text={text} />
        {awaiting.rows.length === 0 ? (
          <p className={styles.empty}>
            {text ? 'No application waiting for payment matches.' : 'No application waits.'}
          </p>
        ) : (
          <ul className={styles.list}>
            {awaiting.rows.map((row) => (
              <li key={row.membershipId} className={styles.item}>
                <p>
                  <strong>{row.paymentReference}</strong> ·{' '}
                  <Link href={`/admin/members/${row.membershipId}`}>{row.legalName}</Link> ·{' '}
                  {row.typeName}, {formatAmount(row.priceCents, row.currency)}{' '}
                  <span className={styles.badge}>{MEMBERSHIP_STATUS_NAMES[row.status]}</span>
                  <br />
                  <span className={styles.muted}>{row.uottawaEmail}</span>
                </p>
                {mayConfirm ? (
                  <details className={styles.more}>
                    <summary>Record a payment from {row.legalName}</summary>
                    <RecordPaymentForm
                      membershipId={row.membershipId}
                      name={row.legalName}
                      price={centsToDollarsInput(row.priceCents)}
                    />
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {awaiting.hasMore ? (
          <p className={styles.muted}>
            Only the first {awaiting.rows.length} are shown: search by the reference.
          </p>
        ) : null}
      </section>

      <section className={styles.panel} aria-labelledby="confirmed">
        <h2 id="confirmed" className={styles.panelTitle}>
          Latest confirmed payments
        </h2>
        {confirmed.length === 0 ? (
          <p className={styles.empty}>No payment confirmed yet.</p>
        ) : (
          <ul className={styles.list}>
            {confirmed.map((row) => (
              <li key={row.payment.id} className={styles.listItem}>
                <span>
                  <Link href={`/admin/members/${row.membershipId}`}>{row.legalName}</Link>{' '}
                  {row.memberId ? <span className={styles.muted}>({row.memberId})</span> : null}
                  <br />
                  <span className={styles.muted}>
                    {row.payment.transactionReference}, {formatDay(row.payment.receivedOn)}
                  </span>
                </span>
                <span>{formatAmount(row.payment.amountCents, row.payment.currency)}</span>
              </li>
            ))}
          </ul>
        )}
        <p className={styles.muted}>A refund is recorded on the member’s page.</p>
      </section>
    </div>
  );
}
