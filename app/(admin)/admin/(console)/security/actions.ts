'use server';

import QRCode from 'qrcode';
import { revalidatePath } from 'next/cache';
import { recordChange } from '@/lib/audit/record';
import { callAuth } from '@/lib/auth/call';
import { guard } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';

export type TwoFactorState = {
  error?: string;
  done?: string;
  /** While turning it on: what the authenticator app needs, and the backup codes. */
  setup?: { qr: string; secret: string; backupCodes: string[] };
};

const WRONG_PASSWORD = 'The password is not right.';

function errorCode(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
}

/** Step one: the password, then a secret for the app (as a QR code and as text) and backup codes. */
export async function startTwoFactor(
  _previous: TwoFactorState,
  form: FormData,
): Promise<TwoFactorState> {
  const access = await guard('account.security');
  if (!access.ok) return { error: access.message };
  const password = String(form.get('password') ?? '');
  if (!password) return { error: 'Enter your password.' };
  const answer = await callAuth('/two-factor/enable', { password });
  if (answer.status !== 200) {
    if (errorCode(answer.body) === 'TOTP_ALREADY_ENABLED') {
      return { error: 'Two-factor sign-in is already on.' };
    }
    return answer.status === 400 || answer.status === 401
      ? { error: WRONG_PASSWORD }
      : { error: 'Two-factor sign-in could not be started. Try again in a moment.' };
  }
  // A secret is stored for the account from now on, though sign-in asks for codes only once
  // a code has confirmed it.
  await recordChange(await getDb(), access.actor, {
    action: 'account.twoFactorStart',
    recordType: 'account',
    recordId: access.actor.id,
    summary: `${access.actor.name} started turning on two-factor sign-in`,
  });
  const body = answer.body as { totpURI: string; backupCodes: string[] };
  const secret = new URL(body.totpURI).searchParams.get('secret') ?? '';
  const svg = await QRCode.toString(body.totpURI, { type: 'svg', margin: 1 });
  return {
    setup: {
      qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      secret,
      backupCodes: body.backupCodes,
    },
  };
}

/** Step two: a code from the app proves it was set up; from then on sign-in asks for one. */
export async function confirmTwoFactor(
  previous: TwoFactorState,
  form: FormData,
): Promise<TwoFactorState> {
  const access = await guard('account.security');
  if (!access.ok) return { error: access.message };
  const { actor } = access;
  const code = String(form.get('code') ?? '').replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) {
    return { ...previous, error: 'Enter the 6-digit code your app shows.' };
  }
  const answer = await callAuth('/two-factor/verify-totp', { code });
  if (answer.status !== 200) {
    return {
      ...previous,
      error:
        'The code is not right. Check that the app shows the TCSA console, and try the current code.',
    };
  }
  await recordChange(await getDb(), actor, {
    action: 'account.twoFactorOn',
    recordType: 'account',
    recordId: actor.id,
    summary: `${actor.name} turned on two-factor sign-in`,
  });
  revalidatePath('/admin/security');
  return { done: 'Two-factor sign-in is on: each sign-in now asks for a code from your app.' };
}

export async function stopTwoFactor(
  _previous: TwoFactorState,
  form: FormData,
): Promise<TwoFactorState> {
  const access = await guard('account.security');
  if (!access.ok) return { error: access.message };
  const { actor } = access;
  const password = String(form.get('password') ?? '');
  if (!password) return { error: 'Enter your password.' };
  const answer = await callAuth('/two-factor/disable', { password });
  if (answer.status !== 200) {
    return answer.status === 400 || answer.status === 401
      ? { error: WRONG_PASSWORD }
      : { error: 'Two-factor sign-in could not be turned off. Try again in a moment.' };
  }
  await recordChange(await getDb(), actor, {
    action: 'account.twoFactorOff',
    recordType: 'account',
    recordId: actor.id,
    summary: `${actor.name} turned off two-factor sign-in`,
  });
  revalidatePath('/admin/security');
  return { done: 'Two-factor sign-in is off.' };
}
