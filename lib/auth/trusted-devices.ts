import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import Bowser from 'bowser';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { adminTrustedDevices, adminUsers, authVerifications } from '@/lib/db/schema';
import { normalizeSignInEmail } from './sign-in-attempts';

/**
 * Remembered devices: after a complete sign-in (the password, and the code when the account asks
 * for one) the browser keeps a random token in an HttpOnly cookie, and the database keeps only
 * its SHA-256 hash, for 90 days. At the next sign-in to that account, the token exempts the
 * attempt from the per-account lock (lib/auth/sign-in-attempts.ts) and from the per-address limit
 * (Better Auth's, lib/auth/server.ts): a stranger who keeps guessing an executive's password locks
 * out only the browsers the executive has not signed in on. The password is still checked; a
 * stranger's answers do not change.
 *
 * One cookie per browser holds the token of the last account that signed in on it.
 */

/** The remembered device's cookie (beside `tcsa-admin.session_token`). */
export const DEVICE_COOKIE = 'tcsa-admin.device';
export const DEVICE_LIFETIME_DAYS = 90;
const DEVICE_LIFETIME_MS = DEVICE_LIFETIME_DAYS * 86_400_000;
/** Better Auth's pending two-factor sign-in (its two-factor plugin's cookie, signed). */
const TWO_FACTOR_COOKIE = 'tcsa-admin.two_factor';
/** 32 random bytes in base64url: 43 characters. */
const TOKEN_PATTERN = /^[\w-]{43}$/;
const LABEL_LENGTH = 120;

export type RememberedDevice = { id: number; userId: string };
type Account = { id: string; name: string };

export function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

/** One cookie's value from a Cookie header, or null. */
export function cookieFrom(cookieHeader: string | null, name: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** The browser and system in words: 'Safari on iPhone', 'Chrome on Windows'. */
export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return 'An unknown browser';
  const { browser, os, platform } = Bowser.parse(userAgent);
  const system = platform.model || os.name;
  const label = browser.name
    ? system
      ? `${browser.name} on ${system}`
      : browser.name
    : system
      ? `A browser on ${system}`
      : 'An unknown browser';
  return label.slice(0, LABEL_LENGTH);
}

/**
 * The remembered device `token` names, if it is one of the active account of `email` and has not
 * expired: what exempts a sign-in to that account from its lock and from the per-address limit.
 */
export async function findRememberedDevice(
  db: Database,
  token: string | null | undefined,
  email: string,
  now: Date = new Date(),
): Promise<RememberedDevice | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [device] = await db
    .select({ id: adminTrustedDevices.id, userId: adminTrustedDevices.userId })
    .from(adminTrustedDevices)
    .innerJoin(adminUsers, eq(adminUsers.id, adminTrustedDevices.userId))
    .where(
      and(
        eq(adminTrustedDevices.tokenHash, hashDeviceToken(token)),
        eq(adminUsers.email, normalizeSignInEmail(email)),
        isNull(adminUsers.deactivatedAt),
        gt(adminTrustedDevices.expiresAt, now),
      ),
    );
  return device ?? null;
}

/** The same, for the account whose id is known (the pending two-factor sign-in's). */
async function deviceOfAccount(db: Database, token: string | null, now: Date) {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [device] = await db
    .select({ userId: adminTrustedDevices.userId })
    .from(adminTrustedDevices)
    .innerJoin(adminUsers, eq(adminUsers.id, adminTrustedDevices.userId))
    .where(
      and(
        eq(adminTrustedDevices.tokenHash, hashDeviceToken(token)),
        isNull(adminUsers.deactivatedAt),
        gt(adminTrustedDevices.expiresAt, now),
      ),
    );
  return device ?? null;
}

/**
 * Whether a request to Better Auth comes from a device remembered for the account it signs in
 * to, so that the per-address limit lets it through (its `customRules`, lib/auth/server.ts). The
 * token is checked against the database, never trusted for being there: for the password step
 * against the email in the body, for the code step against the account of the pending sign-in
 * (the two-factor cookie names a verification row that holds the account's id).
 */
export async function isFromRememberedDevice(
  db: Database,
  request: Request,
  now: Date = new Date(),
): Promise<boolean> {
  try {
    const cookieHeader = request.headers.get('cookie');
    const token = cookieFrom(cookieHeader, DEVICE_COOKIE);
    if (!token) return false;
    const path = new URL(request.url).pathname;
    if (path.endsWith('/sign-in/email')) {
      const body: unknown = await request.clone().json();
      const email =
        typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined;
      if (typeof email !== 'string') return false;
      return (await findRememberedDevice(db, token, email, now)) !== null;
    }
    if (
      path.endsWith('/two-factor/verify-totp') ||
      path.endsWith('/two-factor/verify-backup-code')
    ) {
      const signed = cookieFrom(cookieHeader, TWO_FACTOR_COOKIE);
      const identifier = signed?.slice(0, Math.max(0, signed.lastIndexOf('.')));
      const device = await deviceOfAccount(db, token, now);
      if (!identifier || !device) return false;
      const [pending] = await db
        .select({ id: authVerifications.id })
        .from(authVerifications)
        .where(
          and(
            eq(authVerifications.identifier, identifier),
            eq(authVerifications.value, device.userId),
            gt(authVerifications.expiresAt, now),
          ),
        );
      return pending !== undefined;
    }
    return false;
  } catch {
    // An unreadable body or a database error: the limit applies as to anyone.
    return false;
  }
}

/**
 * After a complete sign-in: touches the device `presentedToken` names if it is the account's,
 * else remembers this browser for the account (audited) and returns the new token for its cookie.
 */
export async function rememberDevice(
  db: Database,
  account: Account,
  presentedToken: string | null | undefined,
  userAgent: string | null | undefined,
  now: Date = new Date(),
): Promise<string | null> {
  return db.transaction(async (tx) => {
    if (presentedToken && TOKEN_PATTERN.test(presentedToken)) {
      const touched = await tx
        .update(adminTrustedDevices)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(adminTrustedDevices.tokenHash, hashDeviceToken(presentedToken)),
            eq(adminTrustedDevices.userId, account.id),
            gt(adminTrustedDevices.expiresAt, now),
          ),
        )
        .returning({ id: adminTrustedDevices.id });
      if (touched.length > 0) return null;
    }
    const token = newDeviceToken();
    const label = deviceLabel(userAgent);
    const [device] = await tx
      .insert(adminTrustedDevices)
      .values({
        userId: account.id,
        tokenHash: hashDeviceToken(token),
        label,
        createdAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + DEVICE_LIFETIME_MS),
      })
      .returning({ id: adminTrustedDevices.id });
    await recordChange(
      tx,
      account,
      {
        action: 'account.rememberDevice',
        recordType: 'account',
        recordId: account.id,
        summary: `${account.name} signed in on ${label}, which the console now remembers for ${DEVICE_LIFETIME_DAYS} days`,
        after: { deviceId: device!.id, label },
      },
      now,
    );
    return token;
  });
}

/** An account's remembered devices that have not expired, the latest used first. */
export async function listRememberedDevices(db: Database, accountId: string, now = new Date()) {
  return db
    .select({
      id: adminTrustedDevices.id,
      label: adminTrustedDevices.label,
      tokenHash: adminTrustedDevices.tokenHash,
      createdAt: adminTrustedDevices.createdAt,
      lastUsedAt: adminTrustedDevices.lastUsedAt,
      expiresAt: adminTrustedDevices.expiresAt,
    })
    .from(adminTrustedDevices)
    .where(and(eq(adminTrustedDevices.userId, accountId), gt(adminTrustedDevices.expiresAt, now)))
    .orderBy(desc(adminTrustedDevices.lastUsedAt), desc(adminTrustedDevices.id));
}

export type ForgetOutcome = { ok: true; forgotten: number } | { ok: false; message: string };

/** Forgets one of the account's own remembered devices (audited). */
export async function forgetRememberedDevice(
  db: Database,
  account: Account,
  deviceId: number,
): Promise<ForgetOutcome> {
  return db.transaction(async (tx) => {
    const [device] = await tx
      .delete(adminTrustedDevices)
      .where(and(eq(adminTrustedDevices.id, deviceId), eq(adminTrustedDevices.userId, account.id)))
      .returning({ label: adminTrustedDevices.label });
    if (!device) {
      return { ok: false, message: 'This device is not remembered any more: nothing to forget.' };
    }
    await recordChange(tx, account, {
      action: 'account.forgetDevice',
      recordType: 'account',
      recordId: account.id,
      summary: `${account.name} forgot a remembered device (${device.label})`,
      before: { deviceId, label: device.label },
    });
    return { ok: true, forgotten: 1 };
  });
}

/** Forgets all of the account's remembered devices (one audit entry, when there were any). */
export async function forgetAllRememberedDevices(
  db: Database,
  account: Account,
): Promise<ForgetOutcome> {
  return db.transaction(async (tx) => {
    const forgotten = await forgetDevicesOf(tx, account.id);
    if (forgotten > 0) {
      await recordChange(tx, account, {
        action: 'account.forgetDevice',
        recordType: 'account',
        recordId: account.id,
        summary: `${account.name} forgot all ${forgotten === 1 ? 'their remembered device' : `${forgotten} of their remembered devices`}`,
        before: { devices: forgotten },
      });
    }
    return { ok: true, forgotten };
  });
}

/**
 * Forgets every remembered device of an account, inside the caller's transaction: a password
 * reset and a deactivation call it, and their own audit entry says what happened.
 */
export async function forgetDevicesOf(
  tx: Pick<Database, 'delete'>,
  accountId: string,
): Promise<number> {
  const rows = await tx
    .delete(adminTrustedDevices)
    .where(eq(adminTrustedDevices.userId, accountId))
    .returning({ id: adminTrustedDevices.id });
  return rows.length;
}

/** The sign-in steps that end with a session, after which the browser is remembered. */
const SIGN_IN_PATHS = new Set([
  '/sign-in/email',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
]);

/**
 * Better Auth plugin that remembers the browser after each complete sign-in. It must come after
 * the two-factor plugin: for an account that asks for a code, that plugin's hook ends the
 * password step without a session (`newSession` null), and the device is remembered after the
 * code. A failure to remember is logged and does not undo the sign-in.
 */
export function rememberedDevices(db: Database) {
  return {
    id: 'tcsa-remembered-devices',
    hooks: {
      after: [
        {
          matcher: (context) => SIGN_IN_PATHS.has(context.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!signedIn) return;
            try {
              const token = await rememberDevice(
                db,
                { id: signedIn.user.id, name: signedIn.user.name },
                ctx.getCookie(DEVICE_COOKIE),
                ctx.headers?.get('user-agent'),
              );
              if (token) {
                ctx.setCookie(DEVICE_COOKIE, token, {
                  maxAge: DEVICE_LIFETIME_MS / 1000,
                  httpOnly: true,
                  sameSite: 'lax',
                  path: '/',
                });
              }
            } catch (error) {
              console.error('Remembering the device after a sign-in failed', error);
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
