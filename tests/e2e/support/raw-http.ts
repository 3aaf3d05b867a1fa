import { request as httpRequest } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';

/**
 * Requests as a hostile client sends them, which fetch cannot: a declared Content-Length far
 * larger than what is sent, or a chunked body that goes on until the server answers. And the
 * memory of a server's processes, as the system counts it.
 */

export type RawAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** From the first byte sent to the end of the answer. */
  ms: number;
  /** Body bytes handed to the socket before the answer came. */
  sent: number;
};

/**
 * POSTs a body of `size` bytes (filler after `prefix`), declared with Content-Length or chunked,
 * writing only as fast as the socket takes it and stopping as soon as the answer arrives. Fails
 * when no answer has come within `timeoutMs`.
 */
export function postBody(
  baseURL: string,
  options: {
    path: string;
    size: number;
    declared: boolean;
    headers?: Record<string, string>;
    prefix?: string;
    /** Stops writing after this many bytes, and waits (a client that declares more than it sends). */
    sendOnly?: number;
    timeoutMs?: number;
  },
): Promise<RawAnswer> {
  const url = new URL(options.path, baseURL);
  const filler = Buffer.alloc(64 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let sent = 0;
    let answered = false;
    const request = httpRequest({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: url.pathname + url.search,
      agent: false,
      headers: {
        ...(options.declared ? { 'content-length': String(options.size) } : {}),
        ...options.headers,
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`No answer from ${options.path} within ${options.timeoutMs ?? 30_000} ms`));
    }, options.timeoutMs ?? 30_000);
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        clearTimeout(timer);
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          ms: Date.now() - started,
          sent,
        });
      });
    });
    // A server that closes the connection after answering may reset it under the writes; only
    // a failure before any answer is one.
    request.on('error', (error) => {
      if (!answered) {
        clearTimeout(timer);
        reject(error);
      }
    });
    // Node sends a request's head with its first write: a client that sends no body byte at
    // all (sendOnly: 0) must send the head itself.
    request.flushHeaders();
    const stopAt = Math.min(options.size, options.sendOnly ?? options.size);
    const pump = () => {
      while (!answered && sent < stopAt) {
        const piece = filler.subarray(0, Math.min(filler.length, stopAt - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      if (!answered && sent >= options.size) request.end();
    };
    if (options.prefix) {
      const prefix = Buffer.from(options.prefix);
      sent += prefix.length;
      request.write(prefix);
    }
    pump();
  });
}

/** The resident memory of every process in the group, in MB (VmRSS of /proc/<pid>/status). */
export function processGroupRssMb(processGroup: number): number {
  let kilobytes = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name: state, ppid, pgrp.
      const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (group !== processGroup) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'));
      if (rss) kilobytes += Number(rss[1]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return Math.round(kilobytes / 1024);
}

/** A CSRF token with the cookie and header pair that carries it, from GET /api/csrf/. */
export async function csrfHeaders(baseURL: string): Promise<Record<string, string>> {
  const answer = await fetch(`${baseURL}/api/csrf/`);
  const { csrfToken } = (await answer.json()) as { csrfToken: string };
  return { cookie: `csrftoken=${csrfToken}`, 'x-csrftoken': csrfToken, origin: baseURL };
}
