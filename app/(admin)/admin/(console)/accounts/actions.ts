'use server';

import { revalidatePath } from 'next/cache';
import {
  changeRole,
  createPasswordLink,
  inviteAccount,
  setDeactivated,
} from '@/lib/admin/accounts';
import {
  fieldErrorsOf,
  invitationSchema,
  roleSchema,
  type FieldErrors,
} from '@/lib/auth/account-schema';
import { siteLink } from '@/lib/auth/links';
import { guard } from '@/lib/auth/guard';
import { linkLifetimeWords } from '@/lib/auth/one-time-links';
import { getDb } from '@/lib/db/client';
import { getServerEnv } from '@/lib/env/server';
import { deliverSoon } from '@/lib/jobs/tick';

export type InviteState = {
  errors: FieldErrors;
  values: { name: string; email: string; role: string };
  /** The one-time link to pass on, once the invitation is made. */
  invited?: {
    name: string;
    link: string;
    /** The address the invitation email went to; null without a mail server. */
    emailedTo: string | null;
    /** How long the link works, in words ('7 days'). */
    validFor: string;
  };
};

export async function invite(_previous: InviteState, form: FormData): Promise<InviteState> {
  const values = {
    name: String(form.get('name') ?? ''),
    email: String(form.get('email') ?? ''),
    role: String(form.get('role') ?? ''),
  };
  const access = await guard('accounts.manage');
  if (!access.ok) return { errors: { form: access.message }, values };
  const parsed = invitationSchema.safeParse(values);
  if (!parsed.success) return { errors: fieldErrorsOf(parsed.error), values };

  const welcome = await siteLink('/admin/welcome?token=');
  const outcome = await inviteAccount(
    await getDb(),
    access.actor,
    parsed.data,
    (token) => welcome + token,
  );
  if (!outcome.ok) return { errors: { [outcome.field ?? 'form']: outcome.message }, values };
  revalidatePath('/admin/accounts');
  deliverSoon();
  return {
    errors: {},
    values: { name: '', email: '', role: '' },
    invited: {
      name: parsed.data.name,
      link: welcome + outcome.token,
      emailedTo: getServerEnv().SMTP_URL ? parsed.data.email : null,
      validFor: linkLifetimeWords('invite'),
    },
  };
}

/** What the account page's small forms answer: a message, and a link when one was made. */
export type AccountActionState = { error?: string; done?: string; link?: string };

function accountIdOf(form: FormData): string {
  return String(form.get('accountId') ?? '');
}

export async function updateRole(
  _previous: AccountActionState,
  form: FormData,
): Promise<AccountActionState> {
  const access = await guard('accounts.manage');
  if (!access.ok) return { error: access.message };
  const role = roleSchema.safeParse(form.get('role'));
  if (!role.success) return { error: 'Choose a role.' };
  const outcome = await changeRole(await getDb(), access.actor, accountIdOf(form), role.data);
  if (!outcome.ok) return { error: outcome.message };
  revalidatePath('/admin/accounts', 'layout');
  return { done: 'The role is saved.' };
}

export async function updateActive(
  _previous: AccountActionState,
  form: FormData,
): Promise<AccountActionState> {
  const access = await guard('accounts.manage');
  if (!access.ok) return { error: access.message };
  const deactivate = form.get('deactivate') === 'true';
  if (deactivate && form.get('confirm') !== 'yes') {
    return { error: 'Tick the box to confirm, then press the button again.' };
  }
  const outcome = await setDeactivated(await getDb(), access.actor, accountIdOf(form), deactivate);
  if (!outcome.ok) return { error: outcome.message };
  revalidatePath('/admin/accounts', 'layout');
  return {
    done: deactivate
      ? 'The account is deactivated: its sessions have ended.'
      : 'The account is active again.',
  };
}

export async function makePasswordLink(
  _previous: AccountActionState,
  form: FormData,
): Promise<AccountActionState> {
  const access = await guard('accounts.manage');
  if (!access.ok) return { error: access.message };
  const reset = await siteLink('/admin/reset-password?token=');
  const outcome = await createPasswordLink(
    await getDb(),
    access.actor,
    accountIdOf(form),
    (token) => reset + token,
  );
  if (!outcome.ok) return { error: outcome.message };
  deliverSoon();
  return {
    done: 'It is emailed to its owner (see Emails); you can also pass this one-time link on yourself. It sets a new password within 24 hours.',
    link: reset + outcome.token,
  };
}
