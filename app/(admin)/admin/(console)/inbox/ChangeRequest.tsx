import Link from 'next/link';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { type MembershipChangeRequest, memberships } from '@/lib/db/schema';
import {
  CHANGE_REQUEST_LINK_MS,
  changeRequestStanding,
  unmatchedWords,
} from '@/lib/memberships/change-requests';
import { CORRECTION_REASON_LENGTH } from '@/lib/memberships/detail-fields';
import { detailValuesOf } from '@/lib/memberships/details';
import { membershipLabel } from '@/lib/memberships/payment-lock';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../console.module.css';
import { CorrectDetailsForm } from '../members/[id]/DetailsForm';

/**
 * A members' change request in the inbox: whether it was confirmed from the membership's own
 * uOttawa email (lib/memberships/change-requests.ts), which membership it matched, and, once
 * confirmed, the correction form to apply it in one step.
 */

async function membershipOf(request: MembershipChangeRequest) {
  if (request.membershipId === null) return null;
  const db = await getDb();
  const [row] = await db.select().from(memberships).where(eq(memberships.id, request.membershipId));
  return row ?? null;
}

/** Whether a confirmation link ending at `until` still works (read once, on the server). */
function linkStillWorks(until: Date): boolean {
  return until.getTime() > Date.now();
}

/** The request's confirmation and membership, as rows of the submission's details. */
export async function ChangeRequestFacts({ request }: { request: MembershipChangeRequest }) {
  const membership = await membershipOf(request);
  const linkUntil = new Date(request.createdAt.getTime() + CHANGE_REQUEST_LINK_MS);
  return (
    <>
      <div>
        <dt className={styles.label}>Confirmation</dt>
        <dd>
          {request.confirmedAt ? (
            `Confirmed from the uOttawa email, ${formatConsoleDateTime(request.confirmedAt)}`
          ) : (
            <>
              <span className={styles.badge}>Unconfirmed</span>{' '}
              {linkStillWorks(linkUntil)
                ? `The link sent to the uOttawa email has not been confirmed yet (it works until ${formatConsoleDateTime(linkUntil)}).`
                : 'The link sent to the uOttawa email was never confirmed: the request may not come from the member.'}
            </>
          )}
        </dd>
      </div>
      <div>
        <dt className={styles.label}>Membership</dt>
        <dd>
          {membership ? (
            <Link href={`/admin/members/${membership.id}`}>{membershipLabel(membership)}</Link>
          ) : (
            unmatchedWords(request)
          )}
        </dd>
      </div>
    </>
  );
}

/** The reason a correction from this request is prefilled with: the request itself, cut to fit. */
function reasonFrom(request: MembershipChangeRequest): string {
  const reason = `As asked in change request #${request.id}: ${request.changes.replace(/\s+/g, ' ').trim()}`;
  return reason.length > CORRECTION_REASON_LENGTH
    ? `${reason.slice(0, CORRECTION_REASON_LENGTH - 1)}…`
    : reason;
}

/** 'Apply to the membership' for a confirmed, matched request; otherwise why it cannot be. */
export async function ApplyChangeRequest({ request }: { request: MembershipChangeRequest }) {
  const standing = changeRequestStanding(request);
  if (standing === 'applied') {
    // The form that applied it is gone once the page refreshes: this line is what says it worked,
    // so it is announced, and it leads to the corrected membership.
    const applied = await membershipOf(request);
    return (
      <p className={styles.muted} role="status">
        Applied to the membership, {formatConsoleDateTime(request.appliedAt!)}.
        {applied ? (
          <>
            {' '}
            <Link href={`/admin/members/${applied.id}`}>See the corrected details</Link>
          </>
        ) : null}
      </p>
    );
  }
  if (standing === 'unconfirmed') {
    return (
      <p className={styles.muted}>
        Not confirmed from the membership’s uOttawa email, so it cannot be applied: it may not come
        from the member.
      </p>
    );
  }
  const membership = await membershipOf(request);
  if (standing === 'unmatched' || !membership) {
    return (
      <p className={styles.muted}>
        {unmatchedWords(request)}: find the membership under Members and correct it there, if the
        request is the member’s.
      </p>
    );
  }
  return (
    <details className={styles.more}>
      <summary>Apply to the membership</summary>
      <p className={styles.muted}>
        The form holds {membershipLabel(membership)}’s details as they are: change what the request
        asks, then apply. The request is marked applied and handled with the correction.
      </p>
      <blockquote className={styles.cellText} style={{ whiteSpace: 'pre-wrap' }}>
        {request.changes}
      </blockquote>
      <CorrectDetailsForm
        membershipId={membership.id}
        name={membership.legalName}
        current={detailValuesOf(membership)}
        changeRequestId={request.id}
        reason={reasonFrom(request)}
      />
    </details>
  );
}
