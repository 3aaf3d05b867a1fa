import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export type ReceivedMail = {
  to: string;
  subject: string;
  messageId: string;
  outboxId: number;
  raw: string;
};

export type MailboxOptions = {
  /** How long the server waits, after a message's last byte, before it answers 'accepted'. */
  answerDelayMs?: number;
  /** Recipients the server refuses, with this reply (a permanent 550). */
  refuse?: { address: string; message: string };
};

function header(headers: string, name: string): string {
  return new RegExp(`^${name}: *(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
}

/**
 * A local SMTP server that keeps what it receives, counted at the message's last byte: from
 * then on the message is the server's, whether or not the sender waits for the answer.
 */
export async function startMailbox({ answerDelayMs = 0, refuse }: MailboxOptions = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse && address.address === refuse.address) {
        const error = new Error(refuse.message) as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
          subject: header(headers, 'Subject'),
          messageId: header(headers, 'Message-ID'),
          outboxId: Number(header(headers, 'X-TCSA-Outbox-Id')),
          raw,
        });
        setTimeout(() => callback(), answerDelayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
