import 'server-only';
import { findConsoleEvent, type ConsoleEvent } from '@/lib/admin/event-reads';
import { getDb } from '@/lib/db/client';
import { parseEventId } from '@/lib/events/id';
import { can, roleMayEver, type ConsoleAction, type EventAction } from './permissions';
import { NOT_ALLOWED_MESSAGE, NOT_EVENT_LEAD_MESSAGE } from './messages';
import { getSignedIn, signedInFrom, type SignedIn } from './session';

/**
 * The one door of every console Server Action and console route handler: the session, the
 * permission and, for an event-scoped permission, the event. Each action's first statement is a
 * call of `guard` or `guardEvent`; tests/e2e/console-guards.spec.ts calls every action as every
 * role that must not reach it and proves it is refused here, changing nothing.
 *
 * Server Actions read the session from the request Next.js is answering; route handlers pass
 * their `Request`.
 */

/** Why a request was refused, with its HTTP status for route handlers. */
export type Refusal = {
  ok: false;
  status: 401 | 403 | 404;
  reason: 'signed_out' | 'role' | 'not_event_lead' | 'no_such_event';
  message: string;
};

export type Allowed = { ok: true; actor: SignedIn };
export type AllowedOnEvent = Allowed & { event: ConsoleEvent };

export const NO_SUCH_EVENT_MESSAGE = 'This event no longer exists.';

const SIGNED_OUT: Refusal = {
  ok: false,
  status: 401,
  reason: 'signed_out',
  message: NOT_ALLOWED_MESSAGE,
};
const ROLE: Refusal = { ok: false, status: 403, reason: 'role', message: NOT_ALLOWED_MESSAGE };

function signedInOf(request: Request | undefined): Promise<SignedIn | null> {
  return request ? signedInFrom(request.headers) : getSignedIn();
}

/** For an action granted the same way on every record. */
export async function guard(action: ConsoleAction, request?: Request): Promise<Allowed | Refusal> {
  const actor = await signedInOf(request);
  if (!actor) return SIGNED_OUT;
  return can(actor, action) ? { ok: true, actor } : ROLE;
}

/**
 * For an action on one event: the event's id is required, as the form or the address gives it
 * (validated here). An event lead passes only on the events they lead.
 */
export async function guardEvent(
  action: EventAction,
  eventId: unknown,
  request?: Request,
): Promise<AllowedOnEvent | Refusal> {
  const actor = await signedInOf(request);
  if (!actor) return SIGNED_OUT;
  const id =
    typeof eventId === 'string' || typeof eventId === 'number' ? parseEventId(eventId) : null;
  const event = id === null ? null : await findConsoleEvent(await getDb(), id);
  if (!event) {
    return { ok: false, status: 404, reason: 'no_such_event', message: NO_SUCH_EVENT_MESSAGE };
  }
  if (can(actor, action, event)) return { ok: true, actor, event };
  // A role that reaches this action on the events it leads is told that this one is not theirs.
  return roleMayEver(actor.role, action)
    ? { ok: false, status: 403, reason: 'not_event_lead', message: NOT_EVENT_LEAD_MESSAGE }
    : ROLE;
}

/** A refusal as a route handler's answer (plain text, never cached). */
export function refusalResponse(refusal: Refusal): Response {
  return new Response(refusal.message, {
    status: refusal.status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
  });
}
