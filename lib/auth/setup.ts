import 'server-only';
import { randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { recordChange } from '@/lib/audit/record';
import { adminAccounts, adminUsers } from '@/lib/db/schema';
import { createLinkToken, endLinks, peekLinkToken, spendLinkToken } from './one-time-links';

/**
 * The console's first account. While no account exists, each server start makes a setup link
 * (lib/auth/one-time-links.ts: random, valid 24 hours, single use) and prints it; the link
 * opens a form that creates the super admin.
 */

export const SETUP_PATH = '/admin/setup';

export async function hasAnyAccount(db: Database): Promise<boolean> {
  const [row] = await db.select({ accounts: count() }).from(adminUsers);
  return (row?.accounts ?? 0) > 0;
}

/**
 * A new setup token, or null when an account already exists. The tokens printed at earlier
 * starts keep working until they expire: several instances on one database each print their own.
 */
export async function createSetupToken(db: Database, now = new Date()): Promise<string | null> {
  if (await hasAnyAccount(db)) return null;
  return createLinkToken(db, 'setup', undefined, now);
}

/** Whether the token may still create the first account (the form is shown only then). */
export async function isSetupTokenValid(db: Database, token: string, now = new Date()) {
  if (await hasAnyAccount(db)) return false;
  return (await peekLinkToken(db, 'setup', token, now)) !== undefined;
}

export type FirstAccount = { name: string; email: string; passwordHash: string };

export type SetupOutcome = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'done' };

/**
 * Creates the super admin with the token, in one transaction: the token is spent as it is used
 * (two tabs submitting the same link create one account), and the accounts table is locked so
 * that two different links of the same start cannot both create a first account.
 */
export async function createFirstAccount(
  db: Database,
  token: string,
  account: FirstAccount,
  now = new Date(),
): Promise<SetupOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${adminUsers} in share row exclusive mode`);
    const [existing] = await tx.select({ accounts: count() }).from(adminUsers);
    if ((existing?.accounts ?? 0) > 0) return { ok: false, reason: 'done' } as const;
    if ((await spendLinkToken(tx, 'setup', token, now)) === undefined) {
      return { ok: false, reason: 'invalid' } as const;
    }
    const userId = randomUUID();
    await tx.insert(adminUsers).values({
      id: userId,
      name: account.name,
      email: account.email,
      emailVerified: true,
      role: 'super_admin',
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(adminAccounts).values({
      id: randomUUID(),
      userId,
      providerId: 'credential',
      accountId: userId,
      password: account.passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    // The other setup links have nothing left to do.
    await endLinks(tx, 'setup');
    await recordChange(
      tx,
      { id: userId, name: account.name },
      {
        action: 'account.setup',
        recordType: 'account',
        recordId: userId,
        summary: `Created the first account, ${account.email}, as super admin`,
        after: { name: account.name, email: account.email, role: 'super_admin' },
      },
      now,
    );
    return { ok: true, userId } as const;
  });
}
