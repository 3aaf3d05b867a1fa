'use client';

import { useActionState } from 'react';
import styles from '../../console.module.css';
import { ActionOutcome } from '../_forms/ActionOutcome';
import { CopyField } from '../_forms/CopyField';
import { confirmTwoFactor, startTwoFactor, stopTwoFactor, type TwoFactorState } from './actions';

function PasswordField({ id }: { id: string }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Your password
      </label>
      <input
        id={id}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        className={styles.input}
      />
    </div>
  );
}

export function TurnOnTwoFactor() {
  const [started, start, starting] = useActionState<TwoFactorState, FormData>(startTwoFactor, {});
  const [confirmed, confirm, confirming] = useActionState<TwoFactorState, FormData>(
    confirmTwoFactor,
    {},
  );
  if (confirmed.done) return <ActionOutcome state={confirmed} />;
  if (!started.setup) {
    return (
      <form action={start} className={styles.form}>
        <PasswordField id="two-factor-password" />
        <ActionOutcome state={started} />
        <button type="submit" className={styles.button} disabled={starting}>
          Turn on two-factor sign-in
        </button>
      </form>
    );
  }
  const { qr, uri, secret, backupCodes, resumed } = started.setup;
  return (
    <div className={styles.form}>
      {resumed ? (
        <p className={styles.notice}>
          This is the key you started with: it stays the same until a code from your app confirms
          it, so an app that already has it keeps working.
        </p>
      ) : null}
      <ol className={styles.form}>
        <li>
          Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator,
          1Password…):
          {/* eslint-disable-next-line @next/next/no-img-element -- a generated data URI */}
          <img src={qr} alt="QR code for the authenticator app" width={200} height={200} />
          <p className={styles.hint}>
            On this phone, <a href={uri}>open the key in your authenticator app</a>, or copy it into
            the app:
          </p>
          <CopyField label="Key for the app" value={secret} copyLabel="Copy the key" />
        </li>
        <li>
          Keep these backup codes somewhere safe. Each one signs you in once if your phone is lost:
          <ul className={styles.values} aria-label="Backup codes">
            {backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </li>
        <li>
          <form action={confirm} className={styles.form}>
            <div className={styles.field}>
              <label htmlFor="two-factor-code" className={styles.label}>
                Code from the app
              </label>
              <input
                id="two-factor-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                className={styles.input}
              />
            </div>
            <ActionOutcome state={confirmed} />
            <button type="submit" className={styles.button} disabled={confirming}>
              Confirm and turn on
            </button>
          </form>
        </li>
      </ol>
    </div>
  );
}

export function TurnOffTwoFactor() {
  const [state, submit, pending] = useActionState<TwoFactorState, FormData>(stopTwoFactor, {});
  if (state.done) return <ActionOutcome state={state} />;
  return (
    <form action={submit} className={styles.form}>
      <PasswordField id="two-factor-off-password" />
      <ActionOutcome state={state} />
      <button type="submit" className={`${styles.button} ${styles.quietButton}`} disabled={pending}>
        Turn off two-factor sign-in
      </button>
    </form>
  );
}
