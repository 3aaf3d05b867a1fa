import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server for the specs that start a site of their own with `SMTP_URL` pointing at
 * it: it keeps every message the site's outbox sends, so a test can wait for one and read it.
 * Nothing leaves the machine.
 */

export type ReceivedMail = {
  /** The envelope's recipients, comma-separated. */
  to: string;
  /** The Subject header, unfolded and decoded. */
  subject: string;
  /** The message as sent, headers and MIME parts (for inline pictures, see support/qr.ts). */
  raw: string;
  /** The text/plain parts, decoded from quoted-printable or base64. */
  text: string;
};

export type Mailbox = {
  port: number;
  /** The site's SMTP_URL for this server. */
  smtpUrl: string;
  received: ReceivedMail[];
  /** Waits (polling, up to `timeout` ms) for a message that matches, and returns the first. */
  waitFor: (
    match: (mail: ReceivedMail) => boolean,
    description: string,
    timeout?: number,
  ) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

/** One header of an unfolded header block, or undefined. */
function header(headers: string, name: string): string | undefined {
  return new RegExp(`^${name}: ?(.*)$`, 'im').exec(headers)?.[1]?.trim();
}

/** Splits a message or part into its unfolded headers and its body. */
function splitPart(part: string): { headers: string; body: string } {
  const end = /\r?\n\r?\n/.exec(part);
  const headers = end ? part.slice(0, end.index) : part;
  const body = end ? part.slice(end.index + end[0].length) : '';
  return { headers: headers.replace(/\r?\n[ \t]+/g, ' '), body };
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), as a non-ASCII subject is sent. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The decoded text/plain parts of a message or part, in order. */
function plainText(headers: string, body: string): string {
  const type = header(headers, 'Content-Type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => {
        const inner = splitPart(part.replace(/^\r?\n/, ''));
        return plainText(inner.headers, inner.body);
      })
      .filter(Boolean)
      .join('\n');
  }
  if (!/^text\/plain/i.test(type)) return '';
  const encoding = header(headers, 'Content-Transfer-Encoding')?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Reads what a test needs of a received message. */
export function readMail(to: string, raw: string): ReceivedMail {
  const { headers, body } = splitPart(raw);
  return {
    to,
    subject: decodeEncodedWords(header(headers, 'Subject') ?? ''),
    raw,
    text: plainText(headers, body),
  };
}

/** Starts a local SMTP server on a free port that keeps what it receives. */
export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        received.push(readMail(to, Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    received,
    // The site's outbox sends in the background (soon after a change, and every minute): poll.
    async waitFor(match, description, timeout = 30_000) {
      await expect
        .poll(() => received.some(match), { message: `an email: ${description}`, timeout })
        .toBe(true);
      return received.find(match)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
