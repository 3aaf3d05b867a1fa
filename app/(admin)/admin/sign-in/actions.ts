'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { type AuthAnswer, callAuth } from '@/lib/auth/call';
import {
  finishSignInAttempt,
  lockedMessage,
  startSignInAttempt,
} from '@/lib/auth/sign-in-attempts';
import { DEVICE_COOKIE, findRememberedDevice } from '@/lib/auth/trusted-devices';
import { getDb } from '@/lib/db/client';
import { clientAddress } from '@/lib/http/rate-limit';
import { safeReturnPath, TWO_FACTOR_PATH } from '@/lib/auth/session';

export type SignInState = { error: string | null; email: string };

const WRONG_CREDENTIALS = 'The email or password is not right. Check both and try again.';

/** Signs in with email and password; on success goes to the page the visitor asked for. */
export async function signIn(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  if (!email || !password) {
    return { error: 'Enter your email and your password.', email };
  }
  const db = await getDb();
  // A browser remembered for this account is not held by the lock a stranger's guesses put on it
  // (lib/auth/trusted-devices.ts); the library's per-address limit checks the cookie itself.
  const device = await findRememberedDevice(db, (await cookies()).get(DEVICE_COOKIE)?.value, email);
  const attempt = await startSignInAttempt(db, email, clientAddress(await headers()), new Date(), {
    rememberedDevice: device !== null,
  });
  if (!attempt.allowed) return { error: lockedMessage(attempt.lockedUntil), email };
  const answer = await callAuth('/sign-in/email', { email, password, rememberMe: true });
  await finishSignInAttempt(db, attempt.attemptId, attemptOutcome(answer));
  if (answer.status === 429) {
    const seconds = Number(answer.headers.get('x-retry-after')) || 60;
    return {
      error: `Too many sign-in attempts from this device. Wait ${seconds} seconds, then try again.`,
      email,
    };
  }
  if (errorCode(answer.body) === 'FAILED_TO_CREATE_SESSION') {
    // Only an account with the right password gets this far: lib/auth/server.ts refuses its
    // session because the account is deactivated.
    return {
      error: 'This account has been deactivated. Ask a super admin of the club if you need it.',
      email,
    };
  }
  if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
    return { error: WRONG_CREDENTIALS, email };
  }
  if (answer.status !== 200) {
    console.error('Console sign-in failed', answer.status, answer.body);
    return { error: 'Signing in failed on the server. Try again in a moment.', email };
  }
  const next = safeReturnPath(form.get('next'));
  if (isTwoFactorRedirect(answer.body)) {
    // The password was right; the library keeps the sign-in pending in a cookie of its own until
    // the code from the authenticator app is given.
    redirect(`${TWO_FACTOR_PATH}?next=${encodeURIComponent(next)}`);
  }
  redirect(next);
}

/** Whether the password was checked, and how it went (see lib/auth/sign-in-attempts.ts). */
function attemptOutcome(answer: AuthAnswer): 'failed' | 'succeeded' | 'refused' {
  if (answer.status === 200) return 'succeeded';
  // A deactivated account's right password: its session was refused, not its password.
  if (errorCode(answer.body) === 'FAILED_TO_CREATE_SESSION') return 'refused';
  return answer.status === 400 || answer.status === 401 || answer.status === 403
    ? 'failed'
    : 'refused';
}

function isTwoFactorRedirect(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'twoFactorRedirect' in body
    ? body.twoFactorRedirect === true
    : false;
}

export type CodeState = { error: string | null };

/**
 * The second step of a sign-in with two-factor authentication: a 6-digit code from the
 * authenticator app, or one of the backup codes given when it was turned on.
 */
export async function verifySignInCode(_previous: CodeState, form: FormData): Promise<CodeState> {
  const code = String(form.get('code') ?? '').replace(/\s+/g, '');
  if (!code) return { error: 'Enter the code from your authenticator app.' };
  const answer = /^\d{6}$/.test(code)
    ? await callAuth('/two-factor/verify-totp', { code })
    : await callAuth('/two-factor/verify-backup-code', { code });
  if (answer.status === 200) redirect(safeReturnPath(form.get('next')));
  if (answer.status === 429 || errorCode(answer.body) === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
    return { error: 'Too many wrong codes. Wait a few minutes, then sign in again.' };
  }
  if (errorCode(answer.body) === 'INVALID_TWO_FACTOR_COOKIE') {
    return {
      error: 'This sign-in has expired. Sign in again with your email and password.',
    };
  }
  if (answer.status === 400 || answer.status === 401) {
    return {
      error: 'The code is not right. Enter the current code from your app, or a backup code.',
    };
  }
  console.error('Console two-factor sign-in failed', answer.status, answer.body);
  return { error: 'Signing in failed on the server. Try again in a moment.' };
}

function errorCode(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
}
