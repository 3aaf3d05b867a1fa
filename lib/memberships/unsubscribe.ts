import 'server-only';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getServerSecret } from '@/lib/auth/server-secrets';
import type { Database } from '@/lib/db/client';
import { memberships } from '@/lib/db/schema';
import { getServerEnv } from '@/lib/env/server';
import { siteUrl } from '@/lib/env/public';
import { moveMembershipStatus } from './history';
import type { MembershipStatus } from './statuses';

/**
 * The unsubscribe link of an announcement (`/membership/unsubscribe?token=…`): the token is the
 * membership's id and an HMAC of it with a key derived from the server's secret, so no table
 * keeps tokens and nobody without the secret can make one. Opening the link changes nothing
 * (mail scanners open links); the member's press of 'Unsubscribe', or a mail client's one-click
 * POST, withdraws the consent the application asked for, with the membership's history and an
 * audit entry in one transaction.
 */

/** `<membership id>.<43 characters of base64url HMAC-SHA256>`. */
const TOKEN_PATTERN = /^(\d{1,9})\.([A-Za-z0-9_-]{43})$/;

/** The path of the public page a token opens; the form there posts to UNSUBSCRIBE_POST_PATH. */
export const UNSUBSCRIBE_PATH = '/membership/unsubscribe';
/** Where the page's form and a mail client's one-click unsubscribe (RFC 8058) POST. */
export const UNSUBSCRIBE_POST_PATH = '/membership/unsubscribe/confirm';

/**
 * The key that signs tokens. Read before a transaction starts: on the embedded database a
 * second query from inside a transaction would wait for that transaction forever.
 */
export async function unsubscribeKey(db: Database): Promise<Buffer> {
  const secret = getServerEnv().BETTER_AUTH_SECRET ?? (await storedSecret(db));
  return createHash('sha256').update(`membership-unsubscribe:${secret}`).digest();
}

// The stored secret never changes once made: read once per database, not per announcement.
const storedSecrets = new WeakMap<Database, Promise<string>>();

function storedSecret(db: Database): Promise<string> {
  let stored = storedSecrets.get(db);
  if (!stored) {
    stored = getServerSecret(db, 'auth');
    storedSecrets.set(db, stored);
    stored.catch(() => storedSecrets.delete(db));
  }
  return stored;
}

function macOf(key: Buffer, membershipId: number): Buffer {
  return createHmac('sha256', key).update(`unsubscribe:${membershipId}`).digest();
}

export function unsubscribeToken(key: Buffer, membershipId: number): string {
  return `${membershipId}.${macOf(key, membershipId).toString('base64url')}`;
}

/** The membership a token names, or null for anything that is not a token this server made. */
export function membershipOfToken(key: Buffer, token: unknown): number | null {
  if (typeof token !== 'string') return null;
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const membershipId = Number(match[1]);
  // One spelling of the id too: `0007` is not the token of membership 7.
  if (String(membershipId) !== match[1]) return null;
  const given = Buffer.from(match[2]!, 'base64url');
  // The 43rd character carries two unused bits, so four spellings decode to the same MAC: only
  // the one this server writes is its token.
  if (given.toString('base64url') !== match[2]) return null;
  const expected = macOf(key, membershipId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? membershipId : null;
}

export function unsubscribeUrl(token: string): string {
  return new URL(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`, siteUrl()).toString();
}

/**
 * What a press of 'Unsubscribe' did. Every token that is not valid answers `invalid` alike,
 * whatever was wrong with it, so a stranger learns nothing of the memberships.
 */
export type UnsubscribeOutcome = { kind: 'unsubscribed'; changed: number } | { kind: 'invalid' };

/** The audit log's action of a withdrawn consent. */
export const UNSUBSCRIBE_ACTION = 'membership.unsubscribe';

export const UNSUBSCRIBE_REASON = 'Unsubscribed from announcements with the link in an email.';

/**
 * Withdraws the consent of the token's membership, and of the person's other memberships (the
 * same uOttawa address), so that no announcement reaches them again: each changed membership
 * gets a line in its history and an audit entry (the system acted, at the member's request).
 * A membership that had already withdrawn it changes nothing: a second press is still 'done'.
 */
export async function unsubscribeWithToken(
  db: Database,
  token: unknown,
  now = new Date(),
): Promise<UnsubscribeOutcome> {
  const membershipId = membershipOfToken(await unsubscribeKey(db), token);
  if (membershipId === null) return { kind: 'invalid' };
  return db.transaction(async (tx): Promise<UnsubscribeOutcome> => {
    const [owner] = await tx
      .select({ emailKey: memberships.uottawaEmailKey })
      .from(memberships)
      .where(eq(memberships.id, membershipId));
    if (!owner) return { kind: 'invalid' };
    const consenting = await tx
      .select({
        id: memberships.id,
        status: memberships.status,
        memberId: memberships.memberId,
      })
      .from(memberships)
      .where(
        and(
          eq(memberships.uottawaEmailKey, owner.emailKey),
          eq(memberships.notificationConsent, true),
        ),
      )
      .orderBy(memberships.id)
      .for('update');
    for (const membership of consenting) {
      await tx
        .update(memberships)
        .set({ notificationConsent: false })
        .where(eq(memberships.id, membership.id));
      const status = membership.status as MembershipStatus;
      // The status stays: the history line records the consent withdrawn, and why.
      await moveMembershipStatus(tx, {
        membershipId: membership.id,
        from: status,
        to: status,
        actor: 'system',
        reason: UNSUBSCRIBE_REASON,
        action: UNSUBSCRIBE_ACTION,
        summary: `${membership.memberId ?? `Application #${membership.id}`}: unsubscribed from announcements with the link in an email`,
        before: { notificationConsent: true },
        after: { notificationConsent: false },
        at: now,
      });
    }
    return { kind: 'unsubscribed', changed: consenting.length };
  });
}
