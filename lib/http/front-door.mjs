// Plain JavaScript on purpose: run by Node as it is, inside the server entry (scripts/serve.mjs).
// Types: front-door.d.mts.

import { readdirSync } from 'node:fs';
import { IncomingMessage } from 'node:http';
import path from 'node:path';
import { API_CONTENT_SECURITY_POLICY, staticSecurityHeaders } from './security-headers.mjs';
import { bodyLimitFor, declaredLength, tooLargeBody } from './body-limits.mjs';
import { stampClientAddress } from './client-address.mjs';

/**
 * What the server entry does with every request before Next.js sees it: the work that needs the
 * connection itself, which no route handler and no proxy.ts can reach.
 *
 * - The client's address is taken from the socket (and the trusted proxies' X-Forwarded-For
 *   entries) into the `x-tcsa-client-address` header; a client's own copy is deleted.
 * - A body declared larger than its route's limit (lib/http/body-limits.mjs) is refused at once
 *   with 413, before a byte of it is read. Next.js would otherwise read all of it first: for a
 *   route proxy.ts runs on, it holds the body (up to 10 MB) until the last byte has arrived, so
 *   a client could keep the server waiting and tie up its memory at will.
 * - A body sent without a length (chunked) is cut one byte past that limit: the route then sees
 *   a body over its limit and refuses it in its own words, and nothing more is read from the
 *   connection, which closes shortly after the answer.
 * - Any answer given before its request's body has all arrived says `Connection: close`
 *   (BoundedIncomingMessage.closeAfter), so that no other request is sent on the connection.
 * - A build file that does not exist (`/_next/static/...`, any other `/_next/` path but the image
 *   optimizer's) gets a small 404 with the site's security headers, not Next.js's whole
 *   not-found page (20 KB) without them.
 * - The image optimizer's answers (`/_next/image`), which proxy.ts does not see, get the policy
 *   that loads and frames nothing, its errors included.
 */

/** How long a connection whose body was refused stays open after the answer, then closes. */
export const LINGER_MS = 2000;

/**
 * A connection closed with the client's bytes still unread is reset, and a client still sending
 * can lose the answer before reading it (why servers "linger" before closing). Node closes a
 * connection at once after an answer that says `Connection: close`: here it sends its end at
 * once but closes only LINGER_MS later, and meanwhile reads and throws away what the client still
 * sends. A client that reads the answer only once its whole body is sent (many HTTP libraries
 * do) can then finish sending and read its 413, instead of waiting on a full connection until the
 * reset.
 *
 * @param {import('node:net').Socket | null} socket
 * @param {BoundedIncomingMessage} request
 */
function lingerBeforeClosing(socket, request) {
  if (!socket) return;
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    request.draining = true;
    // The parser reads again; what it reads of the body goes nowhere (push, below).
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/**
 * The request class of the entry's HTTP server: a request whose body stops at `bodyLimit + 1`
 * bytes. Node's HTTP parser hands a request's body to its IncomingMessage through `push`, so this
 * is the one place every byte passes before anything (Next.js included) can read it.
 */
export class BoundedIncomingMessage extends IncomingMessage {
  /** The most body bytes any reader will get, plus one; set per request by the front door. */
  bodyLimit = Number.POSITIVE_INFINITY;
  /** Body bytes that have arrived. */
  bodyBytes = 0;
  /** Whether the body was cut at the limit. */
  bodyCut = false;
  /** Whether the whole body has arrived (the parser has seen its end). */
  bodyComplete = false;
  /** Whether the answer has gone and the rest of the body is read only to be thrown away. */
  draining = false;

  /**
   * Whether the request has a body at all. A request without one is answered before the parser
   * notes its end (the handler runs as its head is read), so `bodyComplete` alone would call it
   * unfinished.
   */
  get hasBody() {
    const length = declaredLength(this.headers['content-length']);
    return this.headers['transfer-encoding'] !== undefined || (length !== null && length > 0);
  }

  /** Whether the request's body has not all arrived yet. */
  get bodyUnfinished() {
    return this.hasBody && !this.bodyComplete;
  }

  /**
   * @param {any} chunk a Buffer from the parser, or null at the body's end
   * @param {BufferEncoding} [encoding]
   * @returns {boolean}
   */
  push(chunk, encoding) {
    if (chunk === null) {
      this.bodyComplete = true;
      // After a cut the body has already ended for its readers.
      return this.bodyCut ? false : super.push(chunk, encoding);
    }
    // After the answer, the rest is thrown away as it comes (lingerBeforeClosing). A body cut at
    // its limit has ended for Node too, whose parser drops the rest itself; one the app answered
    // part-read comes here, and `true` keeps the parser reading.
    if (this.draining) return true;
    // After a cut and until the answer, nothing more: `false` tells the parser to stop reading
    // the socket, so the client waits (TCP's own flow control).
    if (this.bodyCut) return false;
    const size = chunk.length;
    if (this.bodyBytes + size <= this.bodyLimit) {
      this.bodyBytes += size;
      return super.push(chunk, encoding);
    }
    // One byte more than the limit reaches the reader, so that it sees the body is too large.
    const room = this.bodyLimit + 1 - this.bodyBytes;
    this.bodyBytes += Math.min(size, room);
    this.bodyCut = true;
    if (room > 0) super.push(chunk.subarray(0, room), encoding);
    // The body the app gets is complete here. Node's own flag says so too: a request that ends
    // before the parser has seen the whole message is otherwise taken as aborted, and its
    // socket destroyed, before the app's answer could be sent.
    this.complete = true;
    super.push(null);
    lingerBeforeClosing(this.socket, this);
    return false;
  }

  /**
   * An answer given before the request's body has all arrived (a refusal that leaves it unread,
   * or a body cut at its limit) says `Connection: close`, and its connection is closed after it
   * (LINGER_MS later, see lingerBeforeClosing): the unread rest of the body would otherwise be
   * read as the next request. Said in the answer, not only done, so that a client or a proxy that
   * reuses connections sends no other request on it: behind a proxy that would be another
   * visitor's request, failed with a reset.
   *
   * @param {import('node:http').ServerResponse} response
   */
  closeAfter(response) {
    // Taken now: by the time the answer has gone out, Node has detached it from the request.
    const socket = this.socket;
    // Node writes the head through writeHead, whether the app calls it or its first write does.
    const writeHead = response.writeHead;
    /** @type {(...args: any[]) => import('node:http').ServerResponse} */
    const closingWriteHead = (...args) => {
      if (this.bodyUnfinished && !response.headersSent) {
        response.setHeader('Connection', 'close');
        lingerBeforeClosing(socket, this);
      }
      return writeHead.apply(response, args);
    };
    response.writeHead = /** @type {typeof response.writeHead} */ (closingWriteHead);
    response.once('finish', () => {
      if (!this.bodyUnfinished || !socket) return;
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    });
  }
}

/**
 * The headers of the front door's own answers: the site's security headers (the same as
 * next.config.mjs sends), a policy that loads and frames nothing, and no caching.
 *
 * @param {{ production: boolean; cacheControl?: string }} options
 * @returns {Record<string, string>}
 */
export function frontDoorHeaders({ production, cacheControl = 'no-store' }) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const { key, value } of staticSecurityHeaders({ production })) headers[key] = value;
  headers['Content-Security-Policy'] = API_CONTENT_SECURITY_POLICY;
  headers['X-Frame-Options'] = 'DENY';
  headers['Cache-Control'] = cacheControl;
  return headers;
}

/**
 * The URL paths of every file of the build's `static` folder (`/_next/static/chunks/…`). The
 * build's files never change while a server runs on it, so they are listed once.
 *
 * @param {string} distDir
 * @returns {Set<string>}
 */
export function listBuildFiles(distDir) {
  const files = new Set();
  const root = path.join(distDir, 'static');
  /** @param {string} folder @param {string} prefix */
  const walk = (folder, prefix) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const urlPath = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(folder, entry.name), urlPath);
      else files.add(urlPath);
    }
  };
  walk(root, '/_next/static');
  return files;
}

/**
 * A path under /_next/ that can only be a file of the build: all of them but the image optimizer
 * (/_next/image) and the pages router's data (/_next/data/, unused here but Next.js's own).
 *
 * @param {string} pathname
 */
function isBuildFilePath(pathname) {
  return (
    pathname.startsWith('/_next/') &&
    !/^\/_next\/image(?:\/|$)/.test(pathname) &&
    !pathname.startsWith('/_next/data/')
  );
}

/** @param {string} pathname */
function decodedPath(pathname) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/**
 * @param {{
 *   hops: number;
 *   production: boolean;
 *   buildFiles?: Set<string> | null;
 * }} options
 * @returns {(request: BoundedIncomingMessage, response: import('node:http').ServerResponse) => boolean}
 *   true when the front door has answered the request itself, false when the app should
 */
export function createFrontDoor({ hops, production, buildFiles = null }) {
  return function frontDoor(request, response) {
    stampClientAddress(request, hops);

    const url = new URL(request.url ?? '/', 'http://front-door.invalid');
    const limit = bodyLimitFor(url.pathname, url.searchParams);
    const declared = declaredLength(request.headers['content-length']);
    // Past the limit the body is left unread, and the connection closes after the answer.
    request.closeAfter(response);
    if (declared !== null && declared > limit.bytes) {
      request.bodyLimit = 0;
      const body = tooLargeBody(limit);
      response.writeHead(413, {
        ...frontDoorHeaders({ production, cacheControl: limit.cacheControl }),
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
      });
      response.end(body);
      return true;
    }
    request.bodyLimit = limit.bytes;

    if (/^\/_next\/image\/?$/.test(url.pathname)) {
      // The image optimizer's answers, its errors included, get no headers from proxy.ts: its
      // images and its error texts load nothing and are framed nowhere. Its own caching stays.
      for (const [name, value] of Object.entries(frontDoorHeaders({ production }))) {
        if (name !== 'Cache-Control') response.setHeader(name, value);
      }
      return false;
    }

    if (
      buildFiles &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      isBuildFilePath(url.pathname)
    ) {
      const file = decodedPath(url.pathname);
      // A malformed escape goes on to proxy.ts, which answers it.
      if (file !== null && !buildFiles.has(file)) {
        const body = 'Not found: this file is not part of the site.\n';
        response.writeHead(404, {
          ...frontDoorHeaders({ production }),
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Length': String(Buffer.byteLength(body)),
        });
        response.end(request.method === 'HEAD' ? undefined : body);
        return true;
      }
    }
    return false;
  };
}
