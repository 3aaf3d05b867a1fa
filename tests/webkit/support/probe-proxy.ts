import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * WebDriver classic has no way to run a script before a page's own (Playwright's addInitScript),
 * and WebKitWebDriver keeps no console log: errors thrown while a page loads and hydrates would
 * go unseen. This proxy stands between WebKit and the test server and puts one script first in
 * the <head> of every HTML page, with the nonce the page's Content-Security-Policy allows, so the
 * policy stays as the site sends it. The script:
 * - records every uncaught error and unhandled rejection of the page in `window.__tcsaProbe`;
 * - answers EmailJS's endpoints in the page with 200 'OK' and records what was posted, as the
 *   Chromium tests do with page.route (nothing leaves the machine).
 *
 * It also plays the site's one trusted proxy hop: the X-Forwarded-For it sets is the client's
 * address, so each test can have its own rate-limit count (setClientAddress).
 */

/** What the probe script keeps in the page, read by the tests through executeScript. */
export type ProbeState = {
  errors: string[];
  emailJs: { path: string; body: string }[];
};

const PROBE_SCRIPT = `(() => {
  const probe = { errors: [], emailJs: [] };
  window.__tcsaProbe = probe;
  const describe = (value) =>
    value instanceof Error ? value.name + ': ' + value.message : String(value);
  window.addEventListener('error', (event) => {
    // A resource that fails to load fires a (non-bubbling) error at its element, not an ErrorEvent.
    if (event instanceof ErrorEvent) probe.errors.push('error: ' + (event.error ? describe(event.error) : event.message));
  });
  window.addEventListener('unhandledrejection', (event) => {
    probe.errors.push('unhandled rejection: ' + describe(event.reason));
  });
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url, location.href);
    if (url.hostname !== 'api.emailjs.com') return originalFetch(input, init);
    const body = init && init.body;
    const text = body instanceof FormData
      ? JSON.stringify(Array.from(body.entries()).map(([name, value]) => [name, typeof value === 'string' ? value : 'file:' + value.name]))
      : String(body ?? '');
    probe.emailJs.push({ path: url.pathname, body: text });
    return new Response('OK', { status: 200, headers: { 'content-type': 'text/plain' } });
  };
})();`;

function nonceOf(headers: IncomingHttpHeaders): string | undefined {
  const policy = headers['content-security-policy'];
  const text = Array.isArray(policy) ? policy.join(';') : (policy ?? '');
  return /'nonce-([^']+)'/.exec(text)?.[1];
}

/** The page with the probe script first in its <head>. */
export function withProbe(html: string, nonce: string | undefined): string {
  const tag = `<script${nonce ? ` nonce="${nonce}"` : ''}>${PROBE_SCRIPT}</script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return tag + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + tag + html.slice(at);
}

export type ProbeProxy = {
  url: string;
  /** The client address the site sees from now on (X-Forwarded-For). */
  setClientAddress: (address: string) => void;
  close: () => Promise<void>;
};

export async function startProbeProxy(target: string): Promise<ProbeProxy> {
  const upstream = new URL(target);
  let clientAddress = '198.18.200.1';
  const server: Server = createServer((incoming, outgoing) => {
    const headers = { ...incoming.headers };
    // The page is rewritten, so it must come as plain text.
    headers['accept-encoding'] = 'identity';
    headers['x-forwarded-for'] = clientAddress;
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        const isHtml = /^text\/html/.test(String(answer.headers['content-type'] ?? ''));
        if (!isHtml || incoming.method === 'HEAD') {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.from(
            withProbe(Buffer.concat(chunks).toString('utf8'), nonceOf(answer.headers)),
          );
          const answerHeaders = { ...answer.headers };
          delete answerHeaders['transfer-encoding'];
          answerHeaders['content-length'] = String(body.length);
          outgoing.writeHead(answer.statusCode ?? 502, answerHeaders);
          outgoing.end(body);
        });
      },
    );
    forwarded.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`The test server did not answer: ${error.message}`);
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setClientAddress: (address) => {
      clientAddress = address;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
