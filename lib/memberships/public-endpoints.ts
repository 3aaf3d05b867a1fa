import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { unstable_rethrow } from 'next/navigation';
import * as z from 'zod/mini';
import {
  decodeJsonObject,
  guardPost,
  invalidFields,
  readLimitedBody,
} from '@/lib/api/guarded-post';
import { getDb } from '@/lib/db/client';
import { NO_STORE, apiError } from '@/lib/http/api-errors';
import { bodyLimitFor } from '@/lib/http/body-limits.mjs';
import type { RateLimiter } from '@/lib/http/rate-limit';
import { submissionLimiter } from '@/lib/submissions/endpoints';
import {
  applicationFieldMessages,
  changeRequestSchema,
  memberIdRequestSchema,
  membershipApplicationSchema,
} from './application-schema';
import { type ApplicationReceipt, applyForMembership, confirmApplication } from './apply';
import { deliverSoon } from '@/lib/jobs/tick';
import { CONFIRMATION_LINK_HOURS, DEFAULT_NEXT_STEPS } from './public-emails';
import { requestMemberIdEmail } from './public-requests';
import { confirmChangeRequest, storeChangeRequest } from './change-requests';
import { CHANGE_REQUEST_LINK_HOURS } from './public-emails';

/**
 * The public membership endpoints, guarded as every public POST (lib/api/guarded-post.ts): the
 * per-client rate limit of the submission forms (the client's address as the server entry set
 * it, never one the client chose), the CSRF pair and origin, the route's body limit, then the
 * one zod schema of lib/memberships/application-schema.ts with a message per field.
 *
 * - POST /api/membership/applications/    the application → 202 'check your inbox' for every
 *                                          address (409 only for a type not on sale)
 * - POST /api/membership/applications/confirm/ the button of its confirmation link → 200 with
 *                                          what the link was (confirmed, with how to pay; used,
 *                                          expired, invalid, taken)
 * - POST /api/membership/member-id/       'I forgot my member ID' → 202, whatever the email
 * - POST /api/membership/change-requests/ a request to change one's details → 201 'check your
 *                                          inbox' for everyone (./change-requests.ts)
 * - POST /api/membership/change-requests/confirm/ the button of its confirmation link → 200 with
 *                                          what the link was (confirmed, used, expired, invalid)
 */

const RATE_LIMITED_MESSAGE =
  'Too many submissions from your network. Please wait a minute and try again.';

export type MembershipEndpointOptions = { limiter?: RateLimiter; now?: () => Date };

type Schema<T> = {
  safeParse(value: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
      };
};

/** Guard, body and schema: the data, or the answer that refuses the request. */
async function readRequest<T>(
  request: Request,
  schema: Schema<T>,
  options: MembershipEndpointOptions,
  expected: string,
): Promise<{ ok: true; data: T } | { ok: false; response: Response }> {
  const refused = guardPost(request, {
    limiter: options.limiter ?? submissionLimiter(),
    rateLimitedMessage: RATE_LIMITED_MESSAGE,
  });
  if (refused) return { ok: false, response: refused };
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const body = await readLimitedBody(request, limit.bytes);
  if (!body.ok) {
    return { ok: false, response: apiError(body.code, { message: limit.message }) };
  }
  const json = decodeJsonObject(body.bytes);
  if (!json) {
    return {
      ok: false,
      response: apiError('invalid_json', {
        message: `The request body must be a JSON object with ${expected}.`,
      }),
    };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, response: invalidFields(applicationFieldMessages(parsed.error)) };
  }
  return { ok: true, data: parsed.data };
}

/**
 * Runs an endpoint, answering 500 in words when it throws. `quiet`: logged without the error's
 * details, for an endpoint whose request carries a link's token (details could carry it).
 */
async function answering(
  what: string,
  run: () => Promise<Response>,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    unstable_rethrow(error);
    if (quiet) console.error(`The membership ${what} failed because of a server error.`);
    else console.error(`The membership ${what} failed:`, error);
    return apiError('server_error', {
      message: `Your ${what} could not be saved because of a server error. Please try again later.`,
    });
  }
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/**
 * What everyone who applies is told, whatever the address's history: to open the link sent to
 * it. A first application, a new link for an unconfirmed one and an address that already has a
 * membership this year are answered byte for byte the same (lib/memberships/apply.ts).
 */
export function applicationCheckInboxMessage(email: string): string {
  return `Check your inbox: we have sent a link to ${email}. Your application counts once you open it, within ${CONFIRMATION_LINK_HOURS} hours; it then shows you how to pay. No email? Check your junk folder, or apply again with the same address to get a new link.`;
}

/** The answer to an application: no id, no reference, nothing that differs between applicants. */
export type ApplicationAcceptedDto = { message: string; uottawaEmail: string };

/**
 * An application answers no sooner than this after the request arrived, whatever the address's
 * history: a first application (a row, its history and audit entry written) and an address that
 * already has a membership (one email queued, at most once an hour) take the same time to the
 * person applying.
 */
export const APPLICATION_ANSWER_MS = 600;

/**
 * Waits until `answerAfterMs` have passed since `started`, plus a little noise, so the few
 * milliseconds a write or a look-up costs cannot be averaged out of many answers.
 */
async function answerNoSoonerThan(started: number, answerAfterMs: number): Promise<void> {
  const wait = answerAfterMs - (performance.now() - started);
  if (wait > 0) await sleep(wait + Math.random() * 50);
}

export function handleMembershipApplication(
  request: Request,
  options: MembershipEndpointOptions & { answerAfterMs?: number } = {},
): Promise<Response> {
  const started = performance.now();
  return answering('application', async () => {
    const read = await readRequest(
      request,
      membershipApplicationSchema,
      options,
      'the application fields',
    );
    if (!read.ok) return read.response;
    let result: Awaited<ReturnType<typeof applyForMembership>>;
    try {
      result = await applyForMembership(await getDb(), read.data, options.now?.() ?? new Date());
    } finally {
      await answerNoSoonerThan(started, options.answerAfterMs ?? APPLICATION_ANSWER_MS);
    }
    if (!result.ok) {
      return json(409, { error: result.message, fields: { membershipTypeId: result.message } });
    }
    const body: ApplicationAcceptedDto = {
      message: applicationCheckInboxMessage(result.uottawaEmail),
      uottawaEmail: result.uottawaEmail,
    };
    // The email (a link, or what to do for an address already used) goes out now.
    deliverSoon();
    return json(202, body);
  });
}

/**
 * 'I forgot my member ID' answers no sooner than this after the request arrived, whatever was
 * found: sending and not sending take the same time to the person asking.
 */
export const MEMBER_ID_ANSWER_MS = 600;

export const MEMBER_ID_ANSWER =
  'If this address belongs to an active or expired membership, an email with the member ID is on its way to it.';

export function handleMemberIdRequest(
  request: Request,
  options: MembershipEndpointOptions & { answerAfterMs?: number } = {},
): Promise<Response> {
  const started = performance.now();
  return answering('member ID request', async () => {
    const read = await readRequest(request, memberIdRequestSchema, options, 'uottawaEmail');
    if (!read.ok) return read.response;
    try {
      await requestMemberIdEmail(
        await getDb(),
        read.data.uottawaEmail,
        options.now?.() ?? new Date(),
      );
    } finally {
      await answerNoSoonerThan(started, options.answerAfterMs ?? MEMBER_ID_ANSWER_MS);
    }
    // Asked whatever was found, so that nothing about the answer differs: the sender looks.
    deliverSoon();
    return json(202, { message: MEMBER_ID_ANSWER });
  });
}

/**
 * What everyone who sends a change request is told, whether or not it matched a membership: the
 * link went to the membership's uOttawa address (or to the one typed), never said which.
 */
export const CHANGE_REQUEST_CHECK_INBOX = `Check your uOttawa inbox: we have sent you a link to confirm your request. It reaches the membership coordinator once you open the link and confirm, within ${CHANGE_REQUEST_LINK_HOURS} hours.`;

/**
 * A change request answers no sooner than this: one that matched a membership and one that did
 * not queue different emails, and take the same time to the person sending it.
 */
export const CHANGE_REQUEST_ANSWER_MS = 600;

export function handleChangeRequest(
  request: Request,
  options: MembershipEndpointOptions & { answerAfterMs?: number } = {},
): Promise<Response> {
  const started = performance.now();
  return answering('change request', async () => {
    const read = await readRequest(
      request,
      changeRequestSchema,
      options,
      'name, uottawaEmail, memberId and changes',
    );
    if (!read.ok) return read.response;
    let row: Awaited<ReturnType<typeof storeChangeRequest>>;
    try {
      row = await storeChangeRequest(await getDb(), read.data, options.now?.() ?? new Date());
    } finally {
      await answerNoSoonerThan(started, options.answerAfterMs ?? CHANGE_REQUEST_ANSWER_MS);
    }
    // The confirmation link goes out now, not at the next minute's tick.
    deliverSoon();
    return json(201, { id: row.id, message: CHANGE_REQUEST_CHECK_INBOX });
  });
}

/** Any token: one that is not a link's is answered as a link that does not work. */
const linkTokenSchema = z.object({ token: z.unknown() });

/**
 * The confirmation page's button: confirms the change request of the link's token (sent in the
 * body, so it is in no address a server logs). Answers what the link was; the page says it in
 * the Studio's words.
 */
export function handleChangeRequestConfirmation(
  request: Request,
  options: MembershipEndpointOptions = {},
): Promise<Response> {
  return answering(
    'change request',
    async () => {
      const read = await readRequest(request, linkTokenSchema, options, 'token');
      if (!read.ok) return read.response;
      const result = await confirmChangeRequest(
        await getDb(),
        typeof read.data.token === 'string' ? read.data.token : '',
        options.now?.() ?? new Date(),
      );
      return json(200, { kind: result.kind });
    },
    { quiet: true },
  );
}

/** What the applicant is shown once confirmed: how to pay (no internal id). */
export type ApplicationReceiptDto = Pick<
  ApplicationReceipt,
  | 'paymentReference'
  | 'typeName'
  | 'priceCents'
  | 'currency'
  | 'etransferAddress'
  | 'etransferInstructions'
  | 'uottawaEmail'
>;

/** The answer to the confirmation page's button. */
export type ApplicationConfirmationDto =
  | { kind: 'confirmed'; receipt: ApplicationReceiptDto }
  | { kind: 'used' | 'expired' | 'invalid' | 'taken' };

/**
 * The application confirmation page's button: confirms the application of the link's token (sent
 * in the body, so it is in no address a server logs), queues the email with how to pay, and
 * answers what the link was, with how to pay when it confirmed. Opening the link confirms
 * nothing: mail scanners open links by themselves. `nextSteps`: the Studio's 'what happens next'
 * for the email, read only once the request passed the guard.
 */
export function handleApplicationConfirmation(
  request: Request,
  options: MembershipEndpointOptions & { nextSteps?: () => Promise<string | null> } = {},
): Promise<Response> {
  return answering(
    // 'application': its server error is the application's, a text the Studio already has.
    'application',
    async () => {
      const read = await readRequest(request, linkTokenSchema, options, 'token');
      if (!read.ok) return read.response;
      const nextSteps = (await options.nextSteps?.()) ?? DEFAULT_NEXT_STEPS;
      const result = await confirmApplication(
        await getDb(),
        typeof read.data.token === 'string' ? read.data.token : '',
        options.now?.() ?? new Date(),
        { nextSteps },
      );
      if (result.kind !== 'confirmed') {
        return json(200, { kind: result.kind } satisfies ApplicationConfirmationDto);
      }
      const { receipt } = result;
      const body: ApplicationConfirmationDto = {
        kind: 'confirmed',
        receipt: {
          paymentReference: receipt.paymentReference,
          typeName: receipt.typeName,
          priceCents: receipt.priceCents,
          currency: receipt.currency,
          etransferAddress: receipt.etransferAddress,
          etransferInstructions: receipt.etransferInstructions,
          uottawaEmail: receipt.uottawaEmail,
        },
      };
      // The email with how to pay goes out now.
      deliverSoon();
      return json(200, body);
    },
    { quiet: true },
  );
}
