import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { recordChange } from '@/lib/audit/record';
import { createHash } from 'node:crypto';
import { queueEmail } from '@/lib/mail/outbox';
import { accountLinkEmail, consoleWords, type ConsoleWords } from '@/lib/mail/templates';
import {
  createLinkToken,
  LINK_LIFETIME_MS,
  linkStillWorks,
  spendLinkToken,
  type LinkPurpose,
} from '@/lib/auth/one-time-links';
import { can } from '@/lib/auth/permissions';
import { ROLE_NAMES, type Role } from '@/lib/auth/roles';
import { SIGN_IN_ACTION } from '@/lib/auth/server';
import { forgetDevicesOf } from '@/lib/auth/trusted-devices';
import type { SignedIn } from '@/lib/auth/session';
import type { Database } from '@/lib/db/client';
import { adminAccounts, adminSessions, adminUsers, auditLog, emailOutbox } from '@/lib/db/schema';

/**
 * The console's accounts as super admins manage them: invitations, roles, deactivation and
 * password links. Every change is written with its audit entry in one transaction.
 */

export type AccountSummary = {
  id: string;
  name: string;
  email: string;
  role: Role;
  deactivatedAt: Date | null;
  /** False until the invited person has chosen a password. */
  hasPassword: boolean;
  twoFactorEnabled: boolean;
  lastSignInAt: Date | null;
};

export async function listAccounts(db: Database): Promise<AccountSummary[]> {
  const lastSignIns = db
    .select({ accountId: auditLog.recordId, at: sql<Date>`max(${auditLog.at})`.as('last_at') })
    .from(auditLog)
    .where(eq(auditLog.action, SIGN_IN_ACTION))
    .groupBy(auditLog.recordId)
    .as('last_sign_ins');
  const rows = await db
    .select({
      id: adminUsers.id,
      name: adminUsers.name,
      email: adminUsers.email,
      role: adminUsers.role,
      deactivatedAt: adminUsers.deactivatedAt,
      twoFactorEnabled: adminUsers.twoFactorEnabled,
      passwords: count(adminAccounts.id),
      lastSignInAt: lastSignIns.at,
    })
    .from(adminUsers)
    .leftJoin(
      adminAccounts,
      and(eq(adminAccounts.userId, adminUsers.id), eq(adminAccounts.providerId, 'credential')),
    )
    .leftJoin(lastSignIns, eq(lastSignIns.accountId, adminUsers.id))
    .groupBy(adminUsers.id, lastSignIns.at)
    .orderBy(asc(adminUsers.name), asc(adminUsers.email));
  return rows.map(({ passwords, lastSignInAt, ...row }) => ({
    ...row,
    role: row.role as Role,
    twoFactorEnabled: row.twoFactorEnabled ?? false,
    hasPassword: passwords > 0,
    // The aggregate comes back as text on some drivers.
    lastSignInAt: lastSignInAt ? new Date(lastSignInAt) : null,
  }));
}

export async function findAccount(db: Database, id: string) {
  const [account] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  return account ?? null;
}

/** The account's latest sign-ins, newest first, with where they came from. */
export async function recentSignIns(db: Database, accountId: string, limit = 10) {
  const rows = await db
    .select({ at: auditLog.at, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, SIGN_IN_ACTION), eq(auditLog.recordId, accountId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map(({ at, after }) => {
    const detail = (after ?? {}) as { ipAddress?: string | null; userAgent?: string | null };
    return { at, ipAddress: detail.ipAddress ?? null, userAgent: detail.userAgent ?? null };
  });
}

export type AccountRefusal = { ok: false; message: string; field?: string };
export type AccountOutcome<T = object> = ({ ok: true } & T) | AccountRefusal;

/** A short tag of a one-time token that names its email without revealing the token. */
function tokenTag(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 24);
}

function invitationKey(accountId: string, token: string): string {
  return `account-invite:${accountId}:${tokenTag(token)}`;
}

/** How long a link of `purpose` works, in hours, as its email says it. */
const lifetimeHours = (purpose: LinkPurpose) => LINK_LIFETIME_MS[purpose] / (60 * 60 * 1000);

async function queueInvitation(
  tx: Parameters<typeof queueEmail>[0],
  words: ConsoleWords,
  invitee: { id: string; name: string; email: string; role: Role },
  url: string,
  token: string,
) {
  await queueEmail(tx, {
    dedupeKey: invitationKey(invitee.id, token),
    kind: 'account_invite',
    to: invitee.email,
    email: accountLinkEmail(words, {
      kind: 'invite',
      name: invitee.name,
      url,
      role: invitee.role,
      validForHours: lifetimeHours('invite'),
    }),
  });
}

/** The password reset email of `account`, with its one-time link. */
async function queueReset(
  tx: Parameters<typeof queueEmail>[0],
  words: ConsoleWords,
  account: { name: string; email: string },
  url: string,
  dedupeKey: string,
) {
  await queueEmail(tx, {
    dedupeKey,
    kind: 'account_reset',
    to: account.email,
    email: accountLinkEmail(words, {
      kind: 'reset',
      name: account.name,
      url,
      validForHours: lifetimeHours('password'),
    }),
  });
}

/**
 * Invites an account: it exists at once with its role, without a password, and the returned
 * one-time link (valid 7 days) lets the person choose one.
 */
export async function inviteAccount(
  db: Database,
  actor: SignedIn,
  invitee: { name: string; email: string; role: Role },
  /** The page the link opens, for the invitation email queued with the account. */
  linkOf?: (token: string) => string,
): Promise<AccountOutcome<{ accountId: string; token: string }>> {
  // The email's words (the editors'), read before the transaction holds its locks.
  const words = await consoleWords();
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.email, invitee.email));
    if (taken) {
      return {
        ok: false,
        field: 'email',
        message: 'An account with this email already exists.',
      } as const;
    }
    const accountId = randomUUID();
    await tx.insert(adminUsers).values({
      id: accountId,
      name: invitee.name,
      email: invitee.email,
      role: invitee.role,
      emailVerified: false,
    });
    const token = await createLinkToken(tx, 'invite', accountId);
    if (linkOf) {
      await queueInvitation(tx, words, { id: accountId, ...invitee }, linkOf(token), token);
    }
    await recordChange(tx, actor, {
      action: 'account.invite',
      recordType: 'account',
      recordId: accountId,
      summary: `Invited ${invitee.name} (${invitee.email}) as ${ROLE_NAMES[invitee.role].toLowerCase()}`,
      after: invitee,
    });
    return { ok: true, accountId, token } as const;
  });
}

/** A new one-time link (valid 24 hours) with which the account's owner sets a new password. */
export async function createPasswordLink(
  db: Database,
  actor: SignedIn,
  accountId: string,
  /** The page the link opens, for the reset email queued with the link. */
  linkOf?: (token: string) => string,
): Promise<AccountOutcome<{ token: string }>> {
  const words = await consoleWords();
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(adminUsers).where(eq(adminUsers.id, accountId));
    if (!account) return { ok: false, message: 'This account no longer exists.' } as const;
    const token = await createLinkToken(tx, 'password', accountId);
    if (linkOf) {
      await queueReset(
        tx,
        words,
        account,
        linkOf(token),
        `account-reset:${accountId}:${tokenTag(token)}`,
      );
    }
    await recordChange(tx, actor, {
      action: 'account.passwordLink',
      recordType: 'account',
      recordId: accountId,
      summary: `Made a password reset link for ${account.name}`,
    });
    return { ok: true, token } as const;
  });
}

/** What 'Resend' does with an invitation or password reset email whose link no longer works. */
export type DeadLinkResend =
  /** A new link went out in a new email (`emailId`), for the reason in `message`. */
  | { renewed: true; emailId: number; message: string }
  /** Nothing was sent: `message` says why and what to do instead, on the account's page. */
  | { renewed: false; message: string; accountId?: string };

/**
 * 'Resend' of an invitation or a password reset email (the Emails page). Sent again as it is, an
 * email whose one-time link was used, replaced by a newer one or has expired would carry a dead
 * link. So an invitation not yet accepted, or a reset link, gets a new link in a new email (the
 * older one stops working), and an accepted invitation is not sent: its owner has a password,
 * and the answer offers a password reset link instead. Returns null when the email carries no
 * account link or its link still works, for the caller to send it again as it is.
 */
export async function renewDeadAccountLink(
  db: Database,
  actor: SignedIn,
  emailId: number,
  linkOf: (purpose: PasswordLinkPurpose, token: string) => string,
  now = new Date(),
): Promise<DeadLinkResend | null> {
  const words = await consoleWords();
  return db.transaction(async (tx) => {
    const [email] = await tx
      .select({ dedupeKey: emailOutbox.dedupeKey })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, emailId));
    const parsed = email && /^account-(invite|reset):([^:]+):([0-9a-f]+)$/.exec(email.dedupeKey);
    if (!parsed) return null;
    const purpose: PasswordLinkPurpose = parsed[1] === 'invite' ? 'invite' : 'password';
    const accountId = parsed[2]!;
    if (await linkStillWorks(tx, purpose, accountId, parsed[3]!, now)) return null;
    const [account] = await tx.select().from(adminUsers).where(eq(adminUsers.id, accountId));
    if (!account) return { renewed: false, message: 'This account no longer exists.' };
    // A new sign-in link is a grant of access: only who manages accounts may make one.
    if (!can(actor, 'accounts.manage')) {
      return {
        renewed: false,
        message: `Not sent: this link no longer works, and only a super admin can send ${account.name} a new one (on the account's page).`,
      };
    }
    if (account.deactivatedAt) {
      return {
        renewed: false,
        accountId,
        message: `Not sent: ${account.name}'s account is deactivated, so its link would not work. Reactivate it on the account's page first.`,
      };
    }
    const [credential] = await tx
      .select({ id: adminAccounts.id })
      .from(adminAccounts)
      .where(and(eq(adminAccounts.userId, accountId), eq(adminAccounts.providerId, 'credential')));
    if (purpose === 'invite' && credential) {
      return {
        renewed: false,
        accountId,
        message: `Not sent: ${account.name} accepted this invitation and chose a password, so its link no longer works. If they cannot sign in, make them a password reset link on their account page.`,
      };
    }
    const token = await createLinkToken(tx, purpose, accountId, now);
    let dedupeKey: string;
    if (purpose === 'invite') {
      dedupeKey = invitationKey(accountId, token);
      await queueInvitation(
        tx,
        words,
        { id: accountId, name: account.name, email: account.email, role: account.role as Role },
        linkOf('invite', token),
        token,
      );
    } else {
      dedupeKey = `account-reset:${accountId}:${tokenTag(token)}`;
      await queueReset(tx, words, account, linkOf('password', token), dedupeKey);
    }
    const [queued] = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, dedupeKey));
    const what = purpose === 'invite' ? 'invitation' : 'password reset link';
    await recordChange(tx, actor, {
      action: purpose === 'invite' ? 'account.invite' : 'account.passwordLink',
      recordType: 'account',
      recordId: accountId,
      summary: `Sent ${account.name} a new ${what}: the link in email ${emailId} no longer worked`,
    });
    return {
      renewed: true,
      emailId: queued!.id,
      message: `The link in that email no longer worked (used, replaced by a newer one or expired), so a new ${what} with a new link was made and sent to ${account.email} instead.`,
    };
  });
}

/** The active super admins other than `accountId`: the console must always keep one. */
async function otherActiveSuperAdmins(tx: Pick<Database, 'select'>, accountId: string) {
  const [row] = await tx
    .select({ others: count() })
    .from(adminUsers)
    .where(
      and(
        eq(adminUsers.role, 'super_admin'),
        isNull(adminUsers.deactivatedAt),
        sql`${adminUsers.id} <> ${accountId}`,
      ),
    );
  return row?.others ?? 0;
}

export async function changeRole(
  db: Database,
  actor: SignedIn,
  accountId: string,
  role: Role,
): Promise<AccountOutcome> {
  return db.transaction(async (tx) => {
    // One change to super admins at a time, so two demotions cannot leave none.
    await tx.execute(sql`lock table ${adminUsers} in share row exclusive mode`);
    const [account] = await tx.select().from(adminUsers).where(eq(adminUsers.id, accountId));
    if (!account) return { ok: false, message: 'This account no longer exists.' } as const;
    if (account.role === role) return { ok: true } as const;
    if (account.role === 'super_admin' && (await otherActiveSuperAdmins(tx, accountId)) === 0) {
      return {
        ok: false,
        message: 'The console needs at least one active super admin: make another one first.',
      } as const;
    }
    await tx
      .update(adminUsers)
      .set({ role, updatedAt: new Date() })
      .where(eq(adminUsers.id, accountId));
    await recordChange(tx, actor, {
      action: 'account.role',
      recordType: 'account',
      recordId: accountId,
      summary: `Changed ${account.name}'s role from ${ROLE_NAMES[account.role as Role].toLowerCase()} to ${ROLE_NAMES[role].toLowerCase()}`,
      before: { role: account.role },
      after: { role },
    });
    return { ok: true } as const;
  });
}

/** Deactivates (its sessions end at once) or reactivates an account. */
export async function setDeactivated(
  db: Database,
  actor: SignedIn,
  accountId: string,
  deactivate: boolean,
): Promise<AccountOutcome> {
  if (deactivate && accountId === actor.id) {
    return { ok: false, message: 'You cannot deactivate your own account.' };
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${adminUsers} in share row exclusive mode`);
    const [account] = await tx.select().from(adminUsers).where(eq(adminUsers.id, accountId));
    if (!account) return { ok: false, message: 'This account no longer exists.' } as const;
    if (Boolean(account.deactivatedAt) === deactivate) return { ok: true } as const;
    if (
      deactivate &&
      account.role === 'super_admin' &&
      (await otherActiveSuperAdmins(tx, accountId)) === 0
    ) {
      return {
        ok: false,
        message: 'The console needs at least one active super admin: make another one first.',
      } as const;
    }
    const now = new Date();
    await tx
      .update(adminUsers)
      .set({ deactivatedAt: deactivate ? now : null, updatedAt: now })
      .where(eq(adminUsers.id, accountId));
    if (deactivate) {
      await tx.delete(adminSessions).where(eq(adminSessions.userId, accountId));
      // Its remembered devices go too (their rows cascade only when the account is deleted).
      await forgetDevicesOf(tx, accountId);
    }
    await recordChange(tx, actor, {
      action: deactivate ? 'account.deactivate' : 'account.reactivate',
      recordType: 'account',
      recordId: accountId,
      summary: `${deactivate ? 'Deactivated' : 'Reactivated'} ${account.name}'s account`,
      before: { deactivatedAt: account.deactivatedAt },
      after: { deactivatedAt: deactivate ? now : null },
    });
    return { ok: true } as const;
  });
}

/** Which link a password form was opened with. */
export type PasswordLinkPurpose = Extract<LinkPurpose, 'invite' | 'password'>;

/**
 * Sets the password of the account a one-time link is for, spending the link. After a reset,
 * the account's other sessions end and its remembered devices are forgotten. Returns the
 * account's email, to sign in with.
 */
export async function setPasswordWithLink(
  db: Database,
  purpose: PasswordLinkPurpose,
  token: string,
  passwordHash: string,
): Promise<AccountOutcome<{ email: string }>> {
  return db.transaction(async (tx) => {
    const accountId = await spendLinkToken(tx, purpose, token);
    const [account] = accountId
      ? await tx.select().from(adminUsers).where(eq(adminUsers.id, accountId))
      : [];
    if (!accountId || !account) {
      return {
        ok: false,
        message:
          'This link has expired or has been used. Ask a super admin of the club for a new one.',
      } as const;
    }
    if (account.deactivatedAt) {
      return {
        ok: false,
        message: 'This account has been deactivated. Ask a super admin of the club if you need it.',
      } as const;
    }
    const now = new Date();
    const [credential] = await tx
      .select({ id: adminAccounts.id })
      .from(adminAccounts)
      .where(and(eq(adminAccounts.userId, accountId), eq(adminAccounts.providerId, 'credential')));
    if (credential) {
      await tx
        .update(adminAccounts)
        .set({ password: passwordHash, updatedAt: now })
        .where(eq(adminAccounts.id, credential.id));
    } else {
      await tx.insert(adminAccounts).values({
        id: randomUUID(),
        userId: accountId,
        providerId: 'credential',
        accountId,
        password: passwordHash,
      });
    }
    await tx
      .update(adminUsers)
      .set({ emailVerified: true, updatedAt: now })
      .where(eq(adminUsers.id, accountId));
    await tx.delete(adminSessions).where(eq(adminSessions.userId, accountId));
    // A new password: the browsers that knew the old one are not trusted any more.
    await forgetDevicesOf(tx, accountId);
    await recordChange(
      tx,
      { id: account.id, name: account.name },
      {
        action: purpose === 'invite' ? 'account.acceptInvite' : 'account.resetPassword',
        recordType: 'account',
        recordId: accountId,
        summary:
          purpose === 'invite'
            ? `${account.name} accepted the invitation and chose a password`
            : `${account.name} set a new password with a reset link`,
      },
    );
    return { ok: true, email: account.email } as const;
  });
}
