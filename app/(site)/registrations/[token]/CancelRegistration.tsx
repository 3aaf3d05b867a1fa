'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { CSRF_HEADER, getCsrfToken } from '@/lib/http/csrf';
import type { Copy } from '@/lib/copy/catalogue';
import type { CANCEL_REGISTRATION_COPY_KEYS } from '@/lib/copy/client-keys';
import styles from './manage.module.css';

type CancelCopy = Pick<Copy<'event'>, (typeof CANCEL_REGISTRATION_COPY_KEYS)[number]>;

type Stage = 'idle' | 'asking' | 'cancelling';

/**
 * 'Cancel my registration', asked twice (a tap on a phone is easily a mistake), then POSTed with
 * the CSRF token; the page is then read again and shows the new status. Once the registration is
 * cancelled the page keeps this component without its buttons, so the outcome stays in sight.
 */
export function CancelRegistration({
  token,
  cancellable,
  copy,
}: {
  token: string;
  cancellable: boolean;
  copy: CancelCopy;
}) {
  const router = useRouter();
  const [stage, setStage] = useState<Stage>('idle');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function cancel() {
    setStage('cancelling');
    setMessage(null);
    try {
      const response = await fetch(`/api/registrations/${encodeURIComponent(token)}/cancel/`, {
        method: 'POST',
        credentials: 'include',
        cache: 'no-store',
        headers: { Accept: 'application/json', [CSRF_HEADER]: await getCsrfToken() },
      });
      const body = (await response.json().catch(() => null)) as {
        message?: string;
        error?: string;
      } | null;
      if (!response.ok) {
        setMessage({
          tone: 'error',
          text: copy.manageCancelFailed + (body?.error ?? copy.unknownError),
        });
        setStage('idle');
        return;
      }
      setMessage({ tone: 'success', text: body?.message ?? '' });
      router.refresh();
    } catch (error) {
      setMessage({
        tone: 'error',
        text:
          copy.manageCancelFailed + (error instanceof Error ? error.message : copy.unknownError),
      });
      setStage('idle');
    }
  }

  return (
    <div className={styles.cancel}>
      <p role="status" aria-live="polite" className={styles.message} data-tone={message?.tone}>
        {message?.text}
      </p>
      {!cancellable ? null : stage === 'idle' ? (
        <button type="button" className="button button-outline" onClick={() => setStage('asking')}>
          {copy.manageCancel}
        </button>
      ) : (
        <div role="group" aria-labelledby="cancel-question" className={styles.confirm}>
          <p id="cancel-question" className={styles.question}>
            {copy.manageCancelQuestion}
          </p>
          <button
            type="button"
            className="button"
            onClick={() => void cancel()}
            disabled={stage === 'cancelling'}
          >
            {stage === 'cancelling' ? copy.manageCancelling : copy.manageCancelYes}
          </button>
          <button
            type="button"
            className="button button-outline"
            onClick={() => setStage('idle')}
            disabled={stage === 'cancelling'}
          >
            {copy.manageCancelKeep}
          </button>
        </div>
      )}
    </div>
  );
}
