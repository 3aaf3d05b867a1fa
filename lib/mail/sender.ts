import 'server-only';
import { createTransport } from 'nodemailer';
import type { Database } from '@/lib/db/client';
import { getServerEnv } from '@/lib/env/server';
import { siteUrl } from '@/lib/env/public';
import {
  attachmentsOf,
  CLAIM_MS,
  claimDueEmails,
  type ClaimedEmail,
  markFailed,
  markSent,
  messageIdOf,
  type Pace,
  releaseClaim,
  renewClaim,
} from './outbox';
import { attachmentBytes, CLUB_NAME } from './templates';

/**
 * Delivers the outbox over SMTP with nodemailer (SMTP_URL, MAIL_FROM). Each email is tried until
 * it is accepted, with a growing wait between attempts (outbox.ts); without SMTP_URL nothing is
 * tried and everything stays queued for the day it is set.
 *
 * Each email is sent once: a sender claims it, renews the claim while the SMTP server takes its
 * time, confirms the claim just before handing the email over, and records the outcome only
 * while the claim is still its own. If the claim is taken over anyway (this process stalled
 * longer than a claim lasts), the send in progress is aborted and nothing is recorded. What no
 * sender can avoid is a crash between the server's 'accepted' and the record of it: the email
 * goes out again after the restart, with the same Message-ID, which mail systems use to drop
 * the repeat.
 */

/** A message as nodemailer takes it. */
export type MailMessage = Parameters<ReturnType<typeof createTransport>['sendMail']>[0];

/** What sends one message: nodemailer's transporter, or a stand-in in tests. */
export type MailTransport = {
  sendMail(message: MailMessage): Promise<unknown>;
};

/** The longest one email may take to be accepted; then the attempt fails and is retried later. */
export const SEND_TIMEOUT_MS = 60_000;

/** At most this many emails a second go to the SMTP server (a burst of registrations queues hundreds). */
export const SEND_RATE_PER_SECOND = 10;

/** Emails handed to the SMTP server per clock minute when MAIL_PER_MINUTE is unset. */
export const DEFAULT_MAIL_PER_MINUTE = 60;

/**
 * The relay's pace from MAIL_PER_MINUTE (0: none): a small SMTP relay refuses, or marks as spam,
 * an address that sends it hundreds of emails in a minute.
 */
export function configuredPace(): Pace | null {
  const perMinute = getServerEnv().MAIL_PER_MINUTE ?? DEFAULT_MAIL_PER_MINUTE;
  return perMinute > 0 ? { perMinute } : null;
}

const transports = new Map<string, MailTransport & { close(): void }>();

/**
 * The transport for SMTP_URL, made once per URL; null when no SMTP server is configured. One
 * pooled connection, reused from email to email, at most SEND_RATE_PER_SECOND emails a second.
 * A dropped connection is not retried by nodemailer (maxRequeues 0): the outbox retries.
 */
export function configuredTransport(): MailTransport | null {
  const url = getServerEnv().SMTP_URL;
  if (!url) return null;
  let transport = transports.get(url);
  if (!transport) {
    transport = createTransport({
      url,
      pool: true,
      maxConnections: 1,
      maxRequeues: 0,
      rateDelta: 1000,
      rateLimit: SEND_RATE_PER_SECOND,
    });
    transports.set(url, transport);
  }
  return transport;
}

/** Closes the pooled SMTP connections, and forgets them (tests, or a change of SMTP_URL). */
export function closeConfiguredTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

/**
 * nodemailer's codes of a failure of the server or the connection to it, rather than of one
 * email: connection refused, dropped or timed out, DNS, greeting, TLS or sign-in.
 */
const SERVER_FAILURE_CODES = new Set([
  'ECONNECTION',
  'ESOCKET',
  'ETIMEDOUT',
  'EDNS',
  'ETLS',
  'EAUTH',
  'ECONNREFUSED',
  'ECONNRESET',
]);

/** True when an error of sendMail says the SMTP server cannot be reached at all. */
export function isServerUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && SERVER_FAILURE_CODES.has(code);
}

export function mailFrom(): string {
  const env = getServerEnv();
  return env.MAIL_FROM ?? `${CLUB_NAME} <no-reply@${new URL(siteUrl()).hostname}>`;
}

/** The host part of every Message-ID: the site's public host. */
function messageIdHost(): string {
  return new URL(siteUrl()).hostname || 'localhost';
}

export type DeliveryReport = {
  sent: number;
  failed: number;
  skipped: 'no_smtp' | null;
  /**
   * Set when the SMTP server could not be reached: the sender stopped after that one attempt
   * and gave the rest of its claim back untried.
   */
  unreachable?: string;
};

/** What became of one claimed email. */
export type DeliveryOutcome =
  | { state: 'sent'; messageId: string }
  /**
   * `retryAt` is null when that was the last automatic attempt; `unreachable` when the server
   * itself could not be reached (the emails after it in the claim are not tried).
   */
  | { state: 'failed'; reason: string; retryAt: Date | null; unreachable?: boolean }
  /** The claim lapsed and another sender holds the email now: this sender recorded nothing. */
  | { state: 'taken_over' };

export type DeliveryOptions = {
  now?: Date;
  transport?: MailTransport | null;
  /** How long a claim lasts unless renewed (tests shorten it). */
  claimMs?: number;
  sendTimeoutMs?: number;
};

/** Raised into a send in progress when its claim was taken over. */
class ClaimLostError extends Error {
  constructor() {
    super('Another sender took this email over; this attempt was abandoned.');
  }
}

/**
 * Sends the emails of one claim in order, renewing the claim every third of its length until
 * the last one is recorded.
 */
async function deliverClaimed(
  db: Database,
  claimed: ClaimedEmail[],
  transport: MailTransport,
  { clock, claimMs, sendTimeoutMs }: { clock: () => Date; claimMs: number; sendTimeoutMs: number },
): Promise<Array<{ row: ClaimedEmail; outcome: DeliveryOutcome }>> {
  const first = claimed[0];
  if (!first) return [];
  const claimToken = first.claimToken;
  const until = () => new Date(clock().getTime() + claimMs);
  let inFlight: { id: number; controller: AbortController } | null = null;

  const renew = async () => {
    const held = new Set(await renewClaim(db, claimToken, until()));
    if (inFlight && !held.has(inFlight.id)) inFlight.controller.abort(new ClaimLostError());
  };
  let stopped = false;
  let renewing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const scheduleRenewal = () => {
    timer = setTimeout(() => {
      renewing = renew()
        .catch((error: unknown) => {
          // A missed renewal is safe: the send is confirmed before it starts, and a claim
          // taken over meanwhile makes the record a no-op.
          console.warn('Renewing the outbox claim failed; trying again shortly:', error);
        })
        .finally(() => {
          if (!stopped) scheduleRenewal();
        });
    }, claimMs / 3);
    timer.unref();
  };
  scheduleRenewal();

  const deliverOne = async (row: ClaimedEmail): Promise<DeliveryOutcome> => {
    const attachments = await Promise.all(
      attachmentsOf(row).map(async (attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: await attachmentBytes(attachment),
        ...(attachment.cid ? { cid: attachment.cid } : {}),
      })),
    );
    // The claim's deadline, checked and pushed back just before the email is handed over: an
    // email whose claim lapsed and was taken while earlier ones were sent is left to its new
    // sender.
    if (!(await renewClaim(db, claimToken, until(), row.id)).includes(row.id)) {
      return { state: 'taken_over' };
    }
    const messageId = messageIdOf(row, messageIdHost());
    const controller = new AbortController();
    inFlight = { id: row.id, controller };
    const timeout = AbortSignal.timeout(sendTimeoutMs);
    try {
      await transport.sendMail({
        from: mailFrom(),
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        messageId,
        attachments,
        // The outbox row id ties a bounce back to its email.
        headers: { 'X-TCSA-Outbox-Id': String(row.id) },
        signal: AbortSignal.any([controller.signal, timeout]),
      });
    } catch (error) {
      if (controller.signal.aborted) {
        console.warn(`Email ${row.id} (${row.kind}): ${new ClaimLostError().message}`);
        return { state: 'taken_over' };
      }
      const reason = timeout.aborted
        ? `The SMTP server did not accept it within ${Math.round(sendTimeoutMs / 1000)} s.`
        : error instanceof Error
          ? error.message
          : String(error);
      const unreachable = timeout.aborted || isServerUnreachable(error);
      // An unreachable server is reported once by whoever drains the outbox, not per email.
      if (!unreachable) {
        console.warn(`Email ${row.id} (${row.kind}) to the outbox was not accepted: ${reason}`);
      }
      const record = await markFailed(db, row, reason, clock());
      if (!record) return { state: 'taken_over' };
      return {
        state: 'failed',
        reason,
        retryAt: record.gaveUp ? null : record.nextAttemptAt,
        ...(unreachable ? { unreachable } : {}),
      };
    } finally {
      inFlight = null;
    }
    // Recorded the moment the server accepts it: the window in which a crash sends it twice.
    if (!(await markSent(db, row, clock()))) {
      console.warn(
        `Email ${row.id} (${row.kind}) was accepted, but its claim had been taken over meanwhile; ` +
          `if it goes out again, it carries the same Message-ID ${messageId}.`,
      );
    }
    return { state: 'sent', messageId };
  };

  const results: Array<{ row: ClaimedEmail; outcome: DeliveryOutcome }> = [];
  try {
    for (const row of claimed) {
      const outcome = await deliverOne(row);
      results.push({ row, outcome });
      if (outcome.state === 'failed' && outcome.unreachable) {
        // The next emails would only knock on the same closed door, each a connection attempt:
        // they go back to the outbox untried, and wait for the next round.
        await releaseClaim(db, claimToken);
        break;
      }
    }
  } finally {
    stopped = true;
    clearTimeout(timer);
    await renewing;
  }
  return results;
}

/** A clock that starts at `now` (a test's chosen time) and runs with real time. */
function clockFrom(now: Date): () => Date {
  const started = performance.now();
  return () => new Date(now.getTime() + (performance.now() - started));
}

/**
 * Sends up to `batch` due emails, transactional ones first, within the relay's pace (`pace`,
 * MAIL_PER_MINUTE by default; null: none): what the minute has no room for waits for the next
 * run, and a batch that comes back short tells the caller to stop for now.
 */
export async function deliverDueEmails(
  db: Database,
  {
    now = new Date(),
    transport = configuredTransport(),
    claimMs = CLAIM_MS,
    sendTimeoutMs = SEND_TIMEOUT_MS,
    batch = 50,
    pace = configuredPace(),
  }: DeliveryOptions & { batch?: number; pace?: Pace | null } = {},
): Promise<DeliveryReport> {
  if (!transport) return { sent: 0, failed: 0, skipped: 'no_smtp' };
  const claimed = await claimDueEmails(db, now, batch, { claimMs, ...(pace ? { pace } : {}) });
  const results = await deliverClaimed(db, claimed, transport, {
    clock: clockFrom(now),
    claimMs,
    sendTimeoutMs,
  });
  const unreachable = results.find(
    ({ outcome }) => outcome.state === 'failed' && outcome.unreachable,
  )?.outcome;
  return {
    sent: results.filter(({ outcome }) => outcome.state === 'sent').length,
    failed: results.filter(({ outcome }) => outcome.state === 'failed').length,
    skipped: null,
    ...(unreachable?.state === 'failed' ? { unreachable: unreachable.reason } : {}),
  };
}

/** What became of one email sent on its own ('Resend'). */
export type SingleDelivery =
  | DeliveryOutcome
  /** No SMTP server is configured: it stays queued. */
  | { state: 'no_smtp' }
  /** Another sender is sending it right now (or it is not due): that sender records it. */
  | { state: 'busy' };

/** Sends email `id` now, on its own, if it is due and no other sender holds it. */
export async function deliverEmail(
  db: Database,
  id: number,
  {
    now = new Date(),
    transport = configuredTransport(),
    claimMs = CLAIM_MS,
    sendTimeoutMs = SEND_TIMEOUT_MS,
  }: DeliveryOptions = {},
): Promise<SingleDelivery> {
  if (!transport) return { state: 'no_smtp' };
  const claimed = await claimDueEmails(db, now, 1, { claimMs, id });
  const [result] = await deliverClaimed(db, claimed, transport, {
    clock: clockFrom(now),
    claimMs,
    sendTimeoutMs,
  });
  return result ? result.outcome : { state: 'busy' };
}
