'use client';

import { useLayoutEffect, useRef, useState } from 'react';
import styles from '../../console.module.css';

type FieldErrors = Partial<Record<string, string>>;

/** A field with an error, as the summary names it. */
type Named = { id: string | null; label: string; message: string; control: HTMLElement | null };

const FOCUSABLE = 'input:not([type=hidden]), select, textarea, button';

/**
 * The control a field's error belongs to: the form's element of that name, or, for a value kept
 * in a hidden input (an upload), the visible control beside it.
 */
function controlOf(form: HTMLFormElement, name: string): HTMLElement | null {
  const named = form.elements.namedItem(name);
  const first = named instanceof RadioNodeList ? named[0] : named;
  if (!(first instanceof HTMLElement)) return null;
  if (first instanceof HTMLInputElement && first.type === 'hidden') {
    return first.parentElement?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
  }
  return first;
}

/** The words staff read for the field: its label (or its group's legend), without '(optional)'. */
function labelOf(control: HTMLElement | null, name: string): string {
  const group =
    control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
      ? control.closest('fieldset')?.querySelector('legend')
      : null;
  const label =
    group ??
    (control instanceof HTMLInputElement ||
    control instanceof HTMLSelectElement ||
    control instanceof HTMLTextAreaElement
      ? control.labels?.[0]
      : null);
  const text = label?.textContent?.replace(/\s*\(optional\)\s*$/, '').trim();
  return text || name;
}

function inPageOrder(a: Named, b: Named): number {
  if (!a.control || !b.control) return a.control ? -1 : b.control ? 1 : 0;
  return a.control.compareDocumentPosition(b.control) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

/**
 * After a failed save, by the submit button: names every field with an error (each a link to
 * it), in the order of the form, and moves focus to the first one. The summary is an alert, so
 * screen readers hear it however far above the fields are. Every console form shows it: it is
 * part of FormMessage, and a form with its own state places it before its button with the
 * state's `errors` (a message per field name; `form` is the form's own message, shown apart).
 */
export function ErrorSummary({ errors }: { errors: FieldErrors }) {
  const ref = useRef<HTMLDivElement>(null);
  const [named, setNamed] = useState<Named[]>([]);

  useLayoutEffect(() => {
    const form = ref.current?.closest('form');
    const names = Object.keys(errors).filter((name) => name !== 'form' && errors[name]);
    const found: Named[] = form
      ? names
          .map((name) => {
            const control = controlOf(form, name);
            // A control without an id (a checkbox of a group) gets one, for the link.
            if (control && !control.id) control.id = `${form.id || 'form'}-${name}-control`;
            return {
              id: control?.id || null,
              label: labelOf(control, name),
              message: errors[name]!,
              control,
            };
          })
          .sort(inPageOrder)
      : [];
    // The DOM is read after React put the new errors in; the summary is drawn from it.
    setNamed(found);
    found.find((field) => field.control)?.control?.focus();
  }, [errors]);

  return (
    <div ref={ref} role="alert" aria-atomic="true">
      {named.length > 0 ? (
        <div className={styles.errorSummary} data-testid="error-summary">
          <p className={styles.errorSummaryTitle}>
            {named.length === 1
              ? 'One field needs a change before saving:'
              : `${named.length} fields need a change before saving:`}
          </p>
          <ul className={styles.errorSummaryList}>
            {named.map((field) => (
              <li key={`${field.id ?? field.label}`}>
                {field.id ? (
                  <a
                    href={`#${field.id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      // Focusing scrolls the field into view.
                      field.control?.focus();
                    }}
                  >
                    {field.label}
                  </a>
                ) : (
                  field.label
                )}
                : {field.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
