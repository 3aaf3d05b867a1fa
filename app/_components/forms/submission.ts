import type { Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import type { SubmissionResult } from '@/lib/submissions/client';

/** The site-wide form texts these messages are written from. */
export type FormNoticeCopy = Pick<
  Copy<'site'>,
  'formEmailOff' | 'formReceivedEmailFailed' | 'formReceivedEmailOff'
>;

/**
 * What the three visitor forms share about a submission the server has answered: the server
 * stores it before any email is sent, so the visitor is told what became of it either way.
 */

export type FieldErrors = Record<string, string>;

/** Why the submission was stored but no email went out. */
export type EmailMissed = 'failed' | 'not-configured';

/**
 * The receipt when the server stored the submission but no email was sent: the server's own
 * words ('Your message has been received.') and the promise of a reply, never a bare failure.
 */
export function receivedText(
  received: string,
  what: string,
  missed: EmailMissed,
  copy: FormNoticeCopy,
): string {
  const text = missed === 'failed' ? copy.formReceivedEmailFailed : copy.formReceivedEmailOff;
  return fillCopy(text, { received, what });
}

/** A form's words for its notice: what it sends, and the other way to reach the club. */
export type EmailOffWords = { what: string; alternative: string; alternativeNoEmail: string };

/**
 * The notice above a form whose emails are not set up: it still works, without emails, and the
 * visitor is told the other way to reach the club (its address when the site settings have one).
 */
export function emailOffNotice(
  contactEmail: string | null,
  words: EmailOffWords,
  copy: FormNoticeCopy,
): string {
  const alternative = contactEmail
    ? fillCopy(words.alternative, { email: contactEmail })
    : words.alternativeNoEmail;
  return `${fillCopy(copy.formEmailOff, { what: words.what })} ${alternative}`;
}

/**
 * The summary of a refusal: the form's failure text from the spec (nothing was stored or sent, so
 * the visitor must try again), then the server's reason.
 */
export function refusedText(failure: string, result: Extract<SubmissionResult, { ok: false }>) {
  return `${failure} ${result.message}`;
}

/** Moves focus to the first field the server found wrong, so the visitor can correct it. */
export function focusFirstInvalid(form: HTMLFormElement, fieldErrors: FieldErrors): void {
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && Object.hasOwn(fieldErrors, name) && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

/** Drops the server's message of a field once the visitor changes that field. */
export function withoutField(fieldErrors: FieldErrors, name: string): FieldErrors {
  if (!Object.hasOwn(fieldErrors, name)) return fieldErrors;
  const rest = { ...fieldErrors };
  delete rest[name];
  return rest;
}
