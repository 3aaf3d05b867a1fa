import { Agent, request as httpsRequest } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import {
  type ActionAnswer,
  type BuiltAction,
  actionAnswer,
  actionRequest,
  cookieHeaderOf,
  csrfJsonPost,
  keepCookies,
} from '../../e2e/support/server-actions';

/**
 * A visitor of the site behind the proxy, in plain HTTPS (node:https, trusting the proxy's own
 * certificate authority): its cookies, and the loopback address it connects from (127.0.0.x), which
 * the proxy passes on in X-Forwarded-For as the client's address, so that each visitor has its own
 * rate-limit count as people on different networks do.
 */

export type Answer = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: () => string;
  json: <T>() => T;
};

/** The connections of every visitor from one address, kept open as a browser keeps them. */
const agents = new Map<string, Agent>();

export function agentFor(ca: Buffer, address: string): Agent {
  const key = address;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ ca, keepAlive: true, localAddress: address, maxSockets: 400 });
    agents.set(key, agent);
  }
  return agent;
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string | FormData;
};

export class Visitor {
  /**
   * @param origin the proxy's address the visitor uses (`https://localhost:<port>`)
   * @param address the loopback address it connects from
   * @param cookies its cookies (a browser's, shared by its visits to every address of the site)
   */
  constructor(
    readonly origin: string,
    readonly ca: Buffer,
    readonly address = '127.0.0.1',
    readonly cookies = new Map<string, string>(),
  ) {}

  /** The same visitor, cookies and all, through another of the proxy's addresses. */
  at(origin: string): Visitor {
    return new Visitor(origin, this.ca, this.address, this.cookies);
  }

  async fetch(pathname: string, options: RequestOptions = {}): Promise<Answer> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { ...options.headers };
    let body: Buffer | undefined;
    if (options.body instanceof FormData) {
      // The multipart encoding a browser sends, by the platform's own encoder.
      const encoded = new Request('http://form.invalid/', { method: 'POST', body: options.body });
      headers['content-type'] = encoded.headers.get('content-type')!;
      body = Buffer.from(await encoded.arrayBuffer());
    } else if (options.body !== undefined) {
      body = Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body);
    }
    if (body) headers['content-length'] = String(body.byteLength);
    if (method !== 'GET' && method !== 'HEAD') headers.origin ??= this.origin;
    const cookie = cookieHeaderOf(this.cookies);
    if (cookie) headers.cookie = cookie;
    const url = new URL(pathname, this.origin);
    const answer = await new Promise<Answer>((resolve, reject) => {
      const outgoing = httpsRequest(
        url,
        { method, headers, agent: agentFor(this.ca, this.address) },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const bytes = Buffer.concat(chunks);
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: bytes,
              text: () => bytes.toString('utf8'),
              json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
            });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    keepCookies(this.cookies, answer.headers['set-cookie'] ?? []);
    return answer;
  }

  /** A JSON call of the public API, with the CSRF pair it asks for. */
  async postApi(pathname: string, value: unknown): Promise<Answer> {
    if (!this.cookies.has('csrftoken')) await this.fetch('/api/csrf/');
    return this.fetch(pathname, csrfJsonPost(this.cookies, value));
  }

  /** A Server Action called as Next.js's own client calls it (see tests/e2e/support/server-actions.ts). */
  async action(action: BuiltAction, page: string, args: unknown[]): Promise<ActionAnswer> {
    const answer = await this.fetch(page, await actionRequest(action, args));
    const redirect = answer.headers['x-action-redirect'];
    return actionAnswer(
      answer.status,
      answer.text(),
      typeof redirect === 'string' ? redirect : null,
    );
  }
}
