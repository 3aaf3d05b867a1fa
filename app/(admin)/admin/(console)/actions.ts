'use server';

import { redirect } from 'next/navigation';
import { callAuth } from '@/lib/auth/call';
import { SIGN_IN_PATH } from '@/lib/auth/session';

/** Ends this device's session (its row is deleted) and goes to the sign-in page. */
export async function signOut(): Promise<void> {
  await callAuth('/sign-out', {});
  redirect(SIGN_IN_PATH);
}
