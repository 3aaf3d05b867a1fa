import 'server-only';
import { createTransport } from 'nodemailer';
import type { Database } from '@/lib/db/client';
import { getServerEnv } from '@/lib/env/server';
import { siteUrl } from '@/lib/env/public';
import { attachmentsOf, claimDueEmails, markFailed, markSent } from './outbox';
import { attachmentBytes, CLUB_NAME } from './templates';

/**
 * Delivers the outbox over SMTP with nodemailer (SMTP_URL, MAIL_FROM). Each email is tried until
 * it is accepted, with a growing wait between attempts (outbox.ts); without SMTP_URL nothing is
 * tried and everything stays queued for the day it is set.
 */

/** A message as nodemailer takes it. */
export type MailMessage = Parameters<ReturnType<typeof createTransport>['sendMail']>[0];

/** What sends one message: nodemailer's transporter, or a stand-in in tests. */
export type MailTransport = {
  sendMail(message: MailMessage): Promise<unknown>;
};

const transports = new Map<string, MailTransport>();

/** The transport for SMTP_URL, made once per URL; null when no SMTP server is configured. */
export function configuredTransport(): MailTransport | null {
  const url = getServerEnv().SMTP_URL;
  if (!url) return null;
  let transport = transports.get(url);
  if (!transport) {
    transport = createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

export function mailFrom(): string {
  const env = getServerEnv();
  return env.MAIL_FROM ?? `${CLUB_NAME} <no-reply@${new URL(siteUrl()).hostname}>`;
}

export type DeliveryReport = { sent: number; failed: number; skipped: 'no_smtp' | null };

export async function deliverDueEmails(
  db: Database,
  {
    now = new Date(),
    transport = configuredTransport(),
    batch = 50,
  }: {
    now?: Date;
    transport?: MailTransport | null;
    batch?: number;
  } = {},
): Promise<DeliveryReport> {
  if (!transport) return { sent: 0, failed: 0, skipped: 'no_smtp' };
  const report: DeliveryReport = { sent: 0, failed: 0, skipped: null };
  const claimed = await claimDueEmails(db, now, batch);
  for (const row of claimed) {
    try {
      await transport.sendMail({
        from: mailFrom(),
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        attachments: await Promise.all(
          attachmentsOf(row).map(async (attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: await attachmentBytes(attachment),
            ...(attachment.cid ? { cid: attachment.cid } : {}),
          })),
        ),
        // The outbox row id ties a bounce back to its email.
        headers: { 'X-TCSA-Outbox-Id': String(row.id) },
      });
      await markSent(db, row.id, now);
      report.sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`Email ${row.id} (${row.kind}) to the outbox was not accepted: ${message}`);
      await markFailed(db, row, message, now);
      report.failed += 1;
    }
  }
  return report;
}
