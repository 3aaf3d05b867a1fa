import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { unstable_rethrow } from 'next/navigation';
import {
  decodeJsonObject,
  guardPost,
  invalidFields,
  readLimitedBody,
} from '@/lib/api/guarded-post';
import { getMembershipPage } from '@/lib/content';
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
import { applyForMembership } from './apply';
import { deliverSoon } from '@/lib/jobs/tick';
import { formatAmount, formatValidity } from './format';
import { DEFAULT_NEXT_STEPS } from './public-emails';
import { requestMemberIdEmail, storeChangeRequest } from './public-requests';

/**
 * The public membership endpoints, guarded as every public POST (lib/api/guarded-post.ts): the
 * per-client rate limit of the submission forms (the client's address as the server entry set
 * it, never one the client chose), the CSRF pair and origin, the route's body limit, then the
 * one zod schema of lib/memberships/application-schema.ts with a message per field.
 *
 * - POST /api/membership/applications/    the application → 201 how to pay, or 409
 * - POST /api/membership/member-id/       'I forgot my member ID' → 202, whatever the email
 * - POST /api/membership/change-requests/ a request to change one's details → 201
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

async function answering(what: string, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    unstable_rethrow(error);
    console.error(`The membership ${what} failed:`, error);
    return apiError('server_error', {
      message: `Your ${what} could not be saved because of a server error. Please try again later.`,
    });
  }
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/** The membership page's 'what happens next', for the email; the built-in words if unreadable. */
async function nextSteps(): Promise<string> {
  try {
    return (await getMembershipPage({ perspective: 'published' }))?.nextSteps ?? DEFAULT_NEXT_STEPS;
  } catch (error) {
    unstable_rethrow(error);
    return DEFAULT_NEXT_STEPS;
  }
}

/** What the page shows after an application: how to pay, and no more personal data than needed. */
export type ApplicationCreatedDto = {
  id: number;
  message: string;
  paymentReference: string;
  typeName: string;
  amount: string;
  validity: string;
  etransferAddress: string;
  etransferInstructions: string;
  uottawaEmail: string;
};

export function handleMembershipApplication(
  request: Request,
  options: MembershipEndpointOptions = {},
): Promise<Response> {
  return answering('application', async () => {
    const read = await readRequest(
      request,
      membershipApplicationSchema,
      options,
      'the application fields',
    );
    if (!read.ok) return read.response;
    const result = await applyForMembership(
      await getDb(),
      read.data,
      options.now?.() ?? new Date(),
      { nextSteps: await nextSteps() },
    );
    if (!result.ok) {
      const field = result.code === 'not_on_sale' ? 'membershipTypeId' : 'uottawaEmail';
      return json(409, { error: result.message, fields: { [field]: result.message } });
    }
    const { receipt } = result;
    const body: ApplicationCreatedDto = {
      id: receipt.membershipId,
      message: 'Your application has been received.',
      paymentReference: receipt.paymentReference,
      typeName: receipt.typeName,
      amount: formatAmount(receipt.priceCents, receipt.currency),
      validity: formatValidity(receipt.validFrom, receipt.validUntil),
      etransferAddress: receipt.etransferAddress,
      etransferInstructions: receipt.etransferInstructions,
      uottawaEmail: receipt.uottawaEmail,
    };
    // The 'Application received' email goes out now, not at the next minute's tick.
    deliverSoon();
    return json(201, body);
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
      const wait = (options.answerAfterMs ?? MEMBER_ID_ANSWER_MS) - (performance.now() - started);
      // A little noise on top, so the few milliseconds a look-up costs cannot be averaged out.
      if (wait > 0) await sleep(wait + Math.random() * 50);
    }
    // Asked whatever was found, so that nothing about the answer differs: the sender looks.
    deliverSoon();
    return json(202, { message: MEMBER_ID_ANSWER });
  });
}

export function handleChangeRequest(
  request: Request,
  options: MembershipEndpointOptions = {},
): Promise<Response> {
  return answering('change request', async () => {
    const read = await readRequest(
      request,
      changeRequestSchema,
      options,
      'name, uottawaEmail, memberId and changes',
    );
    if (!read.ok) return read.response;
    const row = await storeChangeRequest(await getDb(), read.data, options.now?.() ?? new Date());
    return json(201, {
      id: row.id,
      message: 'Your request has been sent to the membership coordinator.',
    });
  });
}
