/**
 * What the console's guard (lib/auth/guard.ts) answers a refused visitor. No server code: the
 * end-to-end tests assert these words.
 */

/** Signed out, or a role that does not allow the action. */
export const NOT_ALLOWED_MESSAGE =
  'Your session has ended or your role does not allow this. Sign in again, or ask a super admin.';

/** An event lead acting on an event they do not lead. */
export const NOT_EVENT_LEAD_MESSAGE =
  'You do not lead this event: only its event leads, coordinators and super admins can do this.';
