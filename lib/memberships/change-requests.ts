import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import {
  emailOutbox,
  type MembershipChangeRequest,
  membershipChangeRequests,
  memberships,
} from '@/lib/db/schema';
import { queueEmail, type Queryable } from '@/lib/mail/outbox';
import type { ChangeRequest } from './application-schema';
import { sameUottawaEmail, typedEmailKey, uottawaEmailKeyOf } from './email-key';
import { membershipLink } from './emails';
import { CHANGE_REQUEST_LINK_HOURS, changeRequestConfirmEmail } from './public-emails';

/**
 * A member's request to change their details ('Change my details' on the membership pages),
 * which counts only once confirmed from the membership's own uOttawa address.
 *
 * Whoever sends one is answered the same (the endpoint says 'check your inbox'): the request is
 * stored with the membership whose member ID and uOttawa email it names (none when they do not
 * match, or, without a member ID, the latest confirmed membership of the address), and a
 * confirmation link goes to that membership's address, or to the address typed when nothing
 * matched, never to a personal email. Opening the link and pressing its button confirms the
 * request (a button, not the link alone: mail scanners open links by themselves). Until then the
 * inbox marks it unconfirmed and offers no way to apply it, so a stranger who knows a member's ID
 * and address cannot speak for them.
 */

export const CHANGE_REQUEST_LINK_MS = CHANGE_REQUEST_LINK_HOURS * 60 * 60_000;

/** Confirmation emails one address receives in an hour at most, whoever asks for them. */
const LINKS_PER_ADDRESS_PER_HOUR = 3;

const CONFIRM_EMAIL_KIND = 'membership-change-confirm';

/** The outbox's key of a change request's confirmation email (erasure finds it by it). */
export const changeRequestEmailKey = (requestId: number) => `${CONFIRM_EMAIL_KIND}:${requestId}`;

/** The audit log's record type of change requests (their confirmation, the inbox's handling). */
export const CHANGE_REQUEST_RECORD = 'change';

/** A link's token: 32 random bytes, base64url. Only its SHA-256 is stored. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The page a change request's confirmation link opens. */
export function changeRequestConfirmUrl(token: string): string {
  return membershipLink(`/membership/change-details/confirm/${token}`);
}

/** The membership a request names: by member ID and address, or the address's latest one. */
async function matchingMembership(tx: Queryable, request: ChangeRequest) {
  const memberId = request.memberId?.toUpperCase() ?? null;
  const [row] = await tx
    .select({
      id: memberships.id,
      uottawaEmail: memberships.uottawaEmail,
      preferredName: memberships.preferredName,
    })
    .from(memberships)
    .where(
      and(
        sameUottawaEmail(request.uottawaEmail),
        memberId ? eq(memberships.memberId, memberId) : isNotNull(memberships.emailConfirmedAt),
        isNull(memberships.erasedAt),
      ),
    )
    .orderBy(desc(memberships.year), desc(memberships.id))
    .limit(1);
  return row ?? null;
}

export type StoredChangeRequest = { id: number; membershipId: number | null; emailed: boolean };

/**
 * Stores a change request and queues its confirmation link (see the module's comment). What was
 * matched is for the tests and the inbox: the visitor is told the same whatever it is.
 */
export async function storeChangeRequest(
  db: Database,
  request: ChangeRequest,
  now: Date,
): Promise<StoredChangeRequest> {
  return db.transaction(async (tx) => {
    const membership = await matchingMembership(tx, request);
    const to = membership?.uottawaEmail ?? request.uottawaEmail;
    const token = randomBytes(32).toString('base64url');
    const [row] = await tx
      .insert(membershipChangeRequests)
      .values({
        name: request.name,
        uottawaEmail: request.uottawaEmail,
        memberId: request.memberId?.toUpperCase() ?? null,
        changes: request.changes,
        membershipId: membership?.id ?? null,
        confirmationHash: hashOf(token),
        createdAt: now,
      })
      .returning({ id: membershipChangeRequests.id });
    if (!row) throw new Error('The change request was not stored.');
    // Whoever sends requests naming someone's address cannot fill their inbox with links.
    const [recent] = await tx
      .select({ emails: count() })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, CONFIRM_EMAIL_KIND),
          // Every spelling of the address counts: full-width letters, a +tag.
          sql`${uottawaEmailKeyOf(emailOutbox.toAddress)} = ${typedEmailKey(to)}`,
          gte(emailOutbox.createdAt, new Date(now.getTime() - 60 * 60_000)),
        ),
      );
    if ((recent?.emails ?? 0) >= LINKS_PER_ADDRESS_PER_HOUR) {
      return { id: row.id, membershipId: membership?.id ?? null, emailed: false };
    }
    await queueEmail(tx, {
      dedupeKey: changeRequestEmailKey(row.id),
      kind: CONFIRM_EMAIL_KIND,
      to,
      email: await changeRequestConfirmEmail({
        // The member's own name when the request is theirs: not words a stranger typed.
        name: membership?.preferredName ?? request.name,
        changes: request.changes,
        matched: membership !== null,
        confirmUrl: changeRequestConfirmUrl(token),
      }),
      membershipId: membership?.id ?? null,
    });
    return { id: row.id, membershipId: membership?.id ?? null, emailed: true };
  });
}

/** What a confirmation link is: a request to confirm (shown with what it asks), or why not. */
export type ChangeRequestLink =
  | { kind: 'open'; name: string; changes: string }
  | { kind: 'used' }
  | { kind: 'expired' }
  | { kind: 'invalid' };

function linkState(
  row: MembershipChangeRequest | undefined,
  now: Date,
): Exclude<ChangeRequestLink, { kind: 'open' }> | null {
  if (!row) return { kind: 'invalid' };
  if (row.confirmedAt) return { kind: 'used' };
  if (now.getTime() - row.createdAt.getTime() > CHANGE_REQUEST_LINK_MS) return { kind: 'expired' };
  return null;
}

async function requestOfToken(db: Queryable, token: string, lock: boolean) {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const query = db
    .select()
    .from(membershipChangeRequests)
    .where(eq(membershipChangeRequests.confirmationHash, hashOf(token)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Reads what a confirmation link is, changing nothing (the page shows it before confirming). */
export async function readChangeRequestLink(
  db: Database,
  token: string,
  now: Date,
): Promise<ChangeRequestLink> {
  const row = await requestOfToken(db, token, false);
  return linkState(row, now) ?? { kind: 'open', name: row!.name, changes: row!.changes };
}

export type ConfirmChangeRequestResult =
  { kind: 'confirmed' } | Exclude<ChangeRequestLink, { kind: 'open' }>;

/** Confirms the request of a link: from now on the inbox shows it as the member's. */
export async function confirmChangeRequest(
  db: Database,
  token: string,
  now: Date,
): Promise<ConfirmChangeRequestResult> {
  return db.transaction(async (tx): Promise<ConfirmChangeRequestResult> => {
    const row = await requestOfToken(tx, token, true);
    const refused = linkState(row, now);
    if (refused) return refused;
    await tx
      .update(membershipChangeRequests)
      .set({ confirmedAt: now })
      .where(eq(membershipChangeRequests.id, row!.id));
    await recordChange(
      tx,
      { id: null, name: 'Member' },
      {
        action: 'change.confirm',
        recordType: CHANGE_REQUEST_RECORD,
        recordId: row!.id,
        summary: `Change request #${row!.id} confirmed through the link sent to its uOttawa email`,
      },
      now,
    );
    return { kind: 'confirmed' };
  });
}

/** Where a change request stands, for the inbox: what staff may do with it. */
export type ChangeRequestStanding = 'unconfirmed' | 'unmatched' | 'confirmed' | 'applied';

export function changeRequestStanding(
  request: Pick<MembershipChangeRequest, 'confirmedAt' | 'membershipId' | 'appliedAt'>,
): ChangeRequestStanding {
  if (request.appliedAt) return 'applied';
  if (!request.confirmedAt) return 'unconfirmed';
  return request.membershipId === null ? 'unmatched' : 'confirmed';
}

/** The words the inbox says for a request that matched no membership. */
export function unmatchedWords(request: Pick<MembershipChangeRequest, 'memberId'>): string {
  return request.memberId
    ? 'Member ID and email do not match any membership'
    : 'No confirmed membership has this uOttawa email';
}
