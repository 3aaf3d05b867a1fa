import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPasswordLink,
  inviteAccount,
  setDeactivated,
  setPasswordWithLink,
} from '@/lib/admin/accounts';
import { CLIENT_ADDRESS_HEADER } from '@/lib/auth/call';
import {
  AUTH_BASE_PATH,
  AUTH_INTERNAL_ORIGIN,
  getAuth,
  resetAuthForTests,
  SIGN_IN_RATE_LIMIT,
} from '@/lib/auth/server';
import type { SignedIn } from '@/lib/auth/session';
import { createFirstAccount, createSetupToken } from '@/lib/auth/setup';
import {
  DEVICE_FREE_FAILURES,
  failedSignInAttempts,
  finishSignInAttempt,
  FREE_FAILURES,
  startSignInAttempt,
} from '@/lib/auth/sign-in-attempts';
import {
  DEVICE_COOKIE,
  deviceLabel,
  findRememberedDevice,
  forgetAllRememberedDevices,
  forgetRememberedDevice,
  listRememberedDevices,
  rememberDevice,
} from '@/lib/auth/trusted-devices';
import { adminTrustedDevices, auditLog } from '@/lib/db/schema';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * Remembered devices (lib/auth/trusted-devices.ts): a browser that completed a sign-in keeps a
 * token that lets the right password in while a stranger's guesses keep the account locked, and
 * past the per-address limit; strangers, forgotten and expired tokens meet both as before.
 */

let database: TestDatabase;
let founder: SignedIn;
const EMAIL = 'mei@example.org';
const PASSWORD = 'lantern moon harbour 42';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const now = new Date('2026-11-25T19:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  resetAuthForTests();
  const auth = await getAuth();
  const passwordHash = await (await auth.$context).password.hash(PASSWORD);
  const token = (await createSetupToken(database.db))!;
  const created = await createFirstAccount(database.db, token, {
    name: 'Mei Chen',
    email: EMAIL,
    passwordHash,
  });
  if (!created.ok) throw new Error('no first account');
  founder = { id: created.userId, name: 'Mei Chen', email: EMAIL, role: 'super_admin' };
});
afterAll(async () => {
  resetAuthForTests();
  await database.dispose();
});

/** A sign-in through the library's own handler, as lib/auth/call.ts makes it. */
async function signIn(password: string, address: string, cookie?: string, email = EMAIL) {
  const auth = await getAuth();
  const headers: Record<string, string> = {
    origin: AUTH_INTERNAL_ORIGIN,
    'content-type': 'application/json',
    'user-agent': SAFARI_ON_IPHONE,
    [CLIENT_ADDRESS_HEADER]: address,
  };
  if (cookie) headers.cookie = cookie;
  return auth.handler(
    new Request(`${AUTH_INTERNAL_ORIGIN}${AUTH_BASE_PATH}/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    }),
  );
}

/** The device cookie a response sets, as `name=value`, or null. */
function deviceCookieOf(response: Response): string | null {
  const line = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  return line ? line.split(';')[0]! : null;
}

/** A wrong password, the way the sign-in action records one. */
async function wrongPassword(at: Date, rememberedDevice = false) {
  const attempt = await startSignInAttempt(database.db, EMAIL, '203.0.113.9', at, {
    rememberedDevice,
  });
  if (attempt.allowed) await finishSignInAttempt(database.db, attempt.attemptId, 'failed');
  return attempt;
}

async function succeed(at: Date, rememberedDevice = false) {
  const attempt = await startSignInAttempt(database.db, EMAIL, null, at, { rememberedDevice });
  if (!attempt.allowed) throw new Error('refused');
  await finishSignInAttempt(database.db, attempt.attemptId, 'succeeded');
}

describe(`remembered devices (${DATABASE_UNDER_TEST})`, () => {
  it('remembers the browser after a sign-in: an HttpOnly cookie, its hash stored, audited once', async () => {
    const first = await signIn(PASSWORD, '192.0.2.1');
    expect(first.status).toBe(200);
    const line = first.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Max-Age=7776000/);
    const cookie = deviceCookieOf(first)!;
    const token = cookie.slice(DEVICE_COOKIE.length + 1);
    expect(token).toMatch(/^[\w-]{43}$/);

    const [row] = await database.db.select().from(adminTrustedDevices);
    expect(row).toMatchObject({ userId: founder.id, label: 'Safari on iPhone' });
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
    const remembered = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.rememberDevice'));
    expect(remembered).toHaveLength(1);
    expect(remembered[0]!.summary).toBe(
      'Mei Chen signed in on Safari on iPhone, which the console now remembers for 90 days',
    );

    // The same browser again: the same device, used once more, no new token nor entry.
    const again = await signIn(PASSWORD, '192.0.2.1', cookie);
    expect(again.status).toBe(200);
    expect(deviceCookieOf(again)).toBeNull();
    expect(await database.db.select().from(adminTrustedDevices)).toHaveLength(1);
    // A wrong password remembers nothing.
    expect(deviceCookieOf(await signIn('not the password', '192.0.2.2'))).toBeNull();
    await database.db.delete(adminTrustedDevices);
  });

  it('lets the right password in from a remembered device while a stranger keeps the account locked, and not from another', async () => {
    const cookie = deviceCookieOf(await signIn(PASSWORD, '192.0.2.3'))!;
    const token = cookie.slice(DEVICE_COOKIE.length + 1);
    const device = await findRememberedDevice(database.db, token, ' MEI@example.org ');
    expect(device).toMatchObject({ userId: founder.id });
    // The token is for this account only.
    expect(await findRememberedDevice(database.db, token, 'other@example.org')).toBeNull();

    for (let index = 0; index < FREE_FAILURES; index += 1) await wrongPassword(later(index));
    // A stranger, even with the right password, is refused while the lock lasts.
    expect(await startSignInAttempt(database.db, EMAIL, '192.0.2.50', later(10))).toMatchObject({
      allowed: false,
      failures: FREE_FAILURES,
    });
    // The remembered device is not held by it.
    const owner = await startSignInAttempt(database.db, EMAIL, '192.0.2.3', later(10), {
      rememberedDevice: device !== null,
    });
    expect(owner.allowed).toBe(true);
    if (owner.allowed) await finishSignInAttempt(database.db, owner.attemptId, 'succeeded');
    // The owner's success does not lift the stranger's lock.
    expect(await startSignInAttempt(database.db, EMAIL, '192.0.2.50', later(11))).toMatchObject({
      allowed: false,
    });
    await database.db.delete(adminTrustedDevices);
  });

  it("counts a remembered device's wrong passwords for everyone, and locks the device after ten of its own", async () => {
    const start = later(1000);
    await succeed(start);
    // A device's wrong passwords lock strangers out after five, as anyone's do.
    for (let index = 0; index < FREE_FAILURES; index += 1) {
      expect((await wrongPassword(new Date(start.getTime() + 1000 + index), true)).allowed).toBe(
        true,
      );
    }
    const shortly = new Date(start.getTime() + 2000);
    expect((await startSignInAttempt(database.db, EMAIL, null, shortly)).allowed).toBe(false);
    // Strangers' failures do not count towards the device's own lock.
    for (let index = 0; index < 20; index += 1) {
      await startSignInAttempt(database.db, EMAIL, '203.0.113.77', shortly);
    }
    for (let index = FREE_FAILURES; index < DEVICE_FREE_FAILURES; index += 1) {
      expect((await wrongPassword(new Date(start.getTime() + 3000 + index), true)).allowed).toBe(
        true,
      );
    }
    const locked = await startSignInAttempt(
      database.db,
      EMAIL,
      null,
      new Date(start.getTime() + 3020),
      { rememberedDevice: true },
    );
    expect(locked).toMatchObject({ allowed: false, failures: DEVICE_FREE_FAILURES });
    if (!locked.allowed) {
      expect(locked.lockedUntil).toEqual(new Date(start.getTime() + 3000 + 9 + 30_000));
    }
    // The owner reads them as a remembered device's wrong passwords.
    const history = await failedSignInAttempts(database.db, EMAIL, 5);
    expect(history.map((attempt) => attempt.outcome)).toContain('device-fail');
    // After the lock, the device's success clears its own count, not the strangers' lock.
    await succeed(new Date(start.getTime() + 40_000), true);
    const afterwards = new Date(start.getTime() + 40_001);
    expect((await startSignInAttempt(database.db, EMAIL, null, afterwards)).allowed).toBe(false);
    expect(await wrongPassword(afterwards, true)).toMatchObject({ allowed: true });
    // A success anywhere else clears both.
    await succeed(new Date(start.getTime() + 40 * 60_000), true);
    await succeed(new Date(start.getTime() + 40 * 60_000 + 1), false);
    expect(
      (await startSignInAttempt(database.db, EMAIL, null, new Date(start.getTime() + 41 * 60_000)))
        .allowed,
    ).toBe(true);
  });

  it('lets a remembered device past the per-address limit; forged, forgotten and expired tokens are not', async () => {
    const address = '198.51.100.20';
    const cookie = deviceCookieOf(await signIn(PASSWORD, '198.51.100.19'))!;
    for (let attempt = 0; attempt < SIGN_IN_RATE_LIMIT.max; attempt += 1) {
      expect((await signIn('wrong password again', address)).status).toBe(401);
    }
    expect((await signIn(PASSWORD, address)).status).toBe(429);
    expect((await signIn(PASSWORD, address, `${DEVICE_COOKIE}=${'A'.repeat(43)}`)).status).toBe(
      429,
    );
    // The token is for this account only: another email from the device meets the limit.
    expect((await signIn(PASSWORD, address, cookie, 'other@example.org')).status).toBe(429);
    // The remembered device: its wrong password is checked (and refused), the right one gets in.
    expect((await signIn('wrong from the device', address, cookie)).status).toBe(401);
    expect((await signIn(PASSWORD, address, cookie)).status).toBe(200);

    // Expired: refused again.
    await database.db.update(adminTrustedDevices).set({ expiresAt: new Date(Date.now() - 1000) });
    const token = cookie.slice(DEVICE_COOKIE.length + 1);
    expect(await findRememberedDevice(database.db, token, EMAIL)).toBeNull();
    expect((await signIn(PASSWORD, address, cookie)).status).toBe(429);
    expect(await listRememberedDevices(database.db, founder.id)).toEqual([]);

    // Forgotten: refused as well.
    await database.db
      .update(adminTrustedDevices)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await signIn(PASSWORD, address, cookie)).status).toBe(200);
    const [device] = await listRememberedDevices(database.db, founder.id);
    expect(await forgetRememberedDevice(database.db, founder, device!.id)).toEqual({
      ok: true,
      forgotten: 1,
    });
    expect(await findRememberedDevice(database.db, token, EMAIL)).toBeNull();
    expect((await signIn(PASSWORD, address, cookie)).status).toBe(429);
    // Forgetting it twice says so.
    expect(await forgetRememberedDevice(database.db, founder, device!.id)).toEqual({
      ok: false,
      message: 'This device is not remembered any more: nothing to forget.',
    });
  });

  it("forgets one account's devices only, all at once, with one audit entry", async () => {
    const invited = await inviteAccount(database.db, founder, {
      name: 'Ivy Zhou',
      email: 'ivy@example.org',
      role: 'event_lead',
    });
    if (!invited.ok) throw new Error(invited.message);
    const ivy = { id: invited.accountId, name: 'Ivy Zhou' };
    await rememberDevice(database.db, founder, null, SAFARI_ON_IPHONE);
    await rememberDevice(database.db, founder, null, null);
    const ivyToken = (await rememberDevice(database.db, ivy, null, SAFARI_ON_IPHONE))!;
    // Another account cannot forget Ivy's device.
    const [ivysDevice] = await listRememberedDevices(database.db, ivy.id);
    expect((await forgetRememberedDevice(database.db, founder, ivysDevice!.id)).ok).toBe(false);

    const entries = async () =>
      (await database.db.select().from(auditLog).where(eq(auditLog.action, 'account.forgetDevice')))
        .length;
    const before = await entries();
    expect(await forgetAllRememberedDevices(database.db, founder)).toEqual({
      ok: true,
      forgotten: 2,
    });
    expect(await entries()).toBe(before + 1);
    expect(await forgetAllRememberedDevices(database.db, founder)).toEqual({
      ok: true,
      forgotten: 0,
    });
    expect(await entries()).toBe(before + 1);
    expect(await findRememberedDevice(database.db, ivyToken, 'ivy@example.org')).not.toBeNull();
  });

  it("a new password forgets the account's devices, and so does deactivating it", async () => {
    const invited = await inviteAccount(database.db, founder, {
      name: 'Bo Li',
      email: 'bo@example.org',
      role: 'coordinator',
    });
    if (!invited.ok) throw new Error(invited.message);
    const bo = { id: invited.accountId, name: 'Bo Li' };
    expect(await setPasswordWithLink(database.db, 'invite', invited.token, 'hash')).toMatchObject({
      ok: true,
    });
    const token = (await rememberDevice(database.db, bo, null, SAFARI_ON_IPHONE))!;
    expect(await findRememberedDevice(database.db, token, 'bo@example.org')).not.toBeNull();

    const link = await createPasswordLink(database.db, founder, bo.id);
    if (!link.ok) throw new Error(link.message);
    expect(await setPasswordWithLink(database.db, 'password', link.token, 'hash-2')).toMatchObject({
      ok: true,
    });
    expect(await findRememberedDevice(database.db, token, 'bo@example.org')).toBeNull();
    expect(await listRememberedDevices(database.db, bo.id)).toEqual([]);

    const next = (await rememberDevice(database.db, bo, null, SAFARI_ON_IPHONE))!;
    expect(await setDeactivated(database.db, founder, bo.id, true)).toEqual({ ok: true });
    expect(await listRememberedDevices(database.db, bo.id)).toEqual([]);
    expect(await findRememberedDevice(database.db, next, 'bo@example.org')).toBeNull();
  });

  it('names the browser and system in words', () => {
    expect(deviceLabel(SAFARI_ON_IPHONE)).toBe('Safari on iPhone');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe('Microsoft Edge on Windows');
    expect(deviceLabel('')).toBe('An unknown browser');
    expect(deviceLabel(null)).toBe('An unknown browser');
    expect(deviceLabel('curl/8.0')).toBe('An unknown browser');
  });
});
