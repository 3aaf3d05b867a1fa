import 'server-only';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { signInAttempts } from '@/lib/db/schema';
import { CLUB_TIME_ZONE } from '@/lib/site/format';

/**
 * The per-account sign-in limit, beside the per-address one (Better Auth's, lib/auth/server.ts):
 * an attacker who changes address at every try still meets this one. After FREE_FAILURES wrong
 * passwords for one email since its last successful sign-in, the account is locked for a while
 * that doubles with every further failure (30 s, 1 min, 2 min, … at most 15 min), counted from
 * the latest failure. Every attempt is stored by the email it named, whether or not an account
 * has it, so that the answer never tells which addresses have one; an account's owner reads its
 * failed attempts in the console.
 *
 * The check and the record of an attempt are one transaction that holds a lock on the email, so
 * that attempts sent all at once are counted one after the other.
 *
 * An attempt from a device remembered for the account (lib/auth/trusted-devices.ts) is not held by
 * that lock, so a stranger's guesses cannot lock the owner out of their own browsers. Its wrong
 * passwords still count towards the lock everyone else meets, and are also counted on their own
 * (stored as 'device-fail'): after DEVICE_FREE_FAILURES of them since the last success, the
 * remembered devices are locked in turn, 30 s doubling as above, by their own failures only.
 * Their success ('device-ok') clears only their own count: the lock a stranger's guesses keep on
 * the account goes on holding the stranger.
 */

export const FREE_FAILURES = 5;
/** Wrong passwords in a row from remembered devices before they are locked too. */
export const DEVICE_FREE_FAILURES = 10;
const FIRST_LOCK_MS = 30_000;
const LONGEST_LOCK_MS = 15 * 60_000;
/** Failures older than this are forgotten by the limit (not by the history). */
const MEMORY_MS = 24 * 3_600_000;

export type AttemptOutcome =
  'checking' | 'failed' | 'succeeded' | 'refused' | 'device-check' | 'device-fail' | 'device-ok';

/** A remembered device's attempt, while it is checked and once its password was wrong. */
const DEVICE_CHECKING = 'device-check';
const DEVICE_FAILED = 'device-fail';
const DEVICE_SUCCEEDED = 'device-ok';
/** The outcomes that count as failures until the next success (an unfinished check does). */
const FAILURES = ['checking', 'failed', DEVICE_CHECKING, DEVICE_FAILED];
const DEVICE_FAILURES = new Set<string>([DEVICE_CHECKING, DEVICE_FAILED]);

export type AttemptStart =
  { allowed: true; attemptId: number } | { allowed: false; lockedUntil: Date; failures: number };

/** What a locked account's sign-in answers: when to try again, in the club's time. */
export function lockedMessage(lockedUntil: Date, now: Date = new Date()): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  const time = lockedUntil.toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CLUB_TIME_ZONE,
  });
  return `Too many wrong passwords for this account. Try again after ${time} (in ${minutes === 1 ? 'about a minute' : `about ${minutes} minutes`}). The account's owner can see these attempts on their Security page.`;
}

export function normalizeSignInEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** How long an account stays locked after `failures` failures in a row. */
export function lockDurationMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(LONGEST_LOCK_MS, FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES));
}

/** How long remembered devices stay locked after `failures` wrong passwords of theirs in a row. */
export function deviceLockDurationMs(failures: number): number {
  return failures < DEVICE_FREE_FAILURES
    ? 0
    : lockDurationMs(failures - DEVICE_FREE_FAILURES + FREE_FAILURES);
}

/**
 * Starts an attempt: refused (and recorded as such) while the email's account is locked, else
 * recorded as 'checking' until `finishSignInAttempt` says how the password check went. An attempt
 * never finished (the server stopped) counts as a failure. `rememberedDevice`: the attempt comes
 * from a device remembered for this account, checked by the caller (findRememberedDevice).
 */
export async function startSignInAttempt(
  db: Database,
  rawEmail: string,
  address: string | null,
  now: Date = new Date(),
  { rememberedDevice = false }: { rememberedDevice?: boolean } = {},
): Promise<AttemptStart> {
  const email = normalizeSignInEmail(rawEmail);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${email}`}))`);
    const recent = await tx
      .select({ at: signInAttempts.at, outcome: signInAttempts.outcome })
      .from(signInAttempts)
      .where(
        and(
          eq(signInAttempts.email, email),
          gt(signInAttempts.at, new Date(now.getTime() - MEMORY_MS)),
          inArray(signInAttempts.outcome, [...FAILURES, 'succeeded', DEVICE_SUCCEEDED]),
        ),
      )
      .orderBy(desc(signInAttempts.at), desc(signInAttempts.id))
      .limit(200);
    // A remembered device meets only its own failures since any success; anyone else meets every
    // failure since a success that was not a remembered device's.
    const isSuccess = rememberedDevice
      ? (outcome: string) => outcome === 'succeeded' || outcome === DEVICE_SUCCEEDED
      : (outcome: string) => outcome === 'succeeded';
    const successIndex = recent.findIndex((attempt) => isSuccess(attempt.outcome));
    const sinceSuccess = successIndex === -1 ? recent : recent.slice(0, successIndex);
    const counted = sinceSuccess.filter((attempt) =>
      rememberedDevice
        ? DEVICE_FAILURES.has(attempt.outcome)
        : attempt.outcome !== DEVICE_SUCCEEDED,
    );
    const failures = counted.length;
    const latest = counted[0];
    const duration = rememberedDevice ? deviceLockDurationMs(failures) : lockDurationMs(failures);
    const lockedUntil = latest ? latest.at.getTime() + duration : 0;
    const values = { email, at: now, address: address?.slice(0, 64) ?? null };
    if (duration > 0 && lockedUntil > now.getTime()) {
      await tx.insert(signInAttempts).values({ ...values, outcome: 'refused' });
      return { allowed: false as const, lockedUntil: new Date(lockedUntil), failures };
    }
    const [row] = await tx
      .insert(signInAttempts)
      .values({ ...values, outcome: rememberedDevice ? DEVICE_CHECKING : 'checking' })
      .returning({ id: signInAttempts.id });
    return { allowed: true as const, attemptId: row!.id };
  });
}

/**
 * Records how the password check went: 'refused' when it never happened (the per-address limit,
 * a deactivated account, a server error), which the per-account limit does not count. A
 * remembered device's wrong or right password is kept apart ('device-fail', 'device-ok').
 */
export async function finishSignInAttempt(
  db: Database,
  attemptId: number,
  outcome: 'failed' | 'succeeded' | 'refused',
): Promise<void> {
  await db
    .update(signInAttempts)
    .set({
      outcome: sql`case when ${signInAttempts.outcome} <> ${DEVICE_CHECKING} then ${outcome}::text
        when ${outcome}::text = 'failed' then ${DEVICE_FAILED}
        when ${outcome}::text = 'succeeded' then ${DEVICE_SUCCEEDED}
        else ${outcome}::text end`,
    })
    .where(eq(signInAttempts.id, attemptId));
}

/**
 * An account's attempts that did not sign in: a wrong password ('failed', or 'device-fail' from a
 * remembered device), or refused while locked.
 */
export async function failedSignInAttempts(db: Database, email: string, limit = 20) {
  return db
    .select({
      at: signInAttempts.at,
      address: signInAttempts.address,
      outcome: signInAttempts.outcome,
    })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.email, normalizeSignInEmail(email)),
        inArray(signInAttempts.outcome, ['failed', DEVICE_FAILED, 'refused']),
      ),
    )
    .orderBy(desc(signInAttempts.at), desc(signInAttempts.id))
    .limit(limit);
}

/** How many of an account's attempts of the last `days` failed, and how many were refused. */
export async function failedSignInCounts(db: Database, email: string, days: number) {
  const since = new Date(Date.now() - days * 86_400_000);
  const rows = await db
    .select({ outcome: signInAttempts.outcome, attempts: count() })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.email, normalizeSignInEmail(email)),
        gt(signInAttempts.at, since),
        inArray(signInAttempts.outcome, ['failed', DEVICE_FAILED, 'refused']),
      ),
    )
    .groupBy(signInAttempts.outcome);
  const of = (outcome: string) => rows.find((row) => row.outcome === outcome)?.attempts ?? 0;
  return { failed: of('failed') + of(DEVICE_FAILED), refused: of('refused') };
}
