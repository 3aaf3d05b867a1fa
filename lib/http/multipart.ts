import 'server-only';
import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { logAbortedRequest } from '@/lib/api/guarded-post';
import { declaredLength } from './body-limits.mjs';

/**
 * Reads a multipart/form-data body as it arrives, without ever holding it whole: the text fields
 * (small, bounded) in memory, the one file field the route wants straight into a file of its
 * own. Many uploads at once then cost the server disk, not memory. The parser is busboy, made
 * for exactly this.
 *
 * Reading stops, and the body is refused, at the first of: the body past `maxBodyBytes`, the
 * file past `maxFileBytes`, a malformed form, or the client going away (logged as an aborted
 * request, one line).
 */

export type ReceivedFile = {
  /** Where the file was written; the caller removes it (discardReceivedFile) when done. */
  path: string;
  size: number;
  /** The name the browser sent, '' for none (an empty file input sends no name). */
  filename: string;
};

export type ReceivedForm = {
  /** The first value of each text field. */
  fields: Map<string, string>;
  /** The first file sent under the wanted name, or null. */
  file: ReceivedFile | null;
};

export type ReceiveFailure =
  'body_too_large' | 'file_too_large' | 'client_aborted' | 'invalid_form';

export type ReceiveResult = { ok: true; form: ReceivedForm } | { ok: false; code: ReceiveFailure };

/** A text field longer than this is cut here; every field the site takes is far shorter. */
const MAX_FIELD_BYTES = 16 * 1024;

/**
 * Where a file arrives: the system's temporary folder, under a random name, readable by the
 * server's user only, and removed once the request has been answered (a checked resume is
 * written afresh into the uploads folder). A process killed mid-upload leaves its file there
 * for the system's own clean-up.
 */
function incomingPath(): string {
  return path.join(tmpdir(), `tcsa-upload-${randomBytes(16).toString('hex')}.part`);
}

export async function discardReceivedFile(file: ReceivedFile | null): Promise<void> {
  if (file) await unlink(file.path).catch(() => {});
}

export async function receiveMultipart(
  request: Request,
  options: { fileField: string; maxFileBytes: number; maxBodyBytes: number },
): Promise<ReceiveResult> {
  const declared = declaredLength(request.headers.get('content-length'));
  if (declared !== null && declared > options.maxBodyBytes) {
    return { ok: false, code: 'body_too_large' };
  }
  const contentType = request.headers.get('content-type') ?? '';
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send a file's name as UTF-8.
      defParamCharset: 'utf8',
      limits: {
        // One byte more, so that a file of exactly the limit is told from a larger one.
        fileSize: options.maxFileBytes + 1,
        fieldSize: MAX_FIELD_BYTES,
        fields: 20,
        files: 5,
        parts: 30,
        headerPairs: 20,
      },
    });
  } catch {
    return { ok: false, code: 'invalid_form' };
  }
  if (!request.body) return { ok: false, code: 'invalid_form' };

  // What the parser's events have found so far (they run between the reads below).
  const found: {
    fields: Map<string, string>;
    file: ReceivedFile | null;
    written: Promise<void> | null;
    failure: ReceiveFailure | null;
  } = { fields: new Map(), file: null, written: null, failure: null };

  parser.on('field', (name, value) => {
    if (!found.fields.has(name)) found.fields.set(name, value);
  });
  parser.on('file', (name, stream, info) => {
    if (name !== options.fileField || found.file || found.failure) {
      // Not wanted: read and dropped. A form that ends early fails this stream too, and the
      // parser reports that already.
      stream.on('error', () => {});
      stream.resume();
      return;
    }
    const file: ReceivedFile = {
      path: incomingPath(),
      size: 0,
      filename: info.filename ?? '',
    };
    found.file = file;
    const output = createWriteStream(file.path, { flags: 'wx', mode: 0o600 });
    // busboy stops passing the file on at its size limit and says so here.
    stream.on('limit', () => (found.failure ??= 'file_too_large'));
    found.written = pipeline(stream, output).then(() => {
      file.size = output.bytesWritten;
      if (file.size > options.maxFileBytes) found.failure ??= 'file_too_large';
    });
    // Awaited below; a failure before then must not count as unhandled.
    found.written.catch(() => {});
  });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', reject);
  });
  parsed.catch(() => {});

  const reader = request.body.getReader();
  let received = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      logAbortedRequest(request, received, error);
      found.failure = 'client_aborted';
      break;
    }
    if (chunk.done) break;
    received += chunk.value.byteLength;
    if (received > options.maxBodyBytes) found.failure ??= 'body_too_large';
    if (found.failure) break;
    if (!parser.write(chunk.value)) await writable(parser, parsed);
  }

  if (found.failure === 'file_too_large') {
    // A file just over its limit leaves little of the body: it is read to its end (unused), up
    // to the body's own limit, rather than cut off mid-stream.
    for (;;) {
      const rest = await reader.read().catch(() => null);
      if (!rest || rest.done) break;
      received += rest.value.byteLength;
      if (received > options.maxBodyBytes) break;
    }
  }
  if (!found.failure) {
    parser.end();
    try {
      await parsed;
      await found.written;
    } catch {
      found.failure = 'invalid_form';
    }
  }
  // Checked again: a file cut at its limit is only known once it has been written.
  if (found.failure) {
    await reader.cancel().catch(() => {});
    parser.destroy();
    await found.written?.catch(() => {});
    await discardReceivedFile(found.file);
    return { ok: false, code: found.failure };
  }
  return { ok: true, form: { fields: found.fields, file: found.file } };
}

/** Resolves when the parser takes more input again, or has finished or failed. */
function writable(parser: busboy.Busboy, parsed: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off('drain', done);
      resolve();
    };
    parser.once('drain', done);
    parsed.then(done, done);
  });
}
