import type { SubmissionResult } from '@/lib/submissions-client';

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
export function receivedText(received: string, what: string, missed: EmailMissed): string {
  const why =
    missed === 'failed'
      ? 'The email about it could not be sent'
      : 'Emails are not sent from this site yet';
  return `${received} ${why}, but the club has your ${what} and will reply to you by email.`;
}

/** The notice above a form whose emails are not set up: it still works, without emails. */
export function emailOffNotice(what: string, alternative: string): string {
  return `Email sending is not set up on this site yet: your ${what} is still received and stored for the club, but no email is sent. ${alternative}`;
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
