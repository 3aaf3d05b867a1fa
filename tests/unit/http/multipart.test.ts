import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discardReceivedFile, receiveMultipart } from '@/lib/http/multipart';

const BOUNDARY = 'unit-boundary';
const HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="resume_file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;

/** A request whose body sends `chunks`, then fails as a dropped connection does (or ends). */
function upload(chunks: Uint8Array[], end: 'close' | 'abort') {
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) return controller.enqueue(chunks[index++]!);
      if (end === 'abort') {
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      } else controller.close();
    },
  });
  return new Request('http://localhost/api/applications/', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: 'half',
  } as RequestInit);
}

/** The uploads waiting in the temporary folder. */
function incomingFiles(): string[] {
  return readdirSync(tmpdir()).filter((name) => name.startsWith('tcsa-upload-'));
}

const options = {
  fileField: 'resume_file',
  maxFileBytes: 1024 * 1024,
  maxBodyBytes: 2 * 1024 * 1024,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('receiveMultipart', () => {
  it('writes the file to disk and gives back the fields', async () => {
    const text = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="applicant_name"\r\n\r\nHao Zhou\r\n${HEAD}%PDF-1.7 body\r\n--${BOUNDARY}--\r\n`;
    const result = await receiveMultipart(
      upload([new TextEncoder().encode(text)], 'close'),
      options,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.form.fields.get('applicant_name')).toBe('Hao Zhou');
    expect(result.form.file).toMatchObject({ size: 13, filename: 'cv.pdf' });
    expect(readFileSync(result.form.file!.path, 'utf8')).toBe('%PDF-1.7 body');
    await discardReceivedFile(result.form.file);
    expect(existsSync(result.form.file!.path)).toBe(false);
  });

  it('logs an upload the client abandons midway as one aborted request, and keeps no file', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const before = incomingFiles();
    const result = await receiveMultipart(
      upload([new TextEncoder().encode(HEAD), new Uint8Array(64 * 1024).fill(0x20)], 'abort'),
      options,
    );
    expect(result).toEqual({ ok: false, code: 'client_aborted' });
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toMatch(
      /^Request aborted by the client: POST \/api\/applications\/ after \d+ bytes of its body \(aborted\)\.$/,
    );
    expect(error).not.toHaveBeenCalled();
    expect(incomingFiles()).toEqual(before);
  });

  it('stops at the file limit and keeps no file', async () => {
    const before = incomingFiles();
    const result = await receiveMultipart(
      upload(
        [
          new TextEncoder().encode(HEAD),
          ...Array.from({ length: 40 }, () => new Uint8Array(64 * 1024)),
        ],
        'close',
      ),
      options,
    );
    expect(result).toEqual({ ok: false, code: 'file_too_large' });
    expect(incomingFiles()).toEqual(before);
  });
});
