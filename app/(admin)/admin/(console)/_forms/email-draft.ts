/**
 * The limits of an email staff write to many (an event's message, an announcement), one place for
 * the forms' fields and the actions' checks: a subject fits a mail app's list, a message a phone's
 * screenful or ten. The form's one-time key is what the page draws (a UUID) and nothing else.
 */
export const EMAIL_SUBJECT_LENGTH = 150;
export const EMAIL_BODY_LENGTH = 5000;
export const SEND_KEY = /^[A-Za-z0-9-]{8,64}$/;
