/**
 * The browser side of event registration (spec sections 4, 7 and 8): the POST to
 * /api/events/{id}/register/ with the anti-forgery pair, the texts the form shows, and the two
 * EmailJS notices sent once a registration is stored.
 */
// Types only: the contract's zod schemas stay out of the browser bundle.
import type {
  AvailabilityDto,
  RegistrationCreatedDto,
  RegistrationRequest,
} from '@/lib/api/contract';
import { CSRF_HEADER, getCsrfToken } from '@/lib/http/csrf';
import { type EmailConfig, isEmailConfigured, sendEmail } from '@/lib/mail/emailjs';

/** Spec section 8; the same text as the API's success message (a unit test keeps them equal). */
export const REGISTRATION_SUCCESS_MESSAGE =
  'Registration successful! You are now registered for this event.';
export const REGISTRATION_FAILURE_PREFIX = 'Registration failed: ';
export const UNKNOWN_ERROR = 'Unknown error';

/** The request's fields; `answers` keyed by question id, as GET /api/events/{id}/ lists them. */
export type RegistrationFields = Omit<RegistrationRequest, 'answers'> & {
  answers?: Record<string, string | boolean>;
};

/** The server refused the registration; `serverError` is its answer's `error` field, if any. */
export class RegistrationRequestError extends Error {
  readonly status: number;
  readonly serverError: string | null;
  /** The answer's `code`, when the server names the case (`already_registered`). */
  readonly code: string | null;
  /** A 400's message per field (`answers.<id>` for the event's questions). */
  readonly fields: Record<string, string>;
  constructor(
    status: number,
    serverError: string | null,
    code: string | null = null,
    fields: Record<string, string> = {},
  ) {
    super(`Request failed with status code ${status}`);
    this.name = 'RegistrationRequestError';
    this.status = status;
    this.serverError = serverError;
    this.code = code;
    this.fields = fields;
  }
}

/**
 * The server's words when the person was registered already (their link is emailed to them
 * again): not a failure to show as one. Null for any other error.
 */
export function alreadyRegisteredMessage(error: unknown): string | null {
  return error instanceof RegistrationRequestError && error.code === 'already_registered'
    ? error.serverError
    : null;
}

export function registrationPath(eventId: number): string {
  return `/api/events/${eventId}/register/`;
}

/** The string messages of a failure's `fields`, if any. */
function fieldMessages(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || !('fields' in body)) return {};
  const { fields } = body;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function errorField(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body;
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

/** What the form needs of a stored registration: its status, the server's words and the link. */
export type RegistrationResult = {
  status: RegistrationCreatedDto['registration']['status'];
  message: string | null;
  manageUrl: string | null;
};

function resultOf(body: unknown): RegistrationResult {
  const dto = body as Partial<RegistrationCreatedDto> | null;
  const registration = dto?.registration;
  const status = registration?.status;
  return {
    status: status === 'waitlisted' || status === 'submitted' ? status : 'confirmed',
    message: typeof dto?.message === 'string' ? dto.message : null,
    manageUrl: typeof registration?.manage_url === 'string' ? registration.manage_url : null,
  };
}

/**
 * Registers for the event. Resolves with the stored registration's status and manage link;
 * rejects with a RegistrationRequestError when the server answered with a failure, or with the
 * network's error.
 */
export async function submitRegistration(
  eventId: number,
  fields: RegistrationFields,
): Promise<RegistrationResult> {
  const token = await getCsrfToken();
  const response = await fetch(registrationPath(eventId), {
    method: 'POST',
    credentials: 'include',
    cache: 'no-store',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      [CSRF_HEADER]: token,
    },
    body: JSON.stringify(fields),
  });
  // Read the answer either way, so the connection is released even when only the status matters.
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const code =
      typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
        ? body.code
        : null;
    throw new RegistrationRequestError(
      response.status,
      errorField(body),
      code,
      fieldMessages(body),
    );
  }
  return resultOf(body);
}

export function availabilityPath(eventId: number): string {
  return `/api/events/${eventId}/availability/`;
}

/** Places left, waitlist, opening time or closed; null when it cannot be read (the form stays). */
export async function fetchAvailability(eventId: number): Promise<AvailabilityDto | null> {
  try {
    const response = await fetch(availabilityPath(eventId), {
      credentials: 'include',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    return (await response.json()) as AvailabilityDto;
  } catch {
    return null;
  }
}

/** 'Registration failed: ' + the server's error field, else the error's message, else 'Unknown error'. */
export function registrationFailureMessage(
  error: unknown,
  words: { failurePrefix: string; unknownError: string } = {
    failurePrefix: REGISTRATION_FAILURE_PREFIX,
    unknownError: UNKNOWN_ERROR,
  },
): string {
  const serverError = error instanceof RegistrationRequestError ? error.serverError : null;
  const message = error instanceof Error && error.message.trim() !== '' ? error.message : null;
  return words.failurePrefix + (serverError ?? message ?? words.unknownError);
}

export type RegisteredEvent = {
  title: string;
  /** The date and time as the page shows them, e.g. 'Saturday, February 14, 2026 at 6:30 PM ...'. */
  date: string;
};

/**
 * The template parameters of the two notices (spec section 7); the confirmation also carries
 * `manage_url`, the person's link to see or cancel the registration.
 */
export function registrationEmailParams(
  fields: RegistrationFields,
  event: RegisteredEvent,
  manageUrl: string | null = null,
) {
  return {
    registrationAdmin: {
      first_name: fields.first_name,
      last_name: fields.last_name,
      email: fields.email,
      event_title: event.title,
      event_date: event.date,
    },
    registrationConfirm: {
      first_name: fields.first_name,
      email: fields.email,
      event_title: event.title,
      event_date: event.date,
      manage_url: manageUrl ?? '',
    },
  };
}

/**
 * Sends the admin notification and the registrant's confirmation. Never rejects: the registration
 * is already stored, so a failed email is only logged and the visitor still sees success.
 * Resolves with the templates that could not be sent.
 */
export async function sendRegistrationEmails(
  config: EmailConfig,
  fields: RegistrationFields,
  event: RegisteredEvent,
  manageUrl: string | null = null,
): Promise<Array<'registrationAdmin' | 'registrationConfirm'>> {
  const params = registrationEmailParams(fields, event, manageUrl);
  const templates = ['registrationAdmin', 'registrationConfirm'] as const;
  const failed: Array<'registrationAdmin' | 'registrationConfirm'> = [];
  await Promise.all(
    templates.map(async (template) => {
      if (!isEmailConfigured(config, template)) {
        console.warn(
          `The registration is saved; the ${template} email is not set up on this site, so it was not sent.`,
        );
        failed.push(template);
        return;
      }
      try {
        await sendEmail(config, template, params[template]);
      } catch {
        // sendEmail logged why; the stored registration stands.
        console.warn(`The registration is saved, but the ${template} email was not sent.`);
        failed.push(template);
      }
    }),
  );
  return failed;
}
