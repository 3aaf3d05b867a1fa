import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyLimitFor } from '@/lib/http/body-limits.mjs';
import { BoundedIncomingMessage, LINGER_MS, createFrontDoor } from '@/lib/http/front-door.mjs';

/**
 * The server entry's front door on a real HTTP server, with a stand-in for the app that reads
 * the body as a route does (all of it, counting) and answers 413 past its route's limit.
 */

type AppSaw = { bytes: number; clientAddress: string | undefined };

let server: Server | null = null;

afterEach(async () => {
  // A connection whose body was refused stays open LINGER_MS after the answer; closing the server
  // would wait for it. The one test about that wait measures it itself.
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

async function start(buildFiles: Set<string> | null = null) {
  const seen: AppSaw[] = [];
  const requests: BoundedIncomingMessage[] = [];
  const frontDoor = createFrontDoor({ hops: 0, production: true, buildFiles });
  server = createServer({ IncomingMessage: BoundedIncomingMessage }, (request, response) => {
    requests.push(request as BoundedIncomingMessage);
    if (frontDoor(request as BoundedIncomingMessage, response)) return;
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      seen.push({ bytes, clientAddress: request.headers['x-tcsa-client-address'] as string });
      const url = new URL(request.url ?? '/', 'http://x');
      const limit = bodyLimitFor(url.pathname, url.searchParams);
      // An app answers a moment later, as Next.js does, not within the body's last event.
      setTimeout(() => {
        response.statusCode = bytes > limit.bytes ? 413 : 200;
        response.end(String(bytes));
      }, 50);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, seen, requests };
}

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/**
 * Sends `total` bytes (declared or chunked) and stops writing as soon as the answer comes:
 * resolves with the answer and how many bytes had been handed to the socket by then.
 */
function send(
  port: number,
  options: { path: string; total: number; declared: boolean; headers?: Record<string, string> },
): Promise<{ answer: Answer; written: number }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let written = 0;
    let answered = false;
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: options.path,
      agent: false,
      headers: {
        'content-type': 'application/json',
        ...(options.declared ? { 'content-length': String(options.total) } : {}),
        ...options.headers,
      },
    });
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.on('data', (data: Buffer) => (body += data.toString()));
      response.on('end', () => {
        resolve({
          answer: { status: response.statusCode ?? 0, headers: response.headers, body },
          written,
        });
        request.destroy();
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && written < options.total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, options.total - written));
        written += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

/**
 * A client like many HTTP libraries: it sends the request's head and its whole body, more than
 * the connection holds in its buffers, and only then reads the answer. The server must read on
 * after answering for the body to go out; otherwise the client meets a reset.
 */
async function sendWholeThenRead(
  port: number,
  head: string,
  body: Buffer,
): Promise<{ received: string; failure: Error | null }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.pause();
  let received = '';
  socket.on('data', (data: Buffer) => (received += data.toString()));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  let failure: Error | null = null;
  socket.on('error', (error) => (failure = error));
  socket.write(head);
  await new Promise<void>((resolve) => socket.write(body, () => resolve()));
  socket.resume();
  await closed;
  return { received, failure };
}

describe('the front door', () => {
  it('refuses a declared body over its route’s limit at once, before reading it', async () => {
    const { port, seen, requests } = await start();
    const { answer } = await send(port, {
      path: '/api/revalidate',
      total: 200 * 1024 * 1024,
      declared: true,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'The body is too large for a webhook (64 KB at most)',
    });
    expect(answer.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(answer.headers['cache-control']).toBe('no-store');
    // The app never saw it, and the front door read none of it.
    expect(seen).toEqual([]);
    expect(requests[0]!.bodyBytes).toBeLessThan(1024 * 1024);
  });

  it('answers a too-large application with the file field’s message too', async () => {
    const { port } = await start();
    const { answer } = await send(port, {
      path: '/api/applications/',
      total: 20 * 1024 * 1024,
      declared: true,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'The resume file is too large: it must be at most 5 MB.',
      fields: { resume_file: 'The resume file is too large: it must be at most 5 MB.' },
    });
  });

  it('cuts a chunked body one byte past the limit, so the route refuses it, and reads no further', async () => {
    const { port, seen, requests } = await start();
    const { answer } = await send(port, {
      path: '/api/events/3/register/',
      total: 50 * 1024 * 1024,
      declared: false,
    });
    expect(answer.status).toBe(413);
    expect(seen[0]!.bytes).toBe(16 * 1024 + 1);
    expect(requests[0]!.bodyCut).toBe(true);
    expect(requests[0]!.bodyBytes).toBe(16 * 1024 + 1);
  });

  it('passes a body within its limit whole, declared or chunked', async () => {
    const { port, seen, requests } = await start();
    const declared = await send(port, { path: '/api/messages/', total: 32 * 1024, declared: true });
    const chunked = await send(port, { path: '/api/messages/', total: 32 * 1024, declared: false });
    expect([declared.answer.status, chunked.answer.status]).toEqual([200, 200]);
    expect(seen.map((saw) => saw.bytes)).toEqual([32 * 1024, 32 * 1024]);
    expect(requests.map((request) => request.bodyCut)).toEqual([false, false]);
  });

  it('closes a connection whose body it left unread after an answer that says so, read whole', async () => {
    const { port } = await start();
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const answered = Date.now();
    let received = '';
    socket.on('data', (data: Buffer) => (received += data.toString()));
    const closed = new Promise<number>((resolve) =>
      socket.once('close', () => resolve(Date.now())),
    );
    socket.on('error', () => {});
    socket.write(
      'POST /api/messages/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${100 * 1024 * 1024}\r\n\r\n{"message": "`,
    );
    const closedAt = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toMatch(/\r\nConnection: close\r\n/i);
    expect(received).toMatch(/\r\n\r\n\{"error":"[^"]+"\}$/);
    expect(closedAt - answered).toBeLessThan(LINGER_MS + 2000);
  });

  it('lets a client that reads only once its whole body is sent read its 413', async () => {
    const { port, requests } = await start();
    const body = Buffer.alloc(24 * 1024 * 1024, 0x20);
    // Declared and chunked: the body cut at its limit as it arrives, and refused by its length.
    for (const framing of ['chunked', 'declared'] as const) {
      const head =
        'POST /api/events/3/register/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        (framing === 'declared'
          ? `Content-Length: ${body.length}\r\n\r\n`
          : `Transfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n`);
      const { received, failure } = await sendWholeThenRead(
        port,
        head,
        framing === 'chunked' ? Buffer.concat([body, Buffer.from('\r\n0\r\n\r\n')]) : body,
      );
      expect(failure, framing).toBeNull();
      expect(received, framing).toMatch(/^HTTP\/1\.1 413 /);
      expect(received, framing).toMatch(/\r\nConnection: close\r\n/i);
    }
    // What was read after the answers was thrown away, never handed to the app.
    const [chunked, declared] = requests;
    expect(chunked!.bodyBytes).toBe(16 * 1024 + 1);
    expect(declared!.bodyBytes).toBeLessThanOrEqual(1);
  });

  it('lets such a client read an answer its app gave after reading part of a body within the limit', async () => {
    const frontDoor = createFrontDoor({ hops: 0, production: true });
    let request: BoundedIncomingMessage | null = null;
    server = createServer({ IncomingMessage: BoundedIncomingMessage }, (incoming, response) => {
      request = incoming as BoundedIncomingMessage;
      if (frontDoor(request, response)) return;
      // A route that refuses on the body's first bytes (a file that is not what it says).
      incoming.once('data', () => {
        incoming.pause();
        response.statusCode = 400;
        response.end('{"error":"not a video"}');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const body = Buffer.alloc(24 * 1024 * 1024, 0x20);
    const { received, failure } = await sendWholeThenRead(
      port,
      `POST /admin/upload?purpose=video HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    expect(failure).toBeNull();
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(received).toMatch(/\r\nConnection: close\r\n/i);
    // The rest went nowhere: the app's paused stream holds no more than it had when it answered.
    expect(request!.readableLength).toBeLessThan(1024 * 1024);
  });

  it('says Connection: close on any answer given before the body has arrived, and only then', async () => {
    const frontDoor = createFrontDoor({ hops: 0, production: true });
    server = createServer({ IncomingMessage: BoundedIncomingMessage }, (request, response) => {
      if (frontDoor(request as BoundedIncomingMessage, response)) return;
      // A route that refuses without reading the body (a CSRF check), or reads it all first.
      if (request.url === '/refuses-early') {
        response.statusCode = 403;
        return void response.end('refused');
      }
      request.resume();
      request.on('end', () => response.end('read'));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const early = await send(port, { path: '/refuses-early', total: 900 * 1024, declared: true });
    expect(early.answer).toMatchObject({ status: 403, body: 'refused' });
    expect(early.answer.headers.connection).toBe('close');

    // A body read to its end leaves the connection open for the next request.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const sockets = new Set<unknown>();
      for (let i = 0; i < 3; i += 1) {
        const answer = await new Promise<{ connection?: string; body: string }>(
          (resolve, reject) => {
            const request = httpRequest(
              { host: '127.0.0.1', port, method: 'POST', path: '/reads', agent },
              (response) => {
                let body = '';
                response.on('data', (data: Buffer) => (body += data.toString()));
                response.on('end', () =>
                  resolve({ connection: response.headers.connection, body }),
                );
              },
            );
            request.on('socket', (socket) => sockets.add(socket));
            request.on('error', reject);
            request.end('{"message": "hello"}');
          },
        );
        expect(answer).toEqual({ connection: 'keep-alive', body: 'read' });
      }
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('harms no request of a client that reuses its connections while it refuses oversized ones', async () => {
    const { port } = await start();
    // As a proxy keeps its connections to the site open and sends every visitor's request on them.
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const call = (path: string, size: number) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path,
            agent,
            headers: { 'content-type': 'application/json', 'content-length': String(size) },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', reject);
        request.end(Buffer.alloc(Math.min(size, 64 * 1024), 0x20));
      });
    try {
      const oversized = 100 * 1024 * 1024;
      const calls = Array.from({ length: 200 }, (_, i) =>
        i % 10 === 0 ? call('/api/messages/', oversized) : call('/api/messages/', 16),
      );
      const statuses = await Promise.all(calls);
      expect(statuses.filter((status, i) => i % 10 !== 0 && status !== 200)).toEqual([]);
      expect(statuses.filter((status, i) => i % 10 === 0 && status !== 413)).toEqual([]);
    } finally {
      agent.destroy();
    }
  });

  it('sets the client’s address from the connection, whatever the client sent', async () => {
    const { port, seen } = await start();
    await send(port, {
      path: '/api/messages/',
      total: 2,
      declared: true,
      headers: { 'x-tcsa-client-address': '6.6.6.6', 'x-forwarded-for': '7.7.7.7' },
    });
    expect(seen[0]!.clientAddress).toBe('127.0.0.1');
  });

  it('answers a build file that does not exist with a small 404 carrying the security headers', async () => {
    const { port, seen } = await start(new Set(['/_next/static/chunks/app.js']));
    const missing = await fetch(`http://127.0.0.1:${port}/_next/static/chunks/missing.js`);
    expect(missing.status).toBe(404);
    const text = await missing.text();
    expect(text.length).toBeLessThan(100);
    expect(missing.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(missing.headers.get('x-frame-options')).toBe('DENY');
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`http://127.0.0.1:${port}/_next/not-a-route`)).status).toBe(404);
    // Answered at once, before the parser has noted the end of a request without a body: the
    // connection stays open for the next request all the same.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const sockets = new Set<unknown>();
      for (let i = 0; i < 2; i += 1) {
        const connection = await new Promise<string | undefined>((resolve, reject) => {
          const request = httpRequest(
            { host: '127.0.0.1', port, path: '/_next/static/chunks/gone.js', agent },
            (response) => {
              response.resume();
              response.on('end', () => resolve(response.headers.connection));
            },
          );
          request.on('socket', (socket) => sockets.add(socket));
          request.on('error', reject);
          request.end();
        });
        expect(connection).toBe('keep-alive');
      }
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
    // An existing file, the image optimizer and every other path go to the app.
    expect((await fetch(`http://127.0.0.1:${port}/_next/static/chunks/app.js`)).status).toBe(200);
    const image = await fetch(`http://127.0.0.1:${port}/_next/image?url=%2Fa.png&w=64&q=75`);
    expect(image.status).toBe(200);
    // The optimizer's answers, its errors too, load and frame nothing.
    expect(image.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(image.headers.get('x-frame-options')).toBe('DENY');
    expect((await fetch(`http://127.0.0.1:${port}/events`)).status).toBe(200);
    expect(seen).toHaveLength(3);
  });
});
