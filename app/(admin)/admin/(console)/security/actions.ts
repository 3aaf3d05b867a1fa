'use server';

import QRCode from 'qrcode';
import { revalidatePath } from 'next/cache';
import { recordChange } from '@/lib/audit/record';
import { callAuth } from '@/lib/auth/call';
import { guard } from '@/lib/auth/guard';
import { getAuth } from '@/lib/auth/server';
import { hasUnconfirmedKey } from '@/lib/auth/two-factor';
import { getDb } from '@/lib/db/client';

export type TwoFactorState = {
  error?: string;
  done?: string;
  /**
   * While turning it on: what the authenticator app needs (the key, as a QR code, as text and as
   * an otpauth:// link the phone opens in the app), the backup codes, and whether this is the
   * key of a start not yet confirmed (the same one, shown again).
   */
  setup?: { qr: string; uri: string; secret: string; backupCodes: string[]; resumed: boolean };
};

const WRONG_PASSWORD = 'The password is not right.';

function errorCode(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
}

/**
 * Step one: the password, then a key for the app (as a QR code, as text and as a link) and
 * backup codes. A start not yet confirmed shows the same key and codes again: an app that scanned
 * the first one keeps working, whichever page the person confirms from.
 */
export async function startTwoFactor(
  _previous: TwoFactorState,
  form: FormData,
): Promise<TwoFactorState> {
  const access = await guard('account.security');
  if (!access.ok) return { error: access.message };
  const password = String(form.get('password') ?? '');
  if (!password) return { error: 'Enter your password.' };
  const db = await getDb();
  const resumed = await hasUnconfirmedKey(db, access.actor.id);
  const answer = resumed
    ? await callAuth('/two-factor/get-totp-uri', { password })
    : await callAuth('/two-factor/enable', { password });
  if (answer.status !== 200) {
    if (errorCode(answer.body) === 'TOTP_ALREADY_ENABLED') {
      return { error: 'Two-factor sign-in is already on.' };
    }
    return answer.status === 400 || answer.status === 401
      ? { error: WRONG_PASSWORD }
      : { error: 'Two-factor sign-in could not be started. Try again in a moment.' };
  }
  const { totpURI } = answer.body as { totpURI: string };
  let backupCodes: string[];
  if (resumed) {
    // The codes made with the key: the server reads them back (never over HTTP).
    const auth = await getAuth();
    ({ backupCodes } = await auth.api.viewBackupCodes({ body: { userId: access.actor.id } }));
  } else {
    ({ backupCodes } = answer.body as { backupCodes: string[] });
  }
  // A key is stored for the account from now on (sign-in asks for codes only once a code has
  // confirmed it); showing it and its backup codes again is recorded as well.
  await recordChange(db, access.actor, {
    action: 'account.twoFactorStart',
    recordType: 'account',
    recordId: access.actor.id,
    summary: resumed
      ? `${access.actor.name} showed their two-factor key and backup codes again, not yet confirmed`
      : `${access.actor.name} started turning on two-factor sign-in`,
  });
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const svg = await QRCode.toString(totpURI, { type: 'svg', margin: 1 });
  return {
    setup: {
      qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      uri: totpURI,
      secret,
      backupCodes,
      resumed,
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
