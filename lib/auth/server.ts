import 'server-only';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import { getServerEnv } from '@/lib/env/server';
import { recordChange } from '@/lib/audit/record';
import {
  adminAccounts,
  adminSessions,
  adminTwoFactors,
  adminUsers,
  authRateLimits,
  authVerifications,
} from '@/lib/db/schema';
import { getServerSecret } from './server-secrets';
import { isFromRememberedDevice, rememberedDevices } from './trusted-devices';

/**
 * The console's authentication: Better Auth on our own tables (lib/db/schema/console.ts), sessions in
 * the database (no cookie cache, so a deactivated account's session ends at its next request),
 * passwords hashed by the library, its sign-in rate limit kept in the database.
 *
 * There is no HTTP route for it: the console's Server Actions call `auth.handler` with the
 * request they received (lib/auth/actions.ts), so the library's rate limit and origin check run
 * as they would behind its own route, and the forms work without JavaScript.
 */

/** Where the library believes it is mounted; only the console's actions call it there. */
export const AUTH_BASE_PATH = '/admin/auth';

/** The origin of the requests the actions hand to the library (never a real address). */
export const AUTH_INTERNAL_ORIGIN = 'http://console.tcsa.invalid';

/** The session cookie's name: `tcsa-admin.session_token`. */
export const AUTH_COOKIE_PREFIX = 'tcsa-admin';

export const MIN_PASSWORD_LENGTH = 12;

/** The audit log's action for a sign-in (not a change: the dashboard leaves it out). */
export const SIGN_IN_ACTION = 'account.signIn';
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Sign-in tries allowed per client address in the window, then 429 until it ends; a device
 * remembered for the account signed in to is not held by it (lib/auth/trusted-devices.ts).
 */
export const SIGN_IN_RATE_LIMIT = { window: 60, max: 5 } as const;

function createAuth(db: Database, secret: string) {
  // The library asks before counting a request: a request from a remembered device is let
  // through without being counted (`false`), everyone else meets the limit.
  const signInLimit = async (request: Request) =>
    (await isFromRememberedDevice(db, request)) ? (false as const) : { ...SIGN_IN_RATE_LIMIT };
  return betterAuth({
    appName: 'TCSA console',
    secret,
    basePath: AUTH_BASE_PATH,
    // Only the console's actions call the library, with requests addressed to this origin after
    // they have checked the visitor's own Origin (lib/auth/actions.ts): one fixed name for it
    // whatever host the site answers on.
    baseURL: AUTH_INTERNAL_ORIGIN,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: adminUsers,
        session: adminSessions,
        account: adminAccounts,
        verification: authVerifications,
        twoFactor: adminTwoFactors,
        rateLimit: authRateLimits,
      },
    }),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, input: false, defaultValue: 'event_lead' },
        deactivatedAt: { type: 'date', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // No public sign-up: the first account comes from the setup link, the others by invitation.
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': signInLimit,
        '/two-factor/*': signInLimit,
      },
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      // The actions set the cookie themselves, Secure when the visitor came over HTTPS, so the
      // cookie keeps one name whatever the scheme.
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: ['x-tcsa-client-address'] },
    },
    telemetry: { enabled: false },
    databaseHooks: {
      session: {
        create: {
          // A deactivated account cannot open a session, whatever the way in.
          before: async (session) => {
            const [user] = await db
              .select({ deactivatedAt: adminUsers.deactivatedAt })
              .from(adminUsers)
              .where(eq(adminUsers.id, session.userId));
            if (!user || user.deactivatedAt) return false;
            return { data: session };
          },
          // Each sign-in is kept in the audit log: an account's page lists its recent ones.
          after: async (session) => {
            const [user] = await db
              .select({ name: adminUsers.name })
              .from(adminUsers)
              .where(eq(adminUsers.id, session.userId));
            await recordChange(
              db,
              { id: session.userId, name: user?.name ?? 'Unknown account' },
              {
                action: SIGN_IN_ACTION,
                recordType: 'account',
                recordId: session.userId,
                summary: 'Signed in',
                after: {
                  ipAddress: session.ipAddress ?? null,
                  userAgent: session.userAgent ?? null,
                },
              },
            );
          },
        },
      },
    },
    // After two-factor: its hook decides whether the password step ends with a session.
    plugins: [twoFactor({ issuer: 'TCSA console' }), rememberedDevices(db)],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const store = globalThis as typeof globalThis & { __tcsaAuth?: Promise<Auth> };

/** The process's Better Auth instance, built on first use over the process's database. */
export function getAuth(): Promise<Auth> {
  if (!store.__tcsaAuth) {
    const building = (async () => {
      const db = await getDb();
      const secret = getServerEnv().BETTER_AUTH_SECRET ?? (await getServerSecret(db, 'auth'));
      return createAuth(db, secret);
    })();
    store.__tcsaAuth = building;
    building.catch(() => {
      if (store.__tcsaAuth === building) store.__tcsaAuth = undefined;
    });
  }
  return store.__tcsaAuth;
}

/** Tests give each database its own instance. */
export function resetAuthForTests(): void {
  store.__tcsaAuth = undefined;
}
