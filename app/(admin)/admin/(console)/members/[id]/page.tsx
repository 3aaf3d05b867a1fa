import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { findRecord, recordName } from '@/lib/admin/collections';
import { can } from '@/lib/auth/permissions';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { formatAmount, formatDay, formatValidity } from '@/lib/memberships/format';
import { centsToDollarsInput } from '@/lib/memberships/price-input';
import { findMembership } from '@/lib/memberships/roster';
import { isRefundUndoable } from '@/lib/memberships/refunds';
import {
  AWAITING_PAYMENT,
  countsAsRefund,
  membershipMoney,
  paymentSituation,
} from '@/lib/memberships/settling';
import { STAFF_STATUS_MOVES } from '@/lib/memberships/status';
import {
  MEMBERSHIP_STATUS_NAMES,
  type MembershipStatus,
  PAYMENT_METHOD_NAMES,
  type PaymentMethod,
} from '@/lib/memberships/statuses';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../../console.module.css';
import { type Search, single } from '../../_forms/Listing';
import { NotAllowed } from '../../NotAllowed';
import { isMemberNotice, MEMBER_NOTICES } from '../notices';
import {
  CompleteRefundForm,
  FlagProblemForm,
  PaymentActions,
  RecordPaymentForm,
  RefundForm,
  UndoRefundForm,
} from '../../payments/PaymentForms';
import { ChangeStatusForm, ResendActivationForm } from './MemberForms';
import { CorrectDetailsForm } from './DetailsForm';
import { correctionsOf, detailValuesOf } from '@/lib/memberships/details';
import { AttendanceTable } from '../../attendance/AttendanceTable';
import { attendanceOfMembership } from '@/lib/registrations/reads';

export const metadata: Metadata = { title: 'Member' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Search> };

const statusName = (status: string | null) =>
  status === null ? 'Applied' : (MEMBERSHIP_STATUS_NAMES[status as MembershipStatus] ?? status);

/** A payment's state as finance reads it on the member's page. */
function paymentStateText(payment: {
  state: string;
  problem: string | null;
  note: string | null;
  confirmedByName: string | null;
  reversalReason: string | null;
}): string {
  switch (payment.state) {
    case 'confirmed':
      return `Confirmed by ${payment.confirmedByName ?? 'staff'}${payment.note ? ` (accepted: ${payment.note})` : ''}`;
    case 'flagged':
      return `Flagged: ${payment.problem ?? ''}`;
    case 'returned':
      return 'Returned: the money went back';
    case 'reversed':
      return `Reversed by the bank${payment.reversalReason ? `: ${payment.reversalReason}` : ''}`;
    default:
      return 'Recorded, to confirm';
  }
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.cellText}>{children}</dd>
    </div>
  );
}

/** One member: their application, status history, money (amounts for finance), and actions. */
export default async function MemberPage({ params, searchParams }: Props) {
  const [{ id: rawId }, search] = await Promise.all([params, searchParams]);
  const { signedIn, allowed } = await requireAccess('memberships.read', `/admin/members/${rawId}`);
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  const withMoney = can(signedIn, 'payments.read');
  const db = await getDb();
  const found = id === null ? null : await findMembership(db, id, { withMoney });
  if (!found) {
    // /admin/members/<id> was the team chart's address before it moved to /admin/team: an old
    // link to a team member that is not also a membership's number says where it went.
    const teamMember = id === null ? null : await findRecord(db, 'members', id);
    if (!teamMember) notFound();
    return (
      <section className={styles.panel} aria-labelledby="moved">
        <h1 id="moved" className={styles.pageTitle}>
          No membership #{id}
        </h1>
        <p>
          The team chart moved to its own place: {recordName('members', teamMember)} is at{' '}
          <Link href={`/admin/team/${id}`}>/admin/team/{id}</Link>.
        </p>
      </section>
    );
  }
  const { membership: m, typeName, history, payments, refunds } = found;
  const now = new Date();
  const [attendance, corrections] = await Promise.all([
    attendanceOfMembership(db, m),
    correctionsOf(db, m.id),
  ]);
  const notice = single(search.done);
  const awaitingPayment = AWAITING_PAYMENT.includes(m.status);
  // How the money stands (lib/memberships/settling.ts): a reversed payment counts for nothing.
  const money = membershipMoney(m.priceCents, payments ?? [], refunds ?? []);
  const refundedCents = (refunds ?? [])
    .filter(countsAsRefund)
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  const fmt = (cents: number) => formatAmount(cents, m.currency);
  const references = Object.fromEntries(
    (payments ?? []).map((payment) => [payment.id, payment.transactionReference]),
  );
  const refundablePayments = (payments ?? [])
    .filter((payment) => (money.remaining.get(payment.id) ?? 0) > 0)
    .map((payment) => ({
      id: payment.id,
      label: `${fmt(payment.amountCents)}, ${payment.transactionReference} (${payment.state}): up to ${fmt(money.remaining.get(payment.id) ?? 0)}`,
      left: centsToDollarsInput(money.remaining.get(payment.id) ?? 0),
    }));
  return (
    <div className={styles.stack}>
      <p>
        <Link href="/admin/members">← Members</Link>
      </p>
      {isMemberNotice(notice) ? (
        <p className={styles.notice} role="status">
          {MEMBER_NOTICES[notice](m.legalName, m.memberId)}
        </p>
      ) : null}
      <div className={styles.actionsRow}>
        <h1 className={styles.pageTitle}>{m.legalName}</h1>
        <span className={styles.badge}>{MEMBERSHIP_STATUS_NAMES[m.status]}</span>
      </div>
      <p>
        {m.memberId ? (
          <>
            Member ID <strong>{m.memberId}</strong>
          </>
        ) : (
          'No member ID yet: it is given when the payment is confirmed.'
        )}{' '}
        · {typeName}, {formatValidity(m.validFrom, m.validUntil)}
      </p>

      <section className={styles.panel} aria-labelledby="application">
        <h2 id="application" className={styles.panelTitle}>
          Application
        </h2>
        <dl className={styles.form}>
          <Detail label="Legal name">{m.legalName}</Detail>
          <Detail label="Preferred name">{m.preferredName}</Detail>
          <Detail label="uOttawa email">
            <a href={`mailto:${m.uottawaEmail}`}>{m.uottawaEmail}</a>
          </Detail>
          <Detail label="Personal email">
            {m.personalEmail ? <a href={`mailto:${m.personalEmail}`}>{m.personalEmail}</a> : '—'}
          </Detail>
          <Detail label="Program">{m.program}</Detail>
          <Detail label="Year of study">{m.yearOfStudy}</Detail>
          <Detail label="Expected graduation">{m.expectedGraduationYear}</Detail>
          <Detail label="Membership type">
            {typeName} ({m.year}–{String((m.year + 1) % 100).padStart(2, '0')})
          </Detail>
          <Detail label="Industries of interest">{m.industries.join(', ') || '—'}</Detail>
          <Detail label="Preferred kinds of events">
            {m.preferredEventKinds.join(', ') || '—'}
          </Detail>
          <Detail label="WeChat ID">{m.wechatId ?? '—'}</Detail>
          <Detail label="LinkedIn">
            {m.linkedinUrl ? (
              <a href={m.linkedinUrl} rel="noreferrer noopener" target="_blank">
                {m.linkedinUrl}
              </a>
            ) : (
              '—'
            )}
          </Detail>
          <Detail label="Notifications">
            {m.notificationConsent ? 'Agreed to be notified' : 'Declined notifications'}
          </Detail>
          <Detail label="Terms and privacy policy accepted">
            {formatConsoleDateTime(m.termsAcceptedAt)}
          </Detail>
          <Detail label="Applied">{formatConsoleDateTime(m.createdAt)}</Detail>
          <Detail label="Activated">
            {m.activatedAt ? formatConsoleDateTime(m.activatedAt) : 'Not yet'}
          </Detail>
          {m.suspendedFrom ? (
            <Detail label="Suspension">
              {formatDay(m.suspendedFrom)}
              {m.suspendedUntil ? ` to ${formatDay(m.suspendedUntil)}` : ''}
              {m.suspensionReason ? `: ${m.suspensionReason}` : ''}
            </Detail>
          ) : null}
        </dl>
        {can(signedIn, 'memberships.editDetails') && !m.erasedAt ? (
          <details className={styles.more}>
            <summary>Correct the details</summary>
            <CorrectDetailsForm
              membershipId={m.id}
              name={m.legalName}
              current={detailValuesOf(m)}
            />
          </details>
        ) : null}
      </section>

      <section className={styles.panel} aria-labelledby="history">
        <h2 id="history" className={styles.panelTitle}>
          Status history
        </h2>
        {history.length === 0 ? (
          <p className={styles.empty}>No change recorded.</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Change</th>
                <th scope="col">Who</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {history.map((change) => (
                <tr key={change.id}>
                  <td data-label="When">{formatConsoleDateTime(change.at)}</td>
                  <td data-label="Change">
                    {change.fromStatus === null
                      ? statusName(change.toStatus)
                      : `${statusName(change.fromStatus)} → ${statusName(change.toStatus)}`}
                  </td>
                  <td data-label="Who">{change.actorName ?? change.actor}</td>
                  <td data-label="Why" className={styles.cellText}>
                    {change.reason ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {corrections.length > 0 ? (
        <section className={styles.panel} aria-labelledby="corrections">
          <h2 id="corrections" className={styles.panelTitle}>
            Corrections of the details
          </h2>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Change</th>
                <th scope="col">Who</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {corrections.map((correction) => (
                <tr key={correction.id}>
                  <td data-label="When">{formatConsoleDateTime(correction.at)}</td>
                  <td data-label="Change" className={styles.cellText}>
                    {correction.lines.map((line) => (
                      <span key={line.label}>
                        {line.label}: {line.before} → {line.after}
                        <br />
                      </span>
                    ))}
                  </td>
                  <td data-label="Who">{correction.actorName}</td>
                  <td data-label="Why" className={styles.cellText}>
                    {correction.reason ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      <section className={styles.panel} aria-labelledby="events">
        <h2 id="events" className={styles.panelTitle}>
          Events
        </h2>
        <AttendanceTable
          history={attendance}
          caption="Registrations as a member or under their emails, newest event first"
          empty="No registration yet."
        />
      </section>

      <section className={styles.panel} aria-labelledby="payments">
        <h2 id="payments" className={styles.panelTitle}>
          Payment
        </h2>
        {payments === null || refunds === null ? (
          <p>
            {found.payment === 'Not paid'
              ? 'Not paid yet: finance confirms the payment.'
              : `${found.payment}.`}
          </p>
        ) : (
          <>
            <p>
              Price {fmt(m.priceCents)} · payment reference <strong>{m.paymentReference}</strong> ·
              paid {fmt(money.keptCents)}
              {money.openCents > 0 ? ` · waiting for a decision ${fmt(money.openCents)}` : ''}
              {refundedCents > 0 ? ` · refunded ${fmt(refundedCents)}` : ''}
              {money.refundableCents > 0 ? ` · can be refunded ${fmt(money.refundableCents)}` : ''}
            </p>
            {payments.length === 0 ? (
              <p className={styles.empty}>No payment recorded.</p>
            ) : (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Received</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Reference</th>
                    <th scope="col">State</th>
                    <th scope="col">Recorded by</th>
                  </tr>
                </thead>
                <tbody>
                  {payments.map((payment) => (
                    <tr key={payment.id}>
                      <td data-label="Received">
                        <span>
                          {formatDay(payment.receivedOn)}
                          <br />
                          <span className={styles.muted}>
                            {PAYMENT_METHOD_NAMES[payment.method as PaymentMethod] ??
                              payment.method}
                          </span>
                        </span>
                      </td>
                      <td data-label="Amount">
                        {formatAmount(payment.amountCents, payment.currency)}
                      </td>
                      <td data-label="Reference" className={styles.cellText}>
                        {payment.transactionReference}
                      </td>
                      <td data-label="State" className={styles.cellText}>
                        <div>
                          {paymentStateText(payment)}
                          {can(signedIn, 'payments.confirm') || can(signedIn, 'payments.refund') ? (
                            <PaymentActions
                              paymentId={payment.id}
                              name={m.legalName}
                              reference={payment.transactionReference}
                              currency={payment.currency}
                              situation={paymentSituation(payment, m.status, money, fmt)}
                              references={references}
                              mayConfirm={can(signedIn, 'payments.confirm')}
                              mayRefund={can(signedIn, 'payments.refund')}
                            />
                          ) : null}
                        </div>
                      </td>
                      <td data-label="Recorded by">{payment.recordedByName}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {refunds.length > 0 ? (
              <>
                <h3 className={styles.label}>Refunds</h3>
                <ul className={styles.list}>
                  {refunds.map((refund) => (
                    <li key={refund.id} className={styles.listItem}>
                      <span>
                        <strong>{formatAmount(refund.amountCents, refund.currency)}</strong>{' '}
                        {refund.state === 'done' && refund.refundedOn
                          ? `sent ${formatDay(refund.refundedOn)}`
                          : refund.state === 'cancelled'
                            ? 'cancelled: the bank took its payment back'
                            : refund.state === 'undone'
                              ? 'undone: recorded by mistake, never sent'
                              : 'to send'}
                        {refund.paymentId !== null && references[refund.paymentId]
                          ? ` · of ${references[refund.paymentId]}`
                          : ''}
                        {refund.endsMembership &&
                        refund.state !== 'cancelled' &&
                        countsAsRefund(refund)
                          ? ' · ends the membership'
                          : ''}
                        <br />
                        <span className={styles.muted}>{refund.reason}</span>
                      </span>
                      {refund.state === 'pending' && can(signedIn, 'payments.refund') ? (
                        <span className={styles.row}>
                          <CompleteRefundForm refundId={refund.id} name={m.legalName} />
                          {isRefundUndoable(
                            refund,
                            (payments ?? []).find((payment) => payment.id === refund.paymentId) ??
                              null,
                            now,
                          ) ? (
                            <UndoRefundForm refundId={refund.id} name={m.legalName} />
                          ) : null}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {(awaitingPayment || m.status === 'active') && can(signedIn, 'payments.confirm') ? (
              // For an active membership, a payment that came after activation: recorded flagged,
              // so its money can be returned.
              <details className={styles.more}>
                <summary>
                  {awaitingPayment
                    ? 'Record a payment'
                    : 'Record a payment that came after activation'}
                </summary>
                <RecordPaymentForm
                  membershipId={m.id}
                  name={m.legalName}
                  price={centsToDollarsInput(m.priceCents)}
                />
              </details>
            ) : null}
            {(m.status === 'pending' || m.status === 'active') &&
            can(signedIn, 'payments.confirm') ? (
              <FlagProblemForm membershipId={m.id} name={m.legalName} />
            ) : null}
            {refundablePayments.length > 0 && can(signedIn, 'payments.refund') ? (
              <details className={styles.more}>
                <summary>Record a refund</summary>
                <RefundForm membershipId={m.id} name={m.legalName} payments={refundablePayments} />
              </details>
            ) : null}
          </>
        )}
      </section>

      {can(signedIn, 'memberships.changeStatus') || can(signedIn, 'memberships.resendEmail') ? (
        <section className={styles.panel} aria-labelledby="manage">
          <h2 id="manage" className={styles.panelTitle}>
            Manage
          </h2>
          {can(signedIn, 'memberships.changeStatus') ? (
            STAFF_STATUS_MOVES[m.status].length > 0 ? (
              <ChangeStatusForm
                membershipId={m.id}
                name={m.legalName}
                choices={STAFF_STATUS_MOVES[m.status].map((status) => ({
                  value: status,
                  label: MEMBERSHIP_STATUS_NAMES[status],
                }))}
              />
            ) : (
              <p className={styles.muted}>
                A {MEMBERSHIP_STATUS_NAMES[m.status].toLowerCase()} membership stays as it is; the
                member applies again for a new year.
              </p>
            )
          ) : null}
          {can(signedIn, 'memberships.resendEmail') && m.memberId && m.status === 'active' ? (
            <ResendActivationForm membershipId={m.id} email={m.uottawaEmail} />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
