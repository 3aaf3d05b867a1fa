import { CSRF_HEADER, getCsrfToken } from '@/lib/http/csrf';

/**
 * In the browser: sends one of the public membership forms to its endpoint with the cookies and
 * the X-CSRFToken header. Resolves to the server's JSON body or its refusal (the message and a
 * message per field); never rejects.
 */

export type MembershipPostResult =
  | { ok: true; status: number; body: Record<string, unknown> }
  | { ok: false; status: number; message: string; fieldErrors: Record<string, string> };

export type MembershipPostMessages = {
  /** The server could not be reached (status 0). */
  unreachable: string;
  /** The server answered something that is not its JSON. */
  unexpected: string;
};

export async function postMembershipForm(
  path: string,
  json: unknown,
  messages: MembershipPostMessages,
): Promise<MembershipPostResult> {
  let response: Response;
  try {
    const token = await getCsrfToken();
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      headers: {
        [CSRF_HEADER]: token,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(json),
    });
  } catch {
    return { ok: false, status: 0, message: messages.unreachable, fieldErrors: {} };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page): answered by status alone.
  }
  const object =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  if (response.ok && object) return { ok: true, status: response.status, body: object };
  const fieldErrors: Record<string, string> = {};
  if (object && typeof object.fields === 'object' && object.fields !== null) {
    for (const [name, text] of Object.entries(object.fields)) {
      if (typeof text === 'string') fieldErrors[name] = text;
    }
  }
  return {
    ok: false,
    status: response.status,
    message: object && typeof object.error === 'string' ? object.error : messages.unexpected,
    fieldErrors,
  };
}
