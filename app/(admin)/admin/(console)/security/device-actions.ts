'use server';

import { revalidatePath } from 'next/cache';
import { cookies } from 'next/headers';
import { guard } from '@/lib/auth/guard';
import {
  DEVICE_COOKIE,
  forgetAllRememberedDevices,
  forgetRememberedDevice,
  hashDeviceToken,
  listRememberedDevices,
} from '@/lib/auth/trusted-devices';
import { getDb } from '@/lib/db/client';

export type DeviceState = { error?: string; done?: string };

/**
 * Forgets one of the signed-in account's remembered devices (`device`: its id), or all of them
 * (`device`: 'all'). A forgotten browser signs in as any other: the account's lock holds it.
 */
export async function forgetDevices(_previous: DeviceState, form: FormData): Promise<DeviceState> {
  const access = await guard('account.security');
  if (!access.ok) return { error: access.message };
  const { actor } = access;
  const choice = String(form.get('device') ?? '').trim();
  const deviceId = /^\d{1,9}$/.test(choice) ? Number(choice) : null;
  if (choice !== 'all' && !deviceId) {
    return { error: 'Choose a device to forget, or forget all of them.' };
  }
  const db = await getDb();
  const jar = await cookies();
  const thisBrowser = jar.get(DEVICE_COOKIE)?.value;
  const thisBrowserHash = thisBrowser ? hashDeviceToken(thisBrowser) : null;
  const wasThisBrowser =
    thisBrowserHash !== null &&
    (choice === 'all' ||
      (await listRememberedDevices(db, actor.id)).some(
        (device) => device.id === deviceId && device.tokenHash === thisBrowserHash,
      ));
  const outcome = deviceId
    ? await forgetRememberedDevice(db, actor, deviceId)
    : await forgetAllRememberedDevices(db, actor);
  if (!outcome.ok) return { error: outcome.message };
  // The browser's cookie would name nothing any more: it goes with the device.
  if (wasThisBrowser) jar.delete(DEVICE_COOKIE);
  revalidatePath('/admin/security');
  if (deviceId) return { done: 'The device is forgotten.' };
  return {
    done:
      outcome.forgotten === 0
        ? 'No device was remembered: nothing to forget.'
        : outcome.forgotten === 1
          ? 'The remembered device is forgotten.'
          : `All ${outcome.forgotten} remembered devices are forgotten.`,
  };
}
