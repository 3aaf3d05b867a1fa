import { POST } from '@/app/api/events/[id]/register/route';

export const TOKEN = 'a'.repeat(64);

let clientNumber = 0;

export type RegisterOptions = {
  /** Cookie header; default carries csrftoken=TOKEN. */
  cookie?: string | null;
  /** X-CSRFToken header; default TOKEN. */
  csrf?: string | null;
  origin?: string | null;
  /** The client address the rate limiter sees; default a fresh one per request. */
  ip?: string;
  headers?: Record<string, string>;
};

/** A POST /api/events/{id}/register/ request with a valid CSRF pair unless told otherwise. */
export function registrationRequest(
  id: string | number,
  body: unknown,
  options: RegisterOptions = {},
): Request {
  const headers = new Headers({ 'content-type': 'application/json', host: 'localhost' });
  const cookie = options.cookie === undefined ? `csrftoken=${TOKEN}` : options.cookie;
  const csrf = options.csrf === undefined ? TOKEN : options.csrf;
  const origin = options.origin === undefined ? 'http://localhost' : options.origin;
  if (cookie !== null) headers.set('cookie', cookie);
  if (csrf !== null) headers.set('x-csrftoken', csrf);
  if (origin !== null) headers.set('origin', origin);
  clientNumber += 1;
  headers.set(
    'x-tcsa-client-address',
    options.ip ?? `10.0.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`,
  );
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return new Request(`http://localhost/api/events/${id}/register/`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function register(
  id: string | number,
  body: unknown,
  options: RegisterOptions = {},
): Promise<{ status: number; body: Record<string, unknown>; response: Response }> {
  const response = await POST(registrationRequest(id, body, options), {
    params: Promise.resolve({ id: String(id) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    response,
  };
}

let personNumber = 0;
export function person(tag = 'guest') {
  personNumber += 1;
  return {
    first_name: 'Mei',
    last_name: `Tester ${personNumber}`,
    email: `${tag}.${personNumber}.${process.pid}@example.org`,
  };
}
