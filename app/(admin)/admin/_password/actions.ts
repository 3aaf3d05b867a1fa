'use server';

import { redirect } from 'next/navigation';
import { setPasswordWithLink, type PasswordLinkPurpose } from '@/lib/admin/accounts';
import { fieldErrorsOf, newPasswordSchema, type FieldErrors } from '@/lib/auth/account-schema';
import { callAuth } from '@/lib/auth/call';
import { getAuth } from '@/lib/auth/server';
import { CONSOLE_HOME, SIGN_IN_PATH } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';

export type PasswordState = { errors: FieldErrors };

/** Sets the password of the account an invitation or reset link is for, then signs it in. */
export async function choosePassword(
  _previous: PasswordState,
  form: FormData,
): Promise<PasswordState> {
  const purpose: PasswordLinkPurpose = form.get('purpose') === 'invite' ? 'invite' : 'password';
  const parsed = newPasswordSchema.safeParse({
    password: String(form.get('password') ?? ''),
    confirmPassword: String(form.get('confirmPassword') ?? ''),
  });
  if (!parsed.success) return { errors: fieldErrorsOf(parsed.error) };
  const auth = await getAuth();
  const passwordHash = await (await auth.$context).password.hash(parsed.data.password);
  const outcome = await setPasswordWithLink(
    await getDb(),
    purpose,
    String(form.get('token') ?? ''),
    passwordHash,
  );
  if (!outcome.ok) return { errors: { form: outcome.message } };
  const signedIn = await callAuth('/sign-in/email', {
    email: outcome.email,
    password: parsed.data.password,
    rememberMe: true,
  });
  redirect(signedIn.status === 200 ? CONSOLE_HOME : SIGN_IN_PATH);
}
