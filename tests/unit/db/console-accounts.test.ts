import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeRole,
  createPasswordLink,
  inviteAccount,
  listAccounts,
  renewDeadAccountLink,
  setDeactivated,
  setPasswordWithLink,
} from '@/lib/admin/accounts';
import { listAuditEntries } from '@/lib/audit/read';
import { recentChanges } from '@/lib/admin/dashboard';
import type { SignedIn } from '@/lib/auth/session';
import { createFirstAccount, createSetupToken } from '@/lib/auth/setup';
import { adminAccounts, adminSessions, adminUsers, emailOutbox } from '@/lib/db/schema';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

let database: TestDatabase;
let founder: SignedIn;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  const token = (await createSetupToken(database.db))!;
  const created = await createFirstAccount(database.db, token, {
    name: 'Mei Chen',
    email: 'mei@example.org',
    passwordHash: 'hash-1',
  });
  if (!created.ok) throw new Error('no first account');
  founder = { id: created.userId, name: 'Mei Chen', email: 'mei@example.org', role: 'super_admin' };
});
afterAll(async () => {
  await database.dispose();
});

async function openSession(userId: string) {
  await database.db.insert(adminSessions).values({
    id: `session-${userId}-${Math.random()}`,
    token: `token-${Math.random()}`,
    userId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
}

async function sessionsOf(userId: string) {
  return database.db.select().from(adminSessions).where(eq(adminSessions.userId, userId));
}

describe(`console accounts (${DATABASE_UNDER_TEST})`, () => {
  it('queues the invitation and the reset email with their links, in the same transaction', async () => {
    const db = database.db;
    const invited = await inviteAccount(
      db,
      founder,
      { name: 'Ivy Zhou', email: 'ivy@example.org', role: 'event_lead' },
      (token) => `https://tcsa.example/admin/welcome?token=${token}`,
    );
    if (!invited.ok) throw new Error(invited.message);
    const reset = await createPasswordLink(
      db,
      founder,
      invited.accountId,
      (token) => `https://tcsa.example/admin/reset-password?token=${token}`,
    );
    if (!reset.ok) throw new Error(reset.message);
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'ivy@example.org'));
    expect(mails.map((mail) => [mail.kind, mail.subject])).toEqual([
      ['account_invite', 'You are invited to the Telfer Chinese Student Association console'],
      ['account_reset', 'Reset your console password'],
    ]);
    expect(mails[0]?.textBody).toContain(`/admin/welcome?token=${invited.token}`);
    expect(mails[0]?.textBody).toContain('as event lead');
    // Each says how long its link works.
    expect(mails[0]?.textBody).toContain('The link works once, within 7 days.');
    expect(mails[1]?.textBody).toContain('The link works once, within 24 hours.');
    expect(mails[1]?.htmlBody).toContain(`/admin/reset-password?token=${reset.token}`);
  });

  it("'Resend' of an invitation whose link no longer works sends a new link, or offers one once accepted", async () => {
    const db = database.db;
    const linkOf = (purpose: string, token: string) =>
      `https://tcsa.example/${purpose}?token=${token}`;
    const invited = await inviteAccount(
      db,
      founder,
      { name: 'Bo Xu', email: 'bo@example.org', role: 'coordinator' },
      (token) => linkOf('invite', token),
    );
    if (!invited.ok) throw new Error(invited.message);
    const mailsOfBo = () =>
      db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, 'bo@example.org'))
        .orderBy(desc(emailOutbox.id));
    const [first] = await mailsOfBo();
    // A link that still works: the email is sent again as it is.
    expect(await renewDeadAccountLink(db, founder, first!.id, linkOf)).toBeNull();

    // Expired: someone who does not manage accounts (a coordinator resending from the Emails
    // page) may not make a new sign-in link.
    const later = new Date(Date.now() + 8 * 24 * 3_600_000);
    const byCoordinator = await renewDeadAccountLink(
      db,
      { ...founder, role: 'coordinator' },
      first!.id,
      linkOf,
      later,
    );
    expect(byCoordinator).toEqual({
      renewed: false,
      message: expect.stringMatching(/^Not sent: .*only a super admin can send Bo Xu a new one/),
    });
    expect(await mailsOfBo()).toHaveLength(1);

    // Expired, by a super admin: a new invitation with a new link, which works.
    const renewed = await renewDeadAccountLink(db, founder, first!.id, linkOf, later);
    expect(renewed).toMatchObject({ renewed: true });
    const [second] = await mailsOfBo();
    expect(second!.id).toBe(renewed?.renewed && renewed.emailId);
    expect(second!.kind).toBe('account_invite');
    const token = /token=([\w-]+)/.exec(second!.textBody)![1]!;
    expect(token).not.toBe(invited.token);

    // Accepted: nothing is sent, and the answer says why and offers a reset link instead.
    expect(await setPasswordWithLink(db, 'invite', token, 'hash-bo')).toMatchObject({ ok: true });
    const accepted = await renewDeadAccountLink(db, founder, second!.id, linkOf);
    expect(accepted).toEqual({
      renewed: false,
      accountId: invited.accountId,
      message: expect.stringMatching(
        /^Not sent: Bo Xu accepted this invitation.*password reset link/,
      ),
    });
    expect(await mailsOfBo()).toHaveLength(2);
  });

  it('invites an account with its role and a one-time link to choose a password', async () => {
    const db = database.db;
    const invited = await inviteAccount(db, founder, {
      name: 'Leo Wang',
      email: 'leo@example.org',
      role: 'coordinator',
    });
    if (!invited.ok) throw new Error(invited.message);
    expect(
      (await listAccounts(db)).find((account) => account.email === 'leo@example.org'),
    ).toMatchObject({ role: 'coordinator', hasPassword: false, deactivatedAt: null });

    expect(
      await inviteAccount(db, founder, {
        name: 'Leo again',
        email: 'leo@example.org',
        role: 'event_lead',
      }),
    ).toEqual({ ok: false, field: 'email', message: 'An account with this email already exists.' });

    // The link is for invitations only, and works once.
    expect(await setPasswordWithLink(db, 'password', invited.token, 'hash-2')).toMatchObject({
      ok: false,
    });
    expect(await setPasswordWithLink(db, 'invite', invited.token, 'hash-2')).toEqual({
      ok: true,
      email: 'leo@example.org',
    });
    expect(await setPasswordWithLink(db, 'invite', invited.token, 'hash-3')).toMatchObject({
      ok: false,
    });
    const [credential] = await db
      .select()
      .from(adminAccounts)
      .where(eq(adminAccounts.userId, invited.accountId));
    expect(credential?.password).toBe('hash-2');
    expect(
      (await listAccounts(db)).find((account) => account.email === 'leo@example.org'),
    ).toMatchObject({ hasPassword: true });
  });

  it('a password reset link sets a new password and ends the sessions; only the newest works', async () => {
    const db = database.db;
    const [leo] = await db.select().from(adminUsers).where(eq(adminUsers.email, 'leo@example.org'));
    await openSession(leo!.id);
    const older = await createPasswordLink(db, founder, leo!.id);
    const newer = await createPasswordLink(db, founder, leo!.id);
    if (!older.ok || !newer.ok) throw new Error('no link');
    expect(await setPasswordWithLink(db, 'password', older.token, 'hash-old')).toMatchObject({
      ok: false,
    });
    expect(await setPasswordWithLink(db, 'password', newer.token, 'hash-4')).toMatchObject({
      ok: true,
    });
    expect(await sessionsOf(leo!.id)).toHaveLength(0);
  });

  it('keeps one active super admin, and nobody deactivates themselves', async () => {
    const db = database.db;
    expect(await changeRole(db, founder, founder.id, 'coordinator')).toMatchObject({
      ok: false,
      message: 'The console needs at least one active super admin: make another one first.',
    });
    expect(await setDeactivated(db, founder, founder.id, true)).toEqual({
      ok: false,
      message: 'You cannot deactivate your own account.',
    });
    const [leo] = await db.select().from(adminUsers).where(eq(adminUsers.email, 'leo@example.org'));
    expect(await changeRole(db, founder, leo!.id, 'super_admin')).toEqual({ ok: true });
    const leoActor: SignedIn = { ...founder, id: leo!.id, name: 'Leo Wang' };
    expect(await changeRole(db, leoActor, founder.id, 'coordinator')).toEqual({ ok: true });
    // Leo is now the only super admin: Mei (a coordinator now) cannot take that away.
    expect(await setDeactivated(db, founder, leo!.id, true)).toMatchObject({ ok: false });
    expect(await changeRole(db, leoActor, founder.id, 'super_admin')).toEqual({ ok: true });
  });

  it("deactivating ends the account's sessions at once; reactivating lets it sign in again", async () => {
    const db = database.db;
    const [leo] = await db.select().from(adminUsers).where(eq(adminUsers.email, 'leo@example.org'));
    await openSession(leo!.id);
    expect(await setDeactivated(db, founder, leo!.id, true)).toEqual({ ok: true });
    expect(await sessionsOf(leo!.id)).toHaveLength(0);
    expect(
      (await listAccounts(db)).find((account) => account.id === leo!.id)?.deactivatedAt,
    ).toBeInstanceOf(Date);
    const link = await createPasswordLink(db, founder, leo!.id);
    if (!link.ok) throw new Error(link.message);
    expect(await setPasswordWithLink(db, 'password', link.token, 'hash-5')).toMatchObject({
      ok: false,
      message: 'This account has been deactivated. Ask a super admin of the club if you need it.',
    });
    expect(await setDeactivated(db, founder, leo!.id, false)).toEqual({ ok: true });
  });

  it('logs every change with who, what and before/after, and filters the log', async () => {
    const db = database.db;
    const { entries } = await listAuditEntries(db, {});
    const actions = entries.map((entry) => entry.action);
    for (const action of [
      'account.setup',
      'account.invite',
      'account.acceptInvite',
      'account.passwordLink',
      'account.resetPassword',
      'account.role',
      'account.deactivate',
      'account.reactivate',
    ]) {
      expect(actions, action).toContain(action);
    }
    const roleChange = entries.find((entry) => entry.action === 'account.role');
    expect(roleChange).toMatchObject({ before: { role: expect.any(String) } });

    const byLeo = await listAuditEntries(db, { text: 'LEO WANG' });
    expect(byLeo.entries.length).toBeGreaterThan(0);
    expect(byLeo.entries.every((entry) => /leo wang/i.test(entry.summary))).toBe(true);
    expect((await listAuditEntries(db, { text: '%' })).entries).toEqual([]);
    expect((await listAuditEntries(db, { actorId: founder.id })).entries.length).toBeGreaterThan(0);
    expect((await recentChanges(db, 3)).length).toBe(3);
  });
});
