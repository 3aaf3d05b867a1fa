import type { Role } from './roles';

/**
 * Who may do what in the console: the one place the rule is written. Every page and every
 * action asks `can` on the server (through lib/auth/session.ts), not only proxy.ts.
 *
 * 'all' grants the action everywhere; 'led-events' only on the events the account leads.
 */
type Grant = 'all' | 'led-events' | 'none';

const RULES = {
  'dashboard.view': { super_admin: 'all', coordinator: 'all', finance: 'all', event_lead: 'all' },
  /** Each account's own two-factor sign-in. */
  'account.security': { super_admin: 'all', coordinator: 'all', finance: 'all', event_lead: 'all' },
  /** The dashboard's latest changes name people and records of every event. */
  'dashboard.recentChanges': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'none',
  },
  'accounts.manage': {
    super_admin: 'all',
    coordinator: 'none',
    finance: 'none',
    event_lead: 'none',
  },
  'audit.read': { super_admin: 'all', coordinator: 'none', finance: 'none', event_lead: 'none' },
  /** The System page: whether the server is ready to go live (its settings, email, backups). */
  'system.read': { super_admin: 'all', coordinator: 'none', finance: 'none', event_lead: 'none' },
  /** The events page: an event lead finds only the events they lead there (`eventsInView`). */
  'events.list': { super_admin: 'all', coordinator: 'all', finance: 'none', event_lead: 'all' },
  'events.create': { super_admin: 'all', coordinator: 'all', finance: 'none', event_lead: 'none' },
  'events.edit': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'led-events',
  },
  'events.delete': { super_admin: 'all', coordinator: 'all', finance: 'none', event_lead: 'none' },
  'events.assignLeads': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'none',
  },
  'registrations.read': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'led-events',
  },
  'registrations.export': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'led-events',
  },
  'registrations.remove': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'led-events',
  },
  /** Confirm, waitlist, decline, cancel, excuse; add someone by hand; mark no-shows. */
  'registrations.changeStatus': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'led-events',
  },
  /** Email an event's registrants, and tell them of a new date, time or place; see its emails. */
  'registrations.message': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'led-events',
  },
  'registrations.checkIn': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'led-events',
  },
  /**
   * The numbers (per event and per term): an event lead sees only their events' numbers, on the
   * event's page and in the term's totals.
   */
  'numbers.read': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'led-events',
  },
  /** A person's attendance across every event: more than one event's lead should see. */
  'attendance.read': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'none',
  },
  /** The server's outbox: who was emailed what, and resending what did not go out. */
  'emails.manage': { super_admin: 'all', coordinator: 'all', finance: 'none', event_lead: 'none' },
  'content.edit': { super_admin: 'all', coordinator: 'all', finance: 'none', event_lead: 'none' },
  /** Pictures for events (poster, thumbnail): whoever edits an event; the rest: content.edit. */
  'media.uploadEventImages': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'all',
  },
  'inbox.read': { super_admin: 'all', coordinator: 'all', finance: 'none', event_lead: 'none' },
  'inbox.handle': { super_admin: 'all', coordinator: 'all', finance: 'none', event_lead: 'none' },
  'resumes.download': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'none',
  },
  'personalData.erase': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'none',
  },

  /*
   * The club's paid membership (club-operations.md, 'Roles for membership'). The coordinator
   * runs applications and the roster and sees only whether a membership is paid; finance sees
   * and handles the money; event leads meet members only as registrants of their events.
   */
  /** Applications and the roster: search, a member's page, their status history. */
  'memberships.read': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'all',
    event_lead: 'none',
  },
  /** Change a membership's status (with a reason), give or check IDs. */
  'memberships.changeStatus': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'none',
  },
  /**
   * Correct a member's names, emails, program, year of study and graduation year (with a reason),
   * on their page or from a confirmed change request in the inbox.
   */
  'memberships.editDetails': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'none',
  },
  /** Resend the activation email. */
  'memberships.resendEmail': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'none',
  },
  /**
   * Email an announcement to the active members who agreed to be emailed (all, or a filter of
   * the roster): the coordinator runs the members' communication, as they resend their emails.
   */
  'memberships.announce': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'none',
    event_lead: 'none',
  },
  /** The members' CSV (finance columns only with `payments.read`). */
  'memberships.export': {
    super_admin: 'all',
    coordinator: 'all',
    finance: 'all',
    event_lead: 'none',
  },
  /** Amounts, references, refunds: what a membership paid and how. */
  'payments.read': { super_admin: 'all', coordinator: 'none', finance: 'all', event_lead: 'none' },
  /** Record what arrived, confirm it (activating the membership), flag a problem. */
  'payments.confirm': {
    super_admin: 'all',
    coordinator: 'none',
    finance: 'all',
    event_lead: 'none',
  },
  'payments.refund': {
    super_admin: 'all',
    coordinator: 'none',
    finance: 'all',
    event_lead: 'none',
  },
  'payments.export': {
    super_admin: 'all',
    coordinator: 'none',
    finance: 'all',
    event_lead: 'none',
  },
  /** Types, prices, sale windows, validity, the e-Transfer address: amounts, so not the coordinator. */
  'membership.settings': {
    super_admin: 'all',
    coordinator: 'none',
    finance: 'none',
    event_lead: 'none',
  },
} as const satisfies Record<string, Record<Role, Grant>>;

export type Action = keyof typeof RULES;

export const ACTIONS = Object.keys(RULES) as Action[];

type Rules = typeof RULES;

/**
 * The actions whose grant can depend on the event (a 'led-events' grant): asking about one
 * needs the event, so the event is a required argument of `can` for them.
 */
export type EventAction = {
  [A in Action]: 'led-events' extends Rules[A][Role] ? A : never;
}[Action];

/** The actions granted the same way everywhere: no event to name. */
export type ConsoleAction = Exclude<Action, EventAction>;

/** The actions whose grant can depend on the event: they need to know its leads. */
export function isEventScoped(action: Action): action is EventAction {
  return Object.values(RULES[action]).includes('led-events' as never);
}

/** What an event-scoped question needs to know of the event. */
export type ScopedEvent = { leadIds: readonly string[] };

export type Actor = { id: string; role: Role };

/** Whether `actor` may do `action`; an event-scoped action names the event it is about. */
export function can(actor: Actor, action: ConsoleAction): boolean;
export function can(actor: Actor, action: EventAction, event: ScopedEvent): boolean;
export function can(actor: Actor, action: Action, event?: ScopedEvent): boolean {
  const grant: Grant = RULES[action][actor.role];
  if (grant === 'all') return true;
  if (grant === 'none') return false;
  return event ? event.leadIds.includes(actor.id) : false;
}

/** Whether the role may do `action` on at least some records (an event lead: on their events). */
export function roleMayEver(role: Role, action: Action): boolean {
  return RULES[action][role] !== 'none';
}

/** The permission an upload for `purpose` (lib/media/kinds.ts) needs. */
export function uploadPermission(purpose: string): ConsoleAction {
  return purpose === 'poster' || purpose === 'thumbnail'
    ? 'media.uploadEventImages'
    : 'content.edit';
}

/** Whether the actor may upload a file for `purpose` (lib/media/kinds.ts). */
export function canUpload(actor: Actor, purpose: string): boolean {
  return can(actor, uploadPermission(purpose));
}

/**
 * How far an event-scoped action reaches for the actor, on pages that gather many events (the
 * term's numbers): every event, only the ones they lead, or none.
 */
export function reachOf(actor: Actor, action: EventAction): 'all' | 'led' | 'none' {
  const grant: Grant = RULES[action][actor.role];
  return grant === 'led-events' ? 'led' : grant;
}

/** Which events the actor finds in the console: every event, or only the ones they lead. */
export function eventsInView(actor: Actor): 'all' | 'led' {
  return RULES['events.edit'][actor.role] === 'all' ? 'all' : 'led';
}
