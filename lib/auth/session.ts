import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { type ConsoleAction, can } from './permissions';
import { isRole, type Role } from './roles';
import { AUTH_COOKIE_PREFIX, getAuth } from './server';

/** The signed-in account of this request. */
export type SignedIn = { id: string; name: string; email: string; role: Role };

export const SIGN_IN_PATH = '/admin/sign-in';
/** The second step of a sign-in with two-factor authentication. */
export const TWO_FACTOR_PATH = '/admin/sign-in/code';
export const CONSOLE_HOME = '/admin';

/**
 * The account signed in on this request, or null. The session is read from the database at
 * every request (no cookie cache), so a deactivated account or an ended session is refused at
 * its next request.
 */
export const getSignedIn = cache(async () => signedInFrom(await headers()));

/** The account whose session cookie these request headers carry, or null. */
export async function signedInFrom(requestHeaders: Headers): Promise<SignedIn | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const { id, name, email, role, deactivatedAt } = session.user;
  if (deactivatedAt || !isRole(role)) return null;
  return { id, name, email, role };
}

/** The cookie that carries a console session. */
export const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}.session_token`;

/**
 * Whether this request carries a session cookie that no longer opens a session: the person was
 * signed in on this browser, and their session ended (signed out elsewhere, a password reset,
 * their account deactivated). Only that browser's holder learns it.
 */
export async function sessionHasEnded(): Promise<boolean> {
  if (await getSignedIn()) return false;
  return Boolean((await cookies()).get(SESSION_COOKIE)?.value);
}

/** A console page's visitor: signed in, and whether their role allows the page. */
export type PageAccess = { signedIn: SignedIn; allowed: boolean };

/**
 * For a console page: the signed-in account, and whether it may do `action`. A signed-out
 * visitor is sent to the sign-in page, which brings them back to `returnTo` afterwards; a page
 * the role does not allow answers 403 and says why instead of its content (<NotAllowed />).
 */
export async function requireAccess(action: ConsoleAction, returnTo: string): Promise<PageAccess> {
  const signedIn = await getSignedIn();
  if (!signedIn) redirect(signInPath(returnTo));
  return { signedIn, allowed: can(signedIn, action) };
}

export { NOT_ALLOWED_MESSAGE } from './messages';

export function signInPath(returnTo: string): string {
  return returnTo === CONSOLE_HOME
    ? SIGN_IN_PATH
    : `${SIGN_IN_PATH}?next=${encodeURIComponent(returnTo)}`;
}

/** Where to go after signing in: a console path, never another site (`//evil.example`). */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string') return CONSOLE_HOME;
  const isConsolePath =
    (value === CONSOLE_HOME || value.startsWith(`${CONSOLE_HOME}/`)) &&
    !value.startsWith(SIGN_IN_PATH) &&
    !/[\\\s]/.test(value);
  return isConsolePath ? value : CONSOLE_HOME;
}

/** A page's path with the query it was opened with, to come back to after signing in. */
export function pathWithQuery(
  path: string,
  search: Record<string, string | string[] | undefined>,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      query.append(name, item);
    }
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
