import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createFirstAccount,
  createSetupToken,
  hasAnyAccount,
  isSetupTokenValid,
} from '@/lib/auth/setup';
import { LINK_LIFETIME_MS } from '@/lib/auth/one-time-links';
import { adminAccounts, adminUsers, auditLog, authVerifications } from '@/lib/db/schema';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

let database: TestDatabase | undefined;

beforeEach(async () => {
  await database?.dispose();
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await database?.dispose();
});

const ACCOUNT = { name: 'Mei Chen', email: 'mei@example.org', passwordHash: 'hash-of-a-password' };

describe(`the console's first account (${DATABASE_UNDER_TEST})`, () => {
  it('a start without accounts makes a random token, stored only as its hash', async () => {
    const { db } = database!;
    const first = await createSetupToken(db);
    const second = await createSetupToken(db);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(second).not.toBe(first);
    const stored = await db.select().from(authVerifications);
    expect(stored.map((row) => row.value)).not.toContain(first);
    // Exactly the SHA-256 of each token, in hex, and nothing else about it.
    const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
    expect(stored.map((row) => row.value).sort()).toEqual([sha256(first!), sha256(second!)].sort());
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.value))).toBe(true);
    expect(await isSetupTokenValid(db, first!)).toBe(true);
    expect(await isSetupTokenValid(db, second!)).toBe(true);
    expect(await isSetupTokenValid(db, 'not-the-token')).toBe(false);
  });

  it('creates the super admin once: the token is single use and the others end with it', async () => {
    const { db } = database!;
    const token = (await createSetupToken(db))!;
    const other = (await createSetupToken(db))!;
    expect(await createFirstAccount(db, token, ACCOUNT)).toMatchObject({ ok: true });

    const [user] = await db.select().from(adminUsers);
    expect(user).toMatchObject({ name: 'Mei Chen', email: 'mei@example.org', role: 'super_admin' });
    const [account] = await db.select().from(adminAccounts);
    expect(account).toMatchObject({ userId: user!.id, providerId: 'credential' });
    expect(account!.password).toBe('hash-of-a-password');
    const [entry] = await db.select().from(auditLog);
    expect(entry).toMatchObject({ action: 'account.setup', actorId: user!.id });

    expect(await createFirstAccount(db, token, ACCOUNT)).toEqual({ ok: false, reason: 'done' });
    expect(await isSetupTokenValid(db, other)).toBe(false);
    expect(await createSetupToken(db)).toBeNull();
    expect(await db.select().from(adminUsers)).toHaveLength(1);
  });

  it('two submissions of the same link at once create one account', async () => {
    const { db } = database!;
    const token = (await createSetupToken(db))!;
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        createFirstAccount(db, token, { ...ACCOUNT, email: `mei${n}@example.org` }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await db.select().from(adminUsers)).toHaveLength(1);
  });

  it('a token expires after 24 hours', async () => {
    const { db } = database!;
    const issued = new Date('2026-11-24T10:00:00Z');
    const token = (await createSetupToken(db, issued))!;
    const almost = new Date(issued.getTime() + LINK_LIFETIME_MS.setup - 1000);
    const after = new Date(issued.getTime() + LINK_LIFETIME_MS.setup + 1000);
    expect(await isSetupTokenValid(db, token, almost)).toBe(true);
    expect(await isSetupTokenValid(db, token, after)).toBe(false);
    expect(await createFirstAccount(db, token, ACCOUNT, after)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await hasAnyAccount(db)).toBe(false);
    // The next start clears what has expired.
    await createSetupToken(db, after);
    const left = await db
      .select()
      .from(authVerifications)
      .where(eq(authVerifications.identifier, 'console-setup'));
    expect(left).toHaveLength(1);
  });
});
