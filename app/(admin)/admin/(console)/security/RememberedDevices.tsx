'use client';

import { useActionState } from 'react';
import styles from '../../console.module.css';
import { ActionOutcome } from '../_forms/ActionOutcome';
import { type DeviceState, forgetDevices } from './device-actions';

/** A remembered device as the page shows it, its dates already in words. */
export type DeviceRow = {
  id: number;
  label: string;
  firstUsed: string;
  lastUsed: string;
  thisBrowser: boolean;
};

/** The account's remembered devices, each with 'Forget', and 'Forget all'. */
export function RememberedDeviceList({ devices }: { devices: DeviceRow[] }) {
  const [state, forget, forgetting] = useActionState<DeviceState, FormData>(forgetDevices, {});
  return (
    <>
      {devices.length === 0 ? (
        <p className={styles.empty}>No remembered device.</p>
      ) : (
        <ul className={styles.list} aria-label="Remembered devices">
          {devices.map((device) => (
            <li key={device.id} className={styles.listItem}>
              <span>
                <strong>{device.label}</strong>
                {device.thisBrowser ? (
                  <>
                    {' '}
                    <span className={styles.badge}>This browser</span>
                  </>
                ) : null}
                <br />
                <span className={styles.muted}>
                  First used {device.firstUsed} · last used {device.lastUsed}
                </span>
              </span>
              <form action={forget} className={styles.inlineForm}>
                <input type="hidden" name="device" value={device.id} />
                <button
                  type="submit"
                  className={`${styles.button} ${styles.quietButton}`}
                  disabled={forgetting}
                  aria-label={`Forget ${device.label}, last used ${device.lastUsed}`}
                >
                  Forget
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <ActionOutcome state={state} />
      {devices.length > 0 ? (
        <form action={forget}>
          <input type="hidden" name="device" value="all" />
          <button type="submit" className={styles.dangerButton} disabled={forgetting}>
            Forget all
          </button>
        </form>
      ) : null}
    </>
  );
}
