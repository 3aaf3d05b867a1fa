'use server';

import { redirect } from 'next/navigation';
import { callAuth } from '@/lib/auth/call';
import { safeReturnPath } from '@/lib/auth/session';

export type SignInState = { error: string | null; email: string };

const WRONG_CREDENTIALS = 'The email or password is not right. Check both and try again.';

/** Signs in with email and password; on success goes to the page the visitor asked for. */
export async function signIn(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  if (!email || !password) {
    return { error: 'Enter your email and your password.', email };
  }
  const answer = await callAuth('/sign-in/email', { email, password, rememberMe: true });
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
  redirect(safeReturnPath(form.get('next')));
}

function errorCode(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
}
