import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '@/lib/auth/call';
import {
  AUTH_BASE_PATH,
  AUTH_INTERNAL_ORIGIN,
  getAuth,
  resetAuthForTests,
  SIGN_IN_RATE_LIMIT,
} from '@/lib/auth/server';
import { signedInFrom } from '@/lib/auth/session';
import { createFirstAccount, createSetupToken } from '@/lib/auth/setup';
import { adminSessions, adminUsers } from '@/lib/db/schema';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * The console's sign-in as the Server Actions make it (lib/auth/call.ts): through Better Auth's
 * own handler, so its password check, rate limit and session rules are what is tested.
 */

let database: TestDatabase;
const EMAIL = 'mei@example.org';
const PASSWORD = 'lantern moon harbour 42';

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  resetAuthForTests();
  const auth = await getAuth();
  const passwordHash = await (await auth.$context).password.hash(PASSWORD);
  const token = (await createSetupToken(database.db))!;
  await createFirstAccount(database.db, token, { name: 'Mei Chen', email: EMAIL, passwordHash });
});
afterAll(async () => {
  resetAuthForTests();
  await database.dispose();
});

async function signIn(password: string, address: string) {
  const auth = await getAuth();
  return auth.handler(
    new Request(`${AUTH_INTERNAL_ORIGIN}${AUTH_BASE_PATH}/sign-in/email`, {
      method: 'POST',
      headers: {
        origin: AUTH_INTERNAL_ORIGIN,
        'content-type': 'application/json',
        [CLIENT_ADDRESS_HEADER]: address,
      },
      body: JSON.stringify({ email: EMAIL, password }),
    }),
  );
}

/** The request headers of a browser that keeps the session cookie of `response`. */
function cookieFrom(response: Response): Headers {
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  return new Headers({ cookie });
}

describe(`console sign-in (${DATABASE_UNDER_TEST})`, () => {
  it('opens a database session with the right password, and only with it', async () => {
    const wrong = await signIn('not the password at all', '203.0.113.1');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const right = await signIn(PASSWORD, '203.0.113.1');
    expect(right.status).toBe(200);
    const browser = cookieFrom(right);
    expect(browser.get('cookie')).toMatch(/^tcsa-admin\.session_token=/);
    expect(await signedInFrom(browser)).toMatchObject({
      name: 'Mei Chen',
      email: EMAIL,
      role: 'super_admin',
    });
    expect(await signedInFrom(new Headers({ cookie: 'tcsa-admin.session_token=forged' }))).toBe(
      null,
    );
  });

  it('refuses sign-in after repeated tries from one address, not from another', async () => {
    const address = '198.51.100.7';
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SIGN_IN_RATE_LIMIT.max; attempt += 1) {
      statuses.push((await signIn('wrong password again', address)).status);
    }
    expect(statuses.slice(0, SIGN_IN_RATE_LIMIT.max)).toEqual(
      Array(SIGN_IN_RATE_LIMIT.max).fill(401),
    );
    const limited = await signIn(PASSWORD, address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0);
    expect((await signIn(PASSWORD, '198.51.100.8')).status).toBe(200);
  });

  it("ends a deactivated account's open session at its next request, and refuses a new one", async () => {
    const browser = cookieFrom(await signIn(PASSWORD, '192.0.2.10'));
    expect(await signedInFrom(browser)).not.toBeNull();

    await database.db
      .update(adminUsers)
      .set({ deactivatedAt: new Date() })
      .where(eq(adminUsers.email, EMAIL));
    expect(await signedInFrom(browser)).toBeNull();
    const again = await signIn(PASSWORD, '192.0.2.11');
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 'FAILED_TO_CREATE_SESSION' });
    expect(again.headers.get('set-cookie') ?? '').not.toMatch(/session_token=[^;]/);

    await database.db
      .update(adminUsers)
      .set({ deactivatedAt: null })
      .where(eq(adminUsers.email, EMAIL));
    await database.db.delete(adminSessions);
  });
});
