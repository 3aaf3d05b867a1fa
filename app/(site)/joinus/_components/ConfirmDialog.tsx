'use client';

import { useEffect, useId, useRef } from 'react';
import styles from './ConfirmDialog.module.css';

type ConfirmDialogProps = {
  open: boolean;
  /** The question, which also names the dialog for assistive technology. */
  question: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** Called for the cancel button, Escape, or any other way the dialog closes unconfirmed. */
  onCancel: () => void;
};

/**
 * A modal yes/no question on the native <dialog>: showModal() makes the rest of the page inert,
 * traps focus and closes on Escape. Focus starts on the confirm button and goes back to where it
 * was (the submit button) when the dialog closes.
 */
export function ConfirmDialog({
  open,
  question,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const openRef = useRef(open);
  const questionId = useId();

  useEffect(() => {
    openRef.current = open;
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusRef.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      confirmRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function onClose() {
    const target = returnFocusRef.current;
    returnFocusRef.current = null;
    if (target?.isConnected) target.focus();
    // Escape closes the dialog natively; the parent still thinks it is open until told.
    if (openRef.current) {
      openRef.current = false;
      onCancel();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={questionId}
      onClose={onClose}
    >
      <h2 id={questionId} className={styles.question}>
        {question}
      </h2>
      <div className={styles.actions}>
        <button type="button" className="button button-outline" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          ref={confirmRef}
          type="button"
          className="button"
          onClick={() => {
            openRef.current = false;
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
