import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Calls the site's Server Actions over HTTP the way Next.js's own client does: a POST to a page
 * of the action, with the `Next-Action` header naming the action's id from the build's manifest,
 * and the arguments encoded by React's own `encodeReply` (the copy Next.js ships). What the
 * server answers is what a forged or replayed call from any client would get.
 */

const require = createRequire(import.meta.url);
const { encodeReply } = require('next/dist/compiled/react-server-dom-turbopack/client.node.js') as {
  encodeReply: (value: unknown) => Promise<string | FormData>;
};

/** One Server Action of the build: its id, its exported name and the file that exports it. */
export type BuiltAction = { id: string; name: string; file: string; pages: string[] };

/** Every Server Action of a production build, read from its server reference manifest. */
export function builtServerActions(distDir = process.env.NEXT_DIST_DIR || '.next'): BuiltAction[] {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, 'server', 'server-reference-manifest.json'), 'utf8'),
  ) as {
    node: Record<
      string,
      { exportedName: string; filename: string; workers: Record<string, unknown> }
    >;
  };
  return Object.entries(manifest.node).map(([id, entry]) => ({
    id,
    name: entry.exportedName,
    file: entry.filename,
    pages: Object.keys(entry.workers),
  }));
}

/** Keeps the cookies of an answer's Set-Cookie lines in a jar, and forgets the ones it clears. */
export function keepCookies(jar: Map<string, string>, setCookieLines: readonly string[]): void {
  for (const line of setCookieLines) {
    const [pair = '', ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

/** A jar's cookies as a Cookie header ('' when it is empty). */
export function cookieHeaderOf(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** A JSON POST of the public API with the CSRF pair it asks for (the jar holds `csrftoken`). */
export function csrfJsonPost(jar: Map<string, string>, value: unknown) {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': jar.get('csrftoken') ?? '' },
    body: JSON.stringify(value),
  };
}

/** The headers and body of a call to a Server Action, as Next.js's own client sends them. */
export async function actionRequest(action: BuiltAction, args: unknown[]) {
  const body = await encodeReply(args);
  const headers: Record<string, string> = {
    accept: 'text/x-component',
    'next-action': action.id,
    ...(typeof body === 'string' ? { 'content-type': 'text/plain;charset=UTF-8' } : {}),
  };
  return { method: 'POST', headers, body };
}

/** What a Server Action call answered, from its status, payload and X-Action-Redirect header. */
export function actionAnswer(
  status: number,
  text: string,
  redirectHeader: string | null | undefined,
): ActionAnswer {
  // `/admin;push`: the address, then how the client's router should go there.
  return { status, text, redirect: redirectHeader?.split(';')[0] ?? null };
}

/** A client of the site: its cookies and the address it comes from (X-Forwarded-For). */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseURL: string,
    readonly address: string,
  ) {}

  cookieHeader(): string {
    return cookieHeaderOf(this.cookies);
  }

  async fetch(pathname: string, init: RequestInit & { origin?: string } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', this.address);
    const cookie = this.cookieHeader();
    if (cookie) headers.set('cookie', cookie);
    if (init.method && init.method !== 'GET') headers.set('origin', init.origin ?? this.baseURL);
    const response = await fetch(`${this.baseURL}${pathname}`, {
      ...init,
      headers,
      redirect: 'manual',
    });
    keepCookies(this.cookies, response.headers.getSetCookie());
    return response;
  }

  /** A JSON call of the public API, with the CSRF pair the API asks for. */
  async postApi(pathname: string, body: unknown): Promise<Response> {
    if (!this.cookies.has('csrftoken')) await this.fetch('/api/csrf/');
    return this.fetch(pathname, csrfJsonPost(this.cookies, body));
  }
}

/** What a Server Action call answered: the status, the payload as text, and where it redirects. */
export type ActionAnswer = { status: number; text: string; redirect: string | null };

/** A form's fields, as FormData. */
export function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

export async function callAction(
  client: Client,
  action: BuiltAction,
  page: string,
  args: unknown[],
  options: { origin?: string } = {},
): Promise<ActionAnswer> {
  const call = await actionRequest(action, args);
  const response = await client.fetch(page, { ...call, origin: options.origin });
  return actionAnswer(
    response.status,
    await response.text(),
    response.headers.get('x-action-redirect'),
  );
}

/**
 * The console's event form as its editor sends it: an event `daysFromNow` days ahead with a
 * waitlist that promotes by itself, led by `leads` (account ids).
 */
export function eventFormFields(
  title: string,
  options: { daysFromNow: number; capacity: number; description: string; leads?: string[] },
): Record<string, string | string[]> {
  const date = new Date(Date.now() + options.daysFromNow * 86_400_000).toISOString().slice(0, 10);
  return {
    title,
    description: options.description,
    date,
    startTime: '18:30',
    duration: '2 hours',
    location: 'Desmarais Hall, room 12',
    organizer: 'TCSA',
    posterImg: '',
    thumbnailLink: '',
    capacity: String(options.capacity),
    registrationOpensAt: '',
    registrationClosesAt: '',
    waitlistEnabled: 'on',
    autoPromote: 'auto',
    requiresReview: '',
    cancellationCutoffHours: '24',
    leads: options.leads ?? [],
  };
}
