import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  failedSignInAttempts,
  finishSignInAttempt,
  FREE_FAILURES,
  lockDurationMs,
  lockedMessage,
  startSignInAttempt,
} from '@/lib/auth/sign-in-attempts';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

let database: TestDatabase;
const now = new Date('2026-11-25T19:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await database.dispose();
});

/** A wrong password, the way the sign-in action records one. */
async function wrongPassword(email: string, at: Date, address = '198.18.0.1') {
  const attempt = await startSignInAttempt(database.db, email, address, at);
  if (attempt.allowed) await finishSignInAttempt(database.db, attempt.attemptId, 'failed');
  return attempt;
}

describe(`the per-account sign-in limit (${DATABASE_UNDER_TEST})`, () => {
  it('locks after five wrong passwords, sent all at once from forty addresses', async () => {
    const email = 'Mei.Chen@example.org';
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        startSignInAttempt(database.db, email, `203.0.113.${index}`, now),
      ),
    );
    const checked = attempts.filter((attempt) => attempt.allowed);
    expect(checked).toHaveLength(FREE_FAILURES);
    for (const attempt of checked) {
      if (attempt.allowed) await finishSignInAttempt(database.db, attempt.attemptId, 'failed');
    }
    // The right password, from yet another address, is refused while the lock lasts.
    const locked = await startSignInAttempt(
      database.db,
      ' mei.chen@EXAMPLE.org',
      '192.0.2.1',
      later(10),
    );
    expect(locked).toEqual({ allowed: false, lockedUntil: later(30), failures: 5 });
    if (!locked.allowed) {
      expect(lockedMessage(locked.lockedUntil, later(10))).toBe(
        "Too many wrong passwords for this account. Try again after 2:00 PM (in about a minute). The account's owner can see these attempts on their Security page.",
      );
    }
    // Refused attempts are shown to the owner, but do not make the lock longer.
    const history = await failedSignInAttempts(database.db, email, 100);
    expect(history.filter((attempt) => attempt.outcome === 'failed')).toHaveLength(5);
    expect(history.filter((attempt) => attempt.outcome === 'refused')).toHaveLength(36);

    // After the lock: one more try; another failure doubles the lock (1 minute).
    const sixth = await wrongPassword(email, later(31));
    expect(sixth.allowed).toBe(true);
    const again = await startSignInAttempt(database.db, email, null, later(60));
    expect(again).toMatchObject({ allowed: false, lockedUntil: later(91), failures: 6 });

    // A success clears the count: the next wrong passwords start again from one.
    const right = await startSignInAttempt(database.db, email, null, later(92));
    if (!right.allowed) throw new Error('refused after the lock');
    await finishSignInAttempt(database.db, right.attemptId, 'succeeded');
    for (let index = 0; index < FREE_FAILURES - 1; index += 1) {
      expect((await wrongPassword(email, later(93 + index))).allowed).toBe(true);
    }
    expect((await wrongPassword(email, later(98))).allowed).toBe(true);
    expect((await startSignInAttempt(database.db, email, null, later(99))).allowed).toBe(false);
  });

  it('counts each email on its own, whether or not an account has it', async () => {
    for (let index = 0; index < FREE_FAILURES; index += 1)
      await wrongPassword('nobody@example.org', now);
    expect((await startSignInAttempt(database.db, 'nobody@example.org', null, now)).allowed).toBe(
      false,
    );
    expect((await startSignInAttempt(database.db, 'somebody@example.org', null, now)).allowed).toBe(
      true,
    );
  });

  it('doubles the lock from 30 seconds up to 15 minutes', () => {
    expect([4, 5, 6, 7, 10, 20].map(lockDurationMs)).toEqual([
      0, 30_000, 60_000, 120_000, 900_000, 900_000,
    ]);
  });
});
