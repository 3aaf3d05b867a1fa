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

/** A client of the site: its cookies and the address it comes from (X-Forwarded-For). */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseURL: string,
    readonly address: string,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Keeps the cookies an answer sets (and forgets the ones it clears). */
  remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
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
    this.remember(response);
    return response;
  }

  /** A JSON call of the public API, with the CSRF pair the API asks for. */
  async postApi(pathname: string, body: unknown): Promise<Response> {
    if (!this.cookies.has('csrftoken')) await this.fetch('/api/csrf/');
    return this.fetch(pathname, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrftoken': this.cookies.get('csrftoken') ?? '',
      },
      body: JSON.stringify(body),
    });
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
  const body = await encodeReply(args);
  const response = await client.fetch(page, {
    method: 'POST',
    origin: options.origin,
    headers: {
      accept: 'text/x-component',
      'next-action': action.id,
      ...(typeof body === 'string' ? { 'content-type': 'text/plain;charset=UTF-8' } : {}),
    },
    body,
  });
  return {
    status: response.status,
    text: await response.text(),
    // `/admin;push`: the address, then how the client's router should go there.
    redirect: response.headers.get('x-action-redirect')?.split(';')[0] ?? null,
  };
}
