/**
 * How every `/api/...` endpoint answers a failure: a JSON body `{"error": "..."}` (plus per-field
 * messages for an invalid form) with the status code of its error code. Built here only, so all
 * endpoints fail the same way.
 */

export const API_ERRORS = {
  invalid_json: {
    status: 400,
    message: 'The request body must be a JSON object with first_name, last_name and email.',
  },
  invalid_fields: { status: 400, message: 'Please correct the registration form.' },
  invalid_form: {
    status: 400,
    message: 'The form could not be read: it must be sent as multipart/form-data.',
  },
  csrf_cookie_missing: {
    status: 403,
    message:
      'CSRF verification failed: the csrftoken cookie is missing. Reload the page and try again.',
  },
  csrf_token_mismatch: {
    status: 403,
    message:
      'CSRF verification failed: the X-CSRFToken header does not match the csrftoken cookie. Reload the page and try again.',
  },
  csrf_origin_mismatch: {
    status: 403,
    message: 'CSRF verification failed: the request did not come from this site.',
  },
  event_not_found: { status: 404, message: 'Event not found.' },
  not_found: { status: 404, message: 'There is no API endpoint at this address.' },
  already_registered: {
    status: 409,
    message: 'You are already registered: we have emailed your link again.',
  },
  event_full: { status: 409, message: 'This event is full: no places are left.' },
  registration_closed: { status: 409, message: 'Registration is closed for this event.' },
  registration_not_found: {
    status: 404,
    message:
      'This registration link is not valid. Check that you opened the whole link from your email.',
  },
  registration_not_cancellable: {
    status: 409,
    message: 'This registration can no longer be cancelled.',
  },
  cron_not_configured: {
    status: 503,
    message: 'Scheduled work through this address is off: set CRON_SECRET on the server.',
  },
  cron_unauthorized: {
    status: 401,
    message: 'The scheduler secret is missing or wrong (Authorization: Bearer <CRON_SECRET>).',
  },
  doctor_unauthorized: {
    status: 401,
    message: 'The token does not match the one in the site’s data folder.',
  },
  registration_not_open: { status: 409, message: 'Registration for this event is not open yet.' },
  member_not_verified: {
    status: 409,
    message: 'This member ID and email do not match an active membership.',
  },
  body_too_large: { status: 413, message: 'The request body is too large.' },
  client_aborted: {
    status: 400,
    message: 'The request was interrupted before it had fully arrived. Please try again.',
  },
  file_too_large: { status: 413, message: 'The uploaded file is too large.' },
  rate_limited: {
    status: 429,
    message:
      'Too many registration attempts from your network. Please wait a minute and try again.',
  },
  source_failed: { status: 500, message: 'Failed to load data.' },
  server_error: {
    status: 500,
    message: 'Something went wrong on our side. Please try again later.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

export type ApiErrorOptions = {
  /** Replaces the code's default message. */
  message?: string;
  /** Per-field messages, e.g. `{ email: 'Enter a valid email address.' }`. */
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  /** Adds `"code": "<code>"` to the body, for a client to tell this answer from the others. */
  withCode?: boolean;
};

/** Responses of the API are about one request and one visitor: never stored by a cache. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function apiError(code: ApiErrorCode, options: ApiErrorOptions = {}): Response {
  const { status, message } = API_ERRORS[code];
  const body: { error: string; code?: ApiErrorCode; fields?: Record<string, string> } = {
    error: options.message ?? message,
  };
  if (options.withCode) body.code = code;
  if (options.fields) body.fields = options.fields;
  return Response.json(body, { status, headers: { ...NO_STORE, ...options.headers } });
}
