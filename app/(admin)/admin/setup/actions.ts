'use server';

import { redirect } from 'next/navigation';
import { fieldErrorsOf, firstAccountSchema, type FieldErrors } from '@/lib/auth/account-schema';
import { callAuth } from '@/lib/auth/call';
import { getAuth } from '@/lib/auth/server';
import { CONSOLE_HOME, SIGN_IN_PATH } from '@/lib/auth/session';
import { createFirstAccount } from '@/lib/auth/setup';
import { getDb } from '@/lib/db/client';

export type SetupState = {
  errors: FieldErrors;
  values: { name: string; email: string };
};

/**
 * Creates the super admin with the setup link's token, then signs them in. The token is spent
 * in the same transaction that creates the account (lib/auth/setup.ts).
 */
export async function createSuperAdmin(_previous: SetupState, form: FormData): Promise<SetupState> {
  const values = {
    name: String(form.get('name') ?? ''),
    email: String(form.get('email') ?? ''),
  };
  const parsed = firstAccountSchema.safeParse({
    ...values,
    password: String(form.get('password') ?? ''),
    confirmPassword: String(form.get('confirmPassword') ?? ''),
  });
  if (!parsed.success) return { errors: fieldErrorsOf(parsed.error), values };

  const { name, email, password } = parsed.data;
  const auth = await getAuth();
  const passwordHash = await (await auth.$context).password.hash(password);
  const outcome = await createFirstAccount(await getDb(), String(form.get('token') ?? ''), {
    name,
    email,
    passwordHash,
  });
  if (!outcome.ok) {
    return {
      errors: {
        form:
          outcome.reason === 'done'
            ? 'The console already has its first account. Sign in instead.'
            : 'This setup link has expired or has been used. Restart the site to get a new one in its log.',
      },
      values,
    };
  }
  const signedIn = await callAuth('/sign-in/email', { email, password, rememberMe: true });
  redirect(signedIn.status === 200 ? CONSOLE_HOME : SIGN_IN_PATH);
}
