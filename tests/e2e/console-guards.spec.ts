import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { NOT_ALLOWED_MESSAGE as NOT_ALLOWED, NOT_EVENT_LEAD_MESSAGE } from '@/lib/auth/messages';
import { EVENT_TABS, eventTabHref } from '@/lib/admin/event-tabs';
import { type Action, can, type ConsoleAction } from '@/lib/auth/permissions';
import { ROLES, type Role } from '@/lib/auth/roles';
import { expect, test } from './support/fixtures';
import {
  type BuiltAction,
  builtServerActions,
  callAction,
  Client,
  eventFormFields,
  form,
} from './support/server-actions';
import { startSite, type RunningSite } from './support/server';
import { totp } from './support/totp';

/**
 * Every door of the console, proven shut: each Server Action of the build (read from its
 * manifest, so a new action without a case here fails the walk) is called as Next.js's own
 * client calls it, and each console route with a real session cookie, as every visitor that
 * must not reach it: signed out, each role without the permission, an event lead on an event
 * they do not lead, and a signed-in super admin's request from another origin. Each refusal
 * changes nothing in the database (a fingerprint of every table, before and after) and says why;
 * then the least trusted role that may do it does it, and the audit log gains its entry.
 *
 * The site is the same at every width: the walk runs in the desktop project only.
 */

const ATTACKER_ORIGIN = 'https://attacker.example';
const PASSWORD = 'guarded doors 2026!';

type Fingerprint = {
  tables: Record<string, string>;
  audit: { count: number; latest: { action: string; actorId: string | null } | null };
};
type Records = {
  accounts: Array<{ id: string; email: string; role: string }>;
  events: Array<{ id: number; title: string; cancelled: boolean }>;
  registrations: Array<{ id: number; event_id: number; email: string; status: string }>;
  emails: Array<{ id: number; kind: string; to: string }>;
  messages: Array<{ id: number; email: string }>;
  applications: Array<{ id: number }>;
  resources: Array<{ id: number; title: string }>;
  memberships: Array<{
    id: number;
    status: string;
    price_cents: number;
    year: number;
    uottawa_email: string;
  }>;
  changeRequests: Array<{
    id: number;
    membership_id: number | null;
    confirmed: boolean;
    token: string | null;
  }>;
  membershipPayments: Array<{ id: number; membership_id: number; state: string }>;
  membershipRefunds: Array<{ id: number; membership_id: number; state: string }>;
  membershipTypes: Array<{ id: number; year: number; name: string }>;
  statusChanges: Array<{ id: number; registration_id: number; to_status: string }>;
};

/** Who knocks: nobody signed in, each role, and the lead of another event. */
type Visitor = 'signedOut' | 'admin' | 'coordinator' | 'finance' | 'leadA' | 'leadB' | 'victim';
/** How a refused page names each role: 'You are signed in as an event lead'. */
const SIGNED_IN_AS: Record<Role, string> = {
  super_admin: 'a super admin',
  coordinator: 'a coordinator',
  finance: 'finance',
  event_lead: 'an event lead',
};
const ROLE_VISITOR: Record<Role, Visitor> = {
  super_admin: 'admin',
  coordinator: 'coordinator',
  finance: 'finance',
  event_lead: 'leadA',
};

type Fixtures = {
  eventX: number;
  eventY: number;
  pastEvent: number;
  cancelledEvent: number;
  deletableEvent: number;
  registration: (eventId: number, email: string) => number;
  /** The ids of the questions an event asks, in their order (GET /api/events/{id}/). */
  questionIds: (eventId: number) => Promise<number[]>;
  accountId: (visitor: Visitor) => string;
  records: Records;
  /** The records as they are now (the membership cases follow one membership along). */
  latest: () => Promise<Records>;
  /** A pending application of the seed, which the membership cases take from flagged to refunded. */
  membership: { id: number; priceCents: number; year: number; uottawaEmail: string };
  /** A change request of that membership, confirmed through its link: the inbox applies it. */
  changeRequestId: number;
};

type Case = {
  /** The action's file and exported name, as the build's manifest names them. */
  file: string;
  name: string;
  label: string;
  /** The permission the action needs; 'public' for the ones a credential or token guards. */
  permission: Action | 'public';
  /** The event an event-scoped action acts on. */
  event?: (fixtures: Fixtures) => number;
  page: (fixtures: Fixtures) => string;
  /** Arguments that would change something if the guard let them through. */
  args: (fixtures: Fixtures) => unknown[] | Promise<unknown[]>;
  /** The audit entry the allowed call writes; null where the action is not audited (public). */
  audit: string | null;
  /** The action answers nothing (a plain form that redirects): its refusal is checked by the data. */
  silent?: boolean;
  /** Who makes the allowed call, when it is not the least trusted allowed role. */
  allowedAs?: Visitor;
  /** The audit entries the allowed call writes (1 unless it says more). */
  auditEntries?: number;
};

const CONSOLE = 'app/(admin)/admin/(console)';
/** The senders of the two messages the inbox's bulk action marks handled. */
const BULK_SENDERS = ['bulk.one@example.org', 'bulk.two@example.org'];
const FORM_STATE = { errors: {}, values: {} };
const SMALL_STATE = {};

const eventFields = (title: string, daysFromNow: number, leads: string[]) =>
  eventFormFields(title, {
    daysFromNow,
    capacity: 10,
    leads,
    description: 'Checks that every door of the console is shut.',
  });

/** Yesterday's date, `YYYY-MM-DD`: a day money can have arrived or gone back on. */
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const MEMBERS = `${CONSOLE}/members/actions.ts`;
const MEMBER_DETAILS = `${CONSOLE}/members/details-actions.ts`;
const PAYMENTS = `${CONSOLE}/payments/actions.ts`;
const MEMBERSHIP_SETTINGS = `${CONSOLE}/membership/settings/actions.ts`;

/**
 * The correction form's fields for the fixtures' membership: its own uOttawa email, and a name
 * and `program` that differ from what is stored, so that the allowed call changes something.
 */
function memberDetails(f: Fixtures, program: string): Record<string, string> {
  return {
    legalName: 'Chen Guard Walk',
    preferredName: 'Walk',
    uottawaEmail: f.membership.uottawaEmail,
    personalEmail: '',
    program,
    yearOfStudy: '3',
    expectedGraduationYear: String(new Date().getUTCFullYear() + 2),
    reason: 'Corrected at the member’s request',
  };
}

/** The membership's payments or refunds in `state`, newest last, as the database holds them now. */
async function latestOf(
  f: Fixtures,
  kind: 'membershipPayments' | 'membershipRefunds',
  state: string,
): Promise<number> {
  const found = (await f.latest())[kind].filter(
    (row) => row.membership_id === f.membership.id && row.state === state,
  );
  expect(found.length, `no ${state} row in ${kind} for the membership`).toBeGreaterThan(0);
  return found.at(-1)!.id;
}

/** A payment of the membership's price plus one dollar: more than is owed, so it is flagged. */
const overpaid = (f: Fixtures) => ((f.membership.priceCents + 100) / 100).toFixed(2);

/**
 * The membership cases follow one pending application through flagged, back to pending, paid,
 * confirmed, emailed again, its payment reversed by the bank (payment review), overpaid and the
 * payment returned (pending again), overpaid again and accepted with the difference refunded
 * (active), and refunded: each allowed call prepares the next case's state.
 */
const MEMBERSHIP_CASES: Case[] = [
  {
    file: MEMBER_DETAILS,
    name: 'correctMemberDetails',
    label: 'correct a member’s details',
    permission: 'memberships.editDetails',
    page: (f) => `/admin/members/${f.membership.id}`,
    args: (f) => [
      SMALL_STATE,
      form({ membershipId: String(f.membership.id), ...memberDetails(f, 'BCom, Marketing') }),
    ],
    audit: 'membership.details',
  },
  {
    file: MEMBER_DETAILS,
    name: 'applyChangeRequest',
    label: 'apply a confirmed change request to the membership',
    permission: 'memberships.editDetails',
    page: (f) => `/admin/inbox/change/${f.changeRequestId}`,
    args: (f) => [
      SMALL_STATE,
      form({
        membershipId: String(f.membership.id),
        changeRequestId: String(f.changeRequestId),
        ...memberDetails(f, 'BCom, Accounting'),
      }),
    ],
    audit: 'membership.details',
  },
  {
    file: PAYMENTS,
    name: 'flagMembershipPayment',
    label: 'put a membership in payment review',
    permission: 'payments.confirm',
    page: () => '/admin/payments',
    args: (f) => [
      SMALL_STATE,
      form({
        membershipId: String(f.membership.id),
        problem: 'We received CA$20.00 instead of your membership’s price.',
      }),
    ],
    audit: 'membership.paymentReview',
  },
  {
    file: MEMBERS,
    name: 'changeMemberStatus',
    label: 'change a membership’s status',
    permission: 'memberships.changeStatus',
    page: (f) => `/admin/members/${f.membership.id}`,
    args: (f) => [
      SMALL_STATE,
      form({
        membershipId: String(f.membership.id),
        to: 'pending',
        reason: 'The member sent the difference.',
      }),
    ],
    audit: 'membership.status',
  },
  {
    file: PAYMENTS,
    name: 'recordMembershipPayment',
    label: 'record a payment',
    permission: 'payments.confirm',
    page: () => '/admin/payments',
    args: (f) => [
      SMALL_STATE,
      form({
        membershipId: String(f.membership.id),
        method: 'etransfer',
        amount: (f.membership.priceCents / 100).toFixed(2),
        receivedOn: yesterday(),
        reference: `CAguard${Date.now()}`,
      }),
    ],
    audit: 'membership.payment.record',
  },
  {
    file: PAYMENTS,
    name: 'confirmMembershipPayment',
    label: 'confirm a payment',
    permission: 'payments.confirm',
    page: () => '/admin/payments',
    args: async (f) => [
      SMALL_STATE,
      form({ paymentId: String(await latestOf(f, 'membershipPayments', 'recorded')) }),
    ],
    audit: 'membership.activate',
  },
  {
    file: MEMBERS,
    name: 'resendMemberActivation',
    label: 'resend the activation email',
    permission: 'memberships.resendEmail',
    page: (f) => `/admin/members/${f.membership.id}`,
    args: (f) => [SMALL_STATE, form({ membershipId: String(f.membership.id) })],
    audit: 'membership.resendActivation',
  },
  {
    file: PAYMENTS,
    name: 'reverseMembershipPayment',
    label: 'mark a confirmed payment reversed by the bank',
    permission: 'payments.confirm',
    page: (f) => `/admin/members/${f.membership.id}`,
    args: async (f) => [
      SMALL_STATE,
      form({
        paymentId: String(await latestOf(f, 'membershipPayments', 'confirmed')),
        reason: 'The sender recalled the e-Transfer.',
      }),
    ],
    // The reversal, then the membership's move to payment review.
    audit: 'membership.paymentReview',
    auditEntries: 2,
  },
  {
    file: PAYMENTS,
    name: 'recordMembershipPayment',
    label: 'record a payment of more than is owed (flagged)',
    permission: 'payments.confirm',
    page: () => '/admin/payments',
    args: (f) => [
      SMALL_STATE,
      form({
        membershipId: String(f.membership.id),
        method: 'etransfer',
        amount: overpaid(f),
        receivedOn: yesterday(),
        reference: `CAguardover${Date.now()}`,
      }),
    ],
    // Already in payment review since the reversal: no status move.
    audit: 'membership.payment.flag',
  },
  {
    file: PAYMENTS,
    name: 'returnMembershipPayment',
    label: 'return the money of a payment that never counted',
    permission: 'payments.refund',
    page: () => '/admin/payments',
    args: async (f) => [
      SMALL_STATE,
      form({
        paymentId: String(await latestOf(f, 'membershipPayments', 'flagged')),
        refundedOn: '',
      }),
    ],
    // The refund, then the membership's move back to pending (nothing is left to decide).
    audit: 'membership.paymentSettled',
    auditEntries: 2,
  },
  {
    file: PAYMENTS,
    name: 'recordMembershipPayment',
    label: 'record an overpayment on a pending application (flagged)',
    permission: 'payments.confirm',
    page: () => '/admin/payments',
    args: (f) => [
      SMALL_STATE,
      form({
        membershipId: String(f.membership.id),
        method: 'etransfer',
        amount: overpaid(f),
        receivedOn: yesterday(),
        reference: `CAguardagain${Date.now()}`,
      }),
    ],
    // The flagged payment, then the membership's move to payment review.
    audit: 'membership.paymentReview',
    auditEntries: 2,
  },
  {
    file: PAYMENTS,
    name: 'acceptMembershipPayment',
    label: 'accept an overpayment and refund the difference',
    permission: 'payments.confirm',
    page: () => '/admin/payments',
    args: async (f) => [
      SMALL_STATE,
      form({
        paymentId: String(await latestOf(f, 'membershipPayments', 'flagged')),
        note: 'Checked the bank statement: one dollar too much.',
        refundDifference: 'on',
        refundedOn: yesterday(),
      }),
    ],
    // The acceptance, the activation, then the refund of the difference (it keeps the membership).
    audit: 'membership.refund.record',
    auditEntries: 3,
  },
  {
    file: PAYMENTS,
    name: 'recordMembershipRefund',
    label: 'record a refund to send',
    permission: 'payments.refund',
    page: (f) => `/admin/members/${f.membership.id}`,
    args: async (f) => [
      SMALL_STATE,
      form({
        paymentId: String(await latestOf(f, 'membershipPayments', 'confirmed')),
        amount: (f.membership.priceCents / 100).toFixed(2),
        reason: 'Leaving Ottawa for an exchange term.',
        refundedOn: '',
        endsMembership: 'on',
      }),
    ],
    audit: 'membership.refund.record',
  },
  {
    file: PAYMENTS,
    name: 'undoMembershipRefund',
    label: 'undo a refund recorded by mistake',
    permission: 'payments.refund',
    page: () => '/admin/payments',
    args: async (f) => [
      SMALL_STATE,
      form({ refundId: String(await latestOf(f, 'membershipRefunds', 'pending')) }),
    ],
    audit: 'membership.refund.undo',
  },
  {
    file: PAYMENTS,
    name: 'recordMembershipRefund',
    label: 'record the refund again, after undoing it',
    permission: 'payments.refund',
    page: (f) => `/admin/members/${f.membership.id}`,
    args: async (f) => [
      SMALL_STATE,
      form({
        paymentId: String(await latestOf(f, 'membershipPayments', 'confirmed')),
        amount: (f.membership.priceCents / 100).toFixed(2),
        reason: 'Leaving Ottawa for an exchange term.',
        refundedOn: '',
        endsMembership: 'on',
      }),
    ],
    audit: 'membership.refund.record',
  },
  {
    file: PAYMENTS,
    name: 'completeMembershipRefund',
    label: 'complete a refund',
    permission: 'payments.refund',
    page: () => '/admin/payments',
    args: async (f) => [
      SMALL_STATE,
      form({
        refundId: String(await latestOf(f, 'membershipRefunds', 'pending')),
        refundedOn: yesterday(),
      }),
    ],
    // The refund's completion, then the membership's move to refunded.
    audit: 'membership.refund',
    auditEntries: 2,
  },
  {
    file: MEMBERSHIP_SETTINGS,
    name: 'saveMembershipYear',
    label: 'change the year’s membership settings',
    permission: 'membership.settings',
    page: () => '/admin/membership/settings',
    args: (f) => [
      FORM_STATE,
      form({
        year: String(f.membership.year),
        etransferAddress: 'tcsa.membership@example.org',
        etransferInstructions: 'Send {amount} to {address} with {reference} in the message.',
        unpaidApplicationDays: '30',
        acceptingApplications: 'on',
      }),
    ],
    audit: 'membership.settings',
  },
  {
    file: MEMBERSHIP_SETTINGS,
    name: 'saveMembershipTypeAction',
    label: 'add a membership type',
    permission: 'membership.settings',
    page: () => '/admin/membership/settings',
    args: (f) => [
      FORM_STATE,
      form({
        id: '',
        year: String(f.membership.year),
        name: 'Alumni friend',
        description: 'For last year’s graduates.',
        price: '10',
        saleOpensOn: `${f.membership.year}-09-01`,
        saleClosesOn: `${f.membership.year + 1}-04-30`,
        validFrom: `${f.membership.year}-09-01`,
        validUntil: `${f.membership.year + 1}-08-31`,
      }),
    ],
    audit: 'membershipType.create',
  },
  {
    file: `${CONSOLE}/members/import/actions.ts`,
    name: 'membersImportAction',
    label: 'import members from a CSV',
    permission: 'memberships.changeStatus',
    page: () => '/admin/members/import',
    // One of last year's members, as the preview found it ready (row 2 of the file).
    args: (f) => {
      const year = f.membership.year - 1;
      const type = f.records.membershipTypes.find((row) => row.year === year)!;
      const text = [
        'Status,Legal name,uOttawa email,Program,Year of study,Expected graduation,Membership type,Membership year',
        `Expired,Guard Walk Import,guard.walk.import@uottawa.ca,BCom,3,${year + 3},${type.name},${year}`,
      ].join('\r\n');
      return [
        SMALL_STATE,
        form({
          intent: 'import',
          text,
          sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
          ready: '2',
        }),
      ];
    },
    // Each row's entry, then the file's.
    audit: 'membership.importFile',
    auditEntries: 2,
  },
  {
    file: `${CONSOLE}/settings/actions.ts`,
    name: 'saveClubSettingsAction',
    label: 'change the club settings',
    permission: 'membership.settings',
    page: () => '/admin/settings',
    args: () => [
      FORM_STATE,
      form({ membershipContactAddress: 'membership.walk@example.org', eventMessagesPerDay: '4' }),
    ],
    audit: 'clubSettings.update',
  },
];

const CASES: Case[] = [
  ...MEMBERSHIP_CASES,
  {
    file: `${CONSOLE}/membership/announcements/actions.ts`,
    name: 'announceToMembers',
    label: 'email an announcement to the members',
    permission: 'memberships.announce',
    page: () => '/admin/membership/announcements',
    // The count the preview showed must be the audience's (the seed's active members all agreed
    // to be emailed, one per address), or nothing is sent.
    args: async (f) => {
      const active = (await f.latest()).memberships.filter((row) => row.status === 'active');
      const addresses = new Set(active.map((row) => row.uottawa_email.toLowerCase()));
      return [
        FORM_STATE,
        form({
          subject: 'Spring gala',
          body: 'Tickets open on Monday.',
          intent: 'send',
          sendKey: `guard-announce-${Date.now()}`,
          expected: String(addresses.size),
        }),
      ];
    },
    audit: 'membership.announce',
  },
  {
    file: `${CONSOLE}/events/actions.ts`,
    name: 'saveEvent',
    label: 'create an event',
    permission: 'events.create',
    page: () => '/admin/events/new',
    args: () => [FORM_STATE, form(eventFields('Lantern riddles night', 20, []))],
    audit: 'event.create',
  },
  {
    file: `${CONSOLE}/events/actions.ts`,
    name: 'saveEvent',
    label: 'edit an event',
    permission: 'events.edit',
    event: (f) => f.eventX,
    page: (f) => `/admin/events/${f.eventX}/edit`,
    // A new start time while people are registered: the offer the notify case answers.
    args: (f) => [
      FORM_STATE,
      form({
        ...eventFields('Mock interviews (edited)', 14, []),
        startTime: '19:00',
        eventId: String(f.eventX),
      }),
    ],
    audit: 'event.update',
  },
  {
    file: `${CONSOLE}/events/actions.ts`,
    name: 'removeEvent',
    label: 'delete an event',
    permission: 'events.delete',
    page: (f) => `/admin/events/${f.deletableEvent}/edit`,
    args: (f) => [SMALL_STATE, form({ eventId: String(f.deletableEvent), confirm: 'yes' })],
    audit: 'event.delete',
  },
  {
    file: `${CONSOLE}/events/actions.ts`,
    name: 'restoreCancelledEvent',
    label: 'restore a cancelled event',
    permission: 'events.delete',
    page: (f) => `/admin/events/${f.cancelledEvent}/edit`,
    args: (f) => [SMALL_STATE, form({ eventId: String(f.cancelledEvent) })],
    audit: 'event.restore',
  },
  {
    file: `${CONSOLE}/events/actions.ts`,
    name: 'duplicateEventAction',
    label: 'duplicate an event',
    permission: 'events.create',
    page: (f) => `/admin/events/${f.pastEvent}/edit`,
    args: (f) => [SMALL_STATE, form({ eventId: String(f.pastEvent) })],
    audit: 'event.duplicate',
  },
  {
    file: `${CONSOLE}/events/[id]/questions/actions.ts`,
    name: 'saveQuestionAction',
    label: 'add a question to an event',
    permission: 'events.edit',
    event: (f) => f.eventX,
    page: (f) => `/admin/events/${f.eventX}/questions`,
    args: (f) => [
      FORM_STATE,
      form({
        eventId: String(f.eventX),
        label: 'Program',
        kind: 'choice',
        choices: 'Accounting\nFinance',
        required: 'on',
      }),
    ],
    audit: 'event.question.add',
  },
  {
    file: `${CONSOLE}/events/[id]/questions/actions.ts`,
    name: 'moveQuestionAction',
    label: 'move a question of an event',
    permission: 'events.edit',
    event: (f) => f.eventX,
    page: (f) => `/admin/events/${f.eventX}/questions`,
    args: async (f) => [
      SMALL_STATE,
      form({
        eventId: String(f.eventX),
        questionId: String((await f.questionIds(f.eventX))[0]),
        direction: 'down',
      }),
    ],
    audit: 'event.question.move',
  },
  {
    file: `${CONSOLE}/events/[id]/questions/actions.ts`,
    name: 'removeQuestionAction',
    label: 'remove a question of an event',
    permission: 'events.edit',
    event: (f) => f.eventX,
    page: (f) => `/admin/events/${f.eventX}/questions`,
    args: async (f) => [
      SMALL_STATE,
      form({
        eventId: String(f.eventX),
        questionId: String((await f.questionIds(f.eventX)).at(-1)),
        confirm: 'yes',
      }),
    ],
    audit: 'event.question.remove',
  },
  {
    file: `${CONSOLE}/events/actions.ts`,
    name: 'removeRegistrant',
    label: 'remove a registrant',
    permission: 'registrations.remove',
    event: (f) => f.eventX,
    page: (f) => `/admin/events/${f.eventX}`,
    args: (f) => [
      SMALL_STATE,
      form({
        eventId: String(f.eventX),
        registrationId: String(f.registration(f.eventX, 'remove.me@example.org')),
        reason: 'Registered twice.',
      }),
    ],
    audit: 'registration.remove',
  },
  {
    file: `${CONSOLE}/events/[id]/messages/actions.ts`,
    name: 'messageRegistrants',
    label: 'email an event’s registrants',
    permission: 'registrations.message',
    event: (f) => f.eventX,
    page: (f) => `/admin/events/${f.eventX}/messages`,
    // 'Everyone': the count the preview showed must be the group's, or nothing is sent.
    args: async (f) => {
      const everyone = (await f.latest()).registrations.filter(
        (r) => r.event_id === f.eventX && r.status !== 'declined' && r.status !== 'cancelled',
      );
      return [
        FORM_STATE,
        form({
          eventId: String(f.eventX),
          audience: 'everyone',
          subject: 'Room change',
          body: 'We moved to room 14.',
          intent: 'send',
          sendKey: `guard-message-${Date.now()}`,
          expected: String(everyone.length),
        }),
      ];
    },
    audit: 'event.message',
  },
  {
    file: `${CONSOLE}/events/[id]/messages/actions.ts`,
    name: 'notifyRegistrants',
    label: 'notify an event’s registrants of a new time',
    permission: 'registrations.message',
    event: (f) => f.eventX,
    page: (f) => `/admin/events/${f.eventX}/edit`,
    // The edit case's new start time waits for an answer.
    args: (f) => [
      SMALL_STATE,
      form({ eventId: String(f.eventX), sendKey: `guard-notify-${Date.now()}` }),
    ],
    audit: 'event.notifyChange',
  },
  {
    file: `${CONSOLE}/events/[id]/messages/actions.ts`,
    name: 'declineChangeNoticeAction',
    label: 'decline to notify an event’s registrants of a new place',
    permission: 'registrations.message',
    event: (f) => f.cancelledEvent,
    page: (f) => `/admin/events/${f.cancelledEvent}`,
    // The set-up moved the event before cancelling it, and nobody answered.
    args: (f) => [
      SMALL_STATE,
      form({ eventId: String(f.cancelledEvent), sendKey: `guard-decline-${Date.now()}` }),
    ],
    audit: 'event.declineChangeNotice',
  },
  {
    file: `${CONSOLE}/events/registration-actions.ts`,
    name: 'changeStatus',
    label: 'change a registration’s status',
    permission: 'registrations.changeStatus',
    event: (f) => f.eventX,
    page: (f) => `/admin/events/${f.eventX}`,
    args: (f) => [
      SMALL_STATE,
      form({
        eventId: String(f.eventX),
        registrationId: String(f.registration(f.eventX, 'cancel.me@example.org')),
        action: 'cancel',
        reason: 'Asked us by email.',
      }),
    ],
    audit: 'registration.status',
  },
  {
    file: `${CONSOLE}/events/registration-actions.ts`,
    name: 'undoStatusChange',
    label: 'undo a registration’s status change made by mistake',
    permission: 'registrations.changeStatus',
    event: (f) => f.eventX,
    page: (f) => `/admin/events/${f.eventX}`,
    args: async (f) => {
      const registrationId = f.registration(f.eventX, 'cancel.me@example.org');
      const change = (await f.latest()).statusChanges
        .filter((row) => row.registration_id === registrationId)
        .at(-1)!;
      expect(change.to_status).toBe('cancelled');
      return [SMALL_STATE, form({ eventId: String(f.eventX), changeId: String(change.id) })];
    },
    // The undo's own entry; the registration goes back to confirmed in the same transaction.
    audit: 'registration.undo',
  },
  {
    file: `${CONSOLE}/events/registration-actions.ts`,
    name: 'changeStatuses',
    label: 'confirm several registrations at once',
    permission: 'registrations.changeStatus',
    event: (f) => f.eventX,
    page: (f) => `/admin/events/${f.eventX}`,
    args: (f) => [
      SMALL_STATE,
      form({
        eventId: String(f.eventX),
        action: 'confirm',
        confirm: 'yes',
        registrationIds: ['bulk.one@example.org', 'bulk.two@example.org'].map((email) =>
          String(f.registration(f.eventX, email)),
        ),
      }),
    ],
    // One entry per registration changed, as when each is changed alone.
    audit: 'registration.status',
    auditEntries: 2,
  },
  {
    file: `${CONSOLE}/events/registration-actions.ts`,
    name: 'addRegistrant',
    label: 'add a registrant by hand',
    permission: 'registrations.changeStatus',
    event: (f) => f.eventX,
    page: (f) => `/admin/events/${f.eventX}`,
    args: (f) => [
      SMALL_STATE,
      form({
        eventId: String(f.eventX),
        firstName: 'Walk',
        lastName: 'In',
        email: 'walk.in@example.org',
        status: 'confirmed',
      }),
    ],
    audit: 'registration.add',
  },
  {
    file: `${CONSOLE}/events/registration-actions.ts`,
    name: 'markEventNoShows',
    label: 'mark the no-shows',
    permission: 'registrations.changeStatus',
    event: (f) => f.pastEvent,
    page: (f) => `/admin/events/${f.pastEvent}`,
    args: (f) => [SMALL_STATE, form({ eventId: String(f.pastEvent), confirm: 'yes' })],
    audit: 'registration.noShows',
  },
  {
    file: `${CONSOLE}/events/registration-actions.ts`,
    name: 'checkIn',
    label: 'check a person in at the door',
    permission: 'registrations.checkIn',
    event: (f) => f.eventX,
    page: (f) => `/admin/events/${f.eventX}/check-in`,
    args: (f) => [f.eventX, f.registration(f.eventX, 'door@example.org'), false],
    audit: 'registration.checkIn',
  },
  {
    file: `${CONSOLE}/events/[id]/check-in/scan-actions.ts`,
    name: 'checkInByCode',
    label: 'check a person in by their scanned QR code',
    permission: 'registrations.checkIn',
    event: (f) => f.eventX,
    page: (f) => `/admin/events/${f.eventX}/check-in`,
    args: (f) => [f.eventX, f.registration(f.eventX, 'scanned@example.org')],
    audit: 'registration.checkIn',
  },
  {
    file: `${CONSOLE}/[collection]/actions.ts`,
    name: 'saveCollectionRecord',
    label: 'add a resource',
    permission: 'content.edit',
    page: () => '/admin/resources/new',
    args: () => [
      FORM_STATE,
      form({
        collection: 'resources',
        title: 'Case interview workbook',
        description: 'Practice cases from the club’s alumni.',
        resourceUrl: 'https://example.org/workbook',
        thumbnailImg: '',
      }),
    ],
    audit: 'resources.create',
  },
  {
    file: `${CONSOLE}/[collection]/actions.ts`,
    name: 'moveCollectionRecord',
    label: 'move a resource up the list',
    permission: 'content.edit',
    page: () => '/admin/resources',
    args: (f) => [
      form({
        collection: 'resources',
        recordId: String(f.records.resources.at(-1)!.id),
        direction: 'up',
        back: '/admin/resources',
      }),
    ],
    audit: 'resources.move',
    silent: true,
  },
  {
    file: `${CONSOLE}/[collection]/actions.ts`,
    name: 'deleteCollectionRecord',
    label: 'delete a resource',
    permission: 'content.edit',
    page: (f) => `/admin/resources/${f.records.resources[0]!.id}`,
    args: (f) => [
      SMALL_STATE,
      form({
        collection: 'resources',
        recordId: String(f.records.resources[0]!.id),
        confirm: 'yes',
      }),
    ],
    audit: 'resources.delete',
  },
  {
    file: `${CONSOLE}/inbox/actions.ts`,
    name: 'toggleHandled',
    label: 'mark a message handled',
    permission: 'inbox.handle',
    page: () => '/admin/inbox',
    args: (f) => [
      SMALL_STATE,
      form({ kind: 'message', id: String(f.records.messages.at(-1)!.id), handled: 'true' }),
    ],
    audit: 'submission.handle',
  },
  {
    file: `${CONSOLE}/inbox/actions.ts`,
    name: 'markSelectedHandled',
    label: 'mark several messages handled at once',
    permission: 'inbox.handle',
    page: () => '/admin/inbox',
    args: (f) => [
      SMALL_STATE,
      form({
        item: f.records.messages
          .filter((message) => BULK_SENDERS.includes(message.email))
          .map((message) => `message:${message.id}`),
        confirm: 'yes',
      }),
    ],
    audit: 'submission.handle',
    auditEntries: 2,
  },
  {
    file: `${CONSOLE}/inbox/actions.ts`,
    name: 'erasePerson',
    label: 'erase a person’s data',
    permission: 'personalData.erase',
    page: () => '/admin/inbox',
    args: () => [SMALL_STATE, form({ email: 'erase.me@example.org', confirm: 'yes' })],
    audit: 'personalData.erase',
  },
  {
    file: `${CONSOLE}/accounts/actions.ts`,
    name: 'invite',
    label: 'invite an account',
    permission: 'accounts.manage',
    page: () => '/admin/accounts',
    args: () => [
      { errors: {}, values: { name: '', email: '', role: '' } },
      form({ name: 'Intruder Wang', email: 'intruder@example.org', role: 'super_admin' }),
    ],
    audit: 'account.invite',
  },
  {
    file: `${CONSOLE}/accounts/actions.ts`,
    name: 'updateRole',
    label: 'change an account’s role',
    permission: 'accounts.manage',
    page: (f) => `/admin/accounts/${f.accountId('victim')}`,
    args: (f) => [SMALL_STATE, form({ accountId: f.accountId('victim'), role: 'super_admin' })],
    audit: 'account.role',
  },
  {
    file: `${CONSOLE}/accounts/actions.ts`,
    name: 'makePasswordLink',
    label: 'make a password link',
    permission: 'accounts.manage',
    page: (f) => `/admin/accounts/${f.accountId('victim')}`,
    args: (f) => [SMALL_STATE, form({ accountId: f.accountId('victim') })],
    audit: 'account.passwordLink',
  },
  {
    file: `${CONSOLE}/accounts/actions.ts`,
    name: 'updateActive',
    label: 'deactivate an account',
    permission: 'accounts.manage',
    page: (f) => `/admin/accounts/${f.accountId('victim')}`,
    args: (f) => [
      SMALL_STATE,
      form({ accountId: f.accountId('victim'), deactivate: 'true', confirm: 'yes' }),
    ],
    audit: 'account.deactivate',
  },
  {
    file: `${CONSOLE}/emails/actions.ts`,
    name: 'resendOutboxEmail',
    label: 'resend an email',
    permission: 'emails.manage',
    page: () => '/admin/emails',
    // A registration's email: an accepted invitation is not sent again (its link is spent).
    args: (f) => [
      SMALL_STATE,
      form({
        emailId: String(f.records.emails.find((email) => !email.kind.startsWith('account_'))!.id),
      }),
    ],
    audit: 'email.resend',
  },
  {
    file: `${CONSOLE}/security/actions.ts`,
    name: 'startTwoFactor',
    label: 'start turning on two-factor sign-in',
    permission: 'account.security',
    page: () => '/admin/security',
    args: () => [SMALL_STATE, form({ password: PASSWORD })],
    audit: 'account.twoFactorStart',
  },
  {
    file: `${CONSOLE}/security/device-actions.ts`,
    name: 'forgetDevices',
    label: "forget the account's remembered devices",
    permission: 'account.security',
    page: () => '/admin/security',
    // Each visitor's browser was remembered when it signed in.
    args: () => [SMALL_STATE, form({ device: 'all' })],
    audit: 'account.forgetDevice',
  },
];

/** Actions no console permission guards: a token, a password or the session itself does. */
const PUBLIC_ACTIONS: Record<string, { page: string; args: unknown[] }> = {
  'app/(admin)/admin/sign-in/actions.ts#signIn': {
    page: '/admin/sign-in',
    args: [{ error: null, email: '' }, form({ email: 'nobody@example.org', password: 'x' })],
  },
  'app/(admin)/admin/sign-in/actions.ts#verifySignInCode': {
    page: '/admin/sign-in/code',
    args: [{ error: null }, form({ code: '123456' })],
  },
  'app/(admin)/admin/setup/actions.ts#createSuperAdmin': {
    page: '/admin/setup',
    args: [FORM_STATE, form({ token: 'x', name: 'X', email: 'x@example.org' })],
  },
  'app/(admin)/admin/_password/actions.ts#choosePassword': {
    page: '/admin/welcome',
    args: [{ errors: {} }, form({ token: 'x', purpose: 'invite' })],
  },
  [`${CONSOLE}/actions.ts#signOut`]: { page: '/admin', args: [] },
  // The Studio's live preview (next-sanity): changes the preview's perspective cookie only.
  'node_modules/next-sanity/dist/visual-editing/server-actions/index.js#perspectiveChangeAction': {
    page: '/',
    args: ['drafts'],
  },
  'node_modules/next-sanity/dist/visual-editing/server-actions/index.js#variantChangeAction': {
    page: '/',
    args: [[]],
  },
};

/** The two-factor steps after the first, which need the secret the first step gave. */
const TWO_FACTOR_FOLLOW_UPS = ['confirmTwoFactor', 'stopTwoFactor'];

test.describe('the console refuses every visitor a door is not for', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 1280) < 600, 'one width is enough');
  test.describe.configure({ mode: 'default' });
  test.setTimeout(180_000);

  let site: RunningSite;
  let actions: BuiltAction[];
  const visitors = new Map<Visitor, Client>();
  let fixtures: Fixtures;

  const visitor = (name: Visitor) => visitors.get(name)!;
  const actionOf = (file: string, name: string) => {
    const found = actions.find((action) => action.file === file && action.name === name);
    if (!found) throw new Error(`The build has no action ${name} in ${file}`);
    return found;
  };

  async function fingerprint(): Promise<Fingerprint> {
    const response = await fetch(`${site.baseURL}/api/test-hooks/database/`);
    expect(response.status).toBe(200);
    return (await response.json()) as Fingerprint;
  }

  async function records(): Promise<Records> {
    const response = await fetch(`${site.baseURL}/api/test-hooks/database/?view=records`);
    return (await response.json()) as Records;
  }

  async function signInAs(client: Client, email: string) {
    const answer = await callAction(
      client,
      actionOf('app/(admin)/admin/sign-in/actions.ts', 'signIn'),
      '/admin/sign-in',
      [{ error: null, email: '' }, form({ email, password: PASSWORD })],
    );
    expect(answer.redirect ?? answer.text.slice(-400)).toMatch(/^\/admin/);
  }

  async function acceptInvitation(client: Client, link: string) {
    const token = new URL(link).searchParams.get('token')!;
    const answer = await callAction(
      client,
      actionOf('app/(admin)/admin/_password/actions.ts', 'choosePassword'),
      `/admin/welcome?token=${token}`,
      [
        { errors: {} },
        form({ purpose: 'invite', token, password: PASSWORD, confirmPassword: PASSWORD }),
      ],
    );
    expect(answer.redirect, answer.text).toBe('/admin');
  }

  async function invite(name: string, email: string, role: Role): Promise<string> {
    const answer = await callAction(
      visitor('admin'),
      actionOf(`${CONSOLE}/accounts/actions.ts`, 'invite'),
      '/admin/accounts',
      [{ errors: {}, values: { name: '', email: '', role: '' } }, form({ name, email, role })],
    );
    const link = /https?:\/\/[^"\s]+\/admin\/welcome\?token=[\w-]+/.exec(answer.text);
    expect(link, answer.text).not.toBeNull();
    return link![0];
  }

  async function createEvent(title: string, daysFromNow: number, leads: string[]) {
    const answer = await callAction(
      visitor('coordinator'),
      actionOf(`${CONSOLE}/events/actions.ts`, 'saveEvent'),
      '/admin/events/new',
      [FORM_STATE, form(eventFields(title, daysFromNow, leads))],
    );
    const id = /\/admin\/events\/(\d+)/.exec(answer.redirect ?? '');
    expect(id, answer.text).not.toBeNull();
    return Number(id![1]);
  }

  async function addRegistrant(
    eventId: number,
    email: string,
    status: 'confirmed' | 'submitted' = 'confirmed',
  ) {
    const answer = await callAction(
      visitor('coordinator'),
      actionOf(`${CONSOLE}/events/registration-actions.ts`, 'addRegistrant'),
      `/admin/events/${eventId}`,
      [
        SMALL_STATE,
        form({
          eventId: String(eventId),
          firstName: 'Guest',
          lastName: email.split('@')[0]!,
          email,
          status,
        }),
      ],
    );
    expect(answer.text).toContain('is added');
  }

  test.beforeAll(async () => {
    actions = builtServerActions();
    site = await startSite();
    const client = (name: Visitor, address: string) => {
      const made = new Client(site.baseURL, address);
      visitors.set(name, made);
      return made;
    };
    client('signedOut', '198.51.100.1');
    const admin = client('admin', '198.51.100.2');

    const setup = /\/admin\/setup\?token=([\w-]+)/;
    await expect.poll(() => setup.test(site.log()), { timeout: 60_000 }).toBe(true);
    const token = setup.exec(site.log())![1]!;
    const created = await callAction(
      admin,
      actionOf('app/(admin)/admin/setup/actions.ts', 'createSuperAdmin'),
      `/admin/setup?token=${token}`,
      [
        FORM_STATE,
        form({
          token,
          name: 'Mei Chen',
          email: 'mei.chen@example.org',
          password: PASSWORD,
          confirmPassword: PASSWORD,
        }),
      ],
    );
    expect(created.redirect, created.text).toBe('/admin');

    const people: Array<[Visitor, string, string, Role, string]> = [
      ['coordinator', 'Ana Li', 'ana.li@example.org', 'coordinator', '198.51.100.3'],
      ['finance', 'Lin Zhao', 'lin.zhao@example.org', 'finance', '198.51.100.8'],
      ['leadA', 'Sam Lee', 'sam.lee@example.org', 'event_lead', '198.51.100.4'],
      ['leadB', 'Jun Wu', 'jun.wu@example.org', 'event_lead', '198.51.100.5'],
      ['victim', 'Bo Zhang', 'bo.zhang@example.org', 'event_lead', '198.51.100.6'],
    ];
    for (const [name, fullName, email, role, address] of people) {
      const link = await invite(fullName, email, role);
      await acceptInvitation(client(name, address), link);
    }
    const emailOf: Record<Visitor, string> = {
      signedOut: '',
      admin: 'mei.chen@example.org',
      coordinator: 'ana.li@example.org',
      finance: 'lin.zhao@example.org',
      leadA: 'sam.lee@example.org',
      leadB: 'jun.wu@example.org',
      victim: 'bo.zhang@example.org',
    };
    const accounts = (await records()).accounts;
    const accountId = (name: Visitor) => accounts.find((a) => a.email === emailOf[name])!.id;

    const eventX = await createEvent('Mock interviews', 14, [accountId('leadA')]);
    const eventY = await createEvent('Hot pot social', 15, [accountId('leadB')]);
    const pastEvent = await createEvent('Resume clinic', -1, [accountId('leadA')]);
    const cancelledEvent = await createEvent('Bubble tea run', 16, [accountId('leadA')]);
    const deletableEvent = await createEvent('Board games', 17, [accountId('leadA')]);
    for (const email of [
      'remove.me@example.org',
      'cancel.me@example.org',
      'door@example.org',
      'scanned@example.org',
    ]) {
      await addRegistrant(eventX, email);
    }
    // Awaiting review: no place freed by another case moves them, as it would the waitlisted.
    for (const email of ['bulk.one@example.org', 'bulk.two@example.org']) {
      await addRegistrant(eventX, email, 'submitted');
    }
    await addRegistrant(eventY, 'other.event@example.org');
    // Two questions on the event the question cases move and remove.
    for (const label of ['Dietary needs', 'T-shirt size']) {
      const added = await callAction(
        visitor('admin'),
        actionOf(`${CONSOLE}/events/[id]/questions/actions.ts`, 'saveQuestionAction'),
        `/admin/events/${eventX}/questions`,
        [FORM_STATE, form({ eventId: String(eventX), label, kind: 'short_text', choices: '' })],
      );
      expect(added.text).toContain('is added');
    }
    await addRegistrant(pastEvent, 'no.show@example.org');
    await addRegistrant(cancelledEvent, 'bubble@example.org');
    // A new place while someone is registered, unanswered: the case that declines to tell them.
    const moved = await callAction(
      visitor('coordinator'),
      actionOf(`${CONSOLE}/events/actions.ts`, 'saveEvent'),
      `/admin/events/${cancelledEvent}/edit`,
      [
        FORM_STATE,
        form({
          ...eventFields('Bubble tea run', 16, [accountId('leadA')]),
          location: 'Tabaret Hall, room 112',
          eventId: String(cancelledEvent),
        }),
      ],
    );
    expect(moved.text).toContain('Saved.');
    const cancelled = await callAction(
      visitor('coordinator'),
      actionOf(`${CONSOLE}/events/actions.ts`, 'removeEvent'),
      `/admin/events/${cancelledEvent}`,
      [SMALL_STATE, form({ eventId: String(cancelledEvent), confirm: 'yes' })],
    );
    expect(cancelled.text).toContain('The event is cancelled');

    const publicClient = new Client(site.baseURL, '198.51.100.7');
    // Before the others: the cases that act on one message take the latest.
    for (const email of BULK_SENDERS) {
      const sent = await publicClient.postApi('/api/messages/', {
        sender_name: 'Bulk Sender',
        sender_email: email,
        message: 'Two of a kind, handled together.',
      });
      expect(sent.status).toBe(201);
    }
    expect(
      (
        await publicClient.postApi('/api/messages/', {
          sender_name: 'Erase Me',
          sender_email: 'erase.me@example.org',
          message: 'Please remove my details.',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await publicClient.postApi('/api/messages/', {
          sender_name: 'Handle Me',
          sender_email: 'handle.me@example.org',
          message: 'Do you run a mentorship programme this winter?',
        })
      ).status,
    ).toBe(201);
    const application = new FormData();
    application.set('applicant_name', 'Lin Xu');
    application.set('applicant_email', 'lin.xu@example.org');
    application.set('position', 'Marketing Coordinator');
    application.set(
      'resume_file',
      new Blob(['%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'], { type: 'application/pdf' }),
      'resume.pdf',
    );
    if (!publicClient.cookies.has('csrftoken')) await publicClient.fetch('/api/csrf/');
    const applied = await publicClient.fetch('/api/applications/', {
      method: 'POST',
      headers: { 'x-csrftoken': publicClient.cookies.get('csrftoken')! },
      body: application,
    });
    expect(applied.status, await applied.text()).toBe(201);

    // A pending application with no payment yet: the chain of payment cases starts from nothing
    // owed but the price (the seed's first pending one already has its e-Transfer recorded).
    const seededRecords = await records();
    const seeded = seededRecords.memberships.find(
      (row) =>
        row.status === 'pending' &&
        !seededRecords.membershipPayments.some((payment) => payment.membership_id === row.id),
    );
    expect(seeded, 'the seed has a pending membership application without payment').toBeTruthy();
    // A change request from its address (no member ID yet), confirmed through the emailed link.
    const requested = await publicClient.postApi('/api/membership/change-requests/', {
      name: 'Guard Walk',
      uottawaEmail: seeded!.uottawa_email,
      memberId: '',
      changes: 'My program is now BCom, Accounting.',
    });
    expect(requested.status, await requested.clone().text()).toBe(201);
    const changeRequest = (await records()).changeRequests.at(-1)!;
    expect(changeRequest).toMatchObject({ membership_id: seeded!.id, confirmed: false });
    expect(changeRequest.token, 'the confirmation link in the outbox').toBeTruthy();
    const confirmedRequest = await publicClient.postApi(
      '/api/membership/change-requests/confirm/',
      { token: changeRequest.token },
    );
    expect(await confirmedRequest.json()).toEqual({ kind: 'confirmed' });

    const current = await records();
    const pending = current.memberships.find((row) => row.id === seeded!.id);
    fixtures = {
      latest: records,
      membership: {
        id: pending!.id,
        priceCents: pending!.price_cents,
        year: pending!.year,
        uottawaEmail: pending!.uottawa_email,
      },
      changeRequestId: changeRequest.id,
      eventX,
      eventY,
      pastEvent,
      cancelledEvent,
      deletableEvent,
      accountId,
      records: current,
      registration: (eventId, email) =>
        current.registrations.find((r) => r.event_id === eventId && r.email === email)!.id,
      questionIds: async (eventId) => {
        const response = await fetch(`${site.baseURL}/api/events/${eventId}/`);
        const event = (await response.json()) as { questions: Array<{ id: number }> };
        return event.questions.map((question) => question.id);
      },
    };
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test('every Server Action of the build has a case here, console or public', () => {
    const covered = new Set([
      ...CASES.map((c) => `${c.file}#${c.name}`),
      ...Object.keys(PUBLIC_ACTIONS),
      ...TWO_FACTOR_FOLLOW_UPS.map((name) => `${CONSOLE}/security/actions.ts#${name}`),
    ]);
    const missing = actions
      .map((action) => `${action.file}#${action.name}`)
      .filter((key) => !covered.has(key));
    expect(missing, 'actions with no refusal case in console-guards.spec.ts').toEqual([]);
    // And no case names an action the build no longer has.
    const built = new Set(actions.map((action) => `${action.file}#${action.name}`));
    expect([...covered].filter((key) => !built.has(key))).toEqual([]);
  });

  test('console pages answer 403 in the console to whom they are not for, and say why', async () => {
    const open = async (who: Visitor, path: string) => {
      const answer = await visitor(who).fetch(path);
      return { status: answer.status, html: await answer.text() };
    };
    // The status tells a refusal (the words are in every page's payload, for its boundary);
    // tests/e2e/console-phone.spec.ts sees which words the browser shows.
    const roleWords = (role: Role) =>
      `You are signed in as ${SIGNED_IN_AS[role]}, and this page is for other roles.`;

    // Each page of an event, and the door's page of one of its registrants.
    const eventPages = [
      ...EVENT_TABS.map((tab) => eventTabHref(fixtures.eventX, tab.segment)),
      `/admin/check-in/${fixtures.registration(fixtures.eventX, 'door@example.org')}`,
    ];
    for (const path of eventPages) {
      expect((await open('leadA', path)).status, `its lead opens ${path}`).toBe(200);
      const other = await open('leadB', path);
      expect(other.status, `another lead opens ${path}`).toBe(403);
      expect(other.html, path).toContain('You do not lead this event');
      expect(other.html, 'the console’s frame stays').toContain('Sign out');
      const finance = await open('finance', path);
      expect(finance.status, `finance opens ${path}`).toBe(403);
      expect(finance.html, path).toContain('Not available to your role');
      expect(finance.html).toContain(roleWords('finance'));
    }

    const pages: Array<[string, ConsoleAction]> = [
      ['/admin', 'dashboard.view'],
      ['/admin/events', 'events.list'],
      ['/admin/events/new', 'events.create'],
      ['/admin/inbox', 'inbox.read'],
      [`/admin/inbox/message/${fixtures.records.messages.at(-1)!.id}`, 'inbox.read'],
      ['/admin/emails', 'emails.manage'],
      ['/admin/content', 'content.edit'],
      ['/admin/resources', 'content.edit'],
      ['/admin/accounts', 'accounts.manage'],
      [`/admin/accounts/${fixtures.accountId('victim')}`, 'accounts.manage'],
      ['/admin/audit', 'audit.read'],
      ['/admin/attendance', 'attendance.read'],
      ['/admin/members', 'memberships.read'],
      ['/admin/payments', 'payments.read'],
      ['/admin/money', 'payments.read'],
      ['/admin/membership/settings', 'membership.settings'],
      ['/admin/membership/announcements', 'memberships.announce'],
      ['/admin/security', 'account.security'],
    ];
    for (const [path, permission] of pages) {
      expect((await open('signedOut', path)).status, `signed out at ${path}`).toBe(307);
      for (const role of ROLES) {
        const who = ROLE_VISITOR[role];
        const page = await open(who, path);
        if (can({ id: fixtures.accountId(who), role }, permission)) {
          expect(page.status, `${role} opens ${path}`).toBe(200);
        } else {
          expect(page.status, `${role} is refused ${path}`).toBe(403);
          expect(page.html, path).toContain('Not available to your role');
          expect(page.html, path).toContain(roleWords(role));
        }
      }
    }
  });

  /** The visitors who must be refused `permission` on the fixtures' event, and what they read. */
  function refusedVisitors(testCase: Case): Array<[Visitor, string]> {
    const refused: Array<[Visitor, string]> = [['signedOut', NOT_ALLOWED]];
    if (testCase.permission === 'public') return refused;
    const permission = testCase.permission;
    const leadIds = testCase.event ? [fixtures.accountId('leadA')] : [];
    const allows = (role: Role, who: Visitor) =>
      (can as (a: { id: string; role: Role }, p: Action, e?: { leadIds: string[] }) => boolean)(
        { id: fixtures.accountId(who), role },
        permission,
        { leadIds },
      );
    for (const role of ROLES) {
      const who = ROLE_VISITOR[role];
      if (!allows(role, who)) refused.push([who, NOT_ALLOWED]);
    }
    // An event lead who leads another event.
    if (testCase.event && allows('event_lead', 'leadA') && !allows('event_lead', 'leadB')) {
      refused.push(['leadB', NOT_EVENT_LEAD_MESSAGE]);
    }
    return refused;
  }

  /** The least trusted visitor the permission lets in. */
  function allowedVisitor(testCase: Case): Visitor {
    if (testCase.allowedAs) return testCase.allowedAs;
    const refused = new Set(refusedVisitors(testCase).map(([who]) => who));
    return (['leadA', 'finance', 'coordinator', 'admin'] as const).find(
      (who) => !refused.has(who),
    )!;
  }

  for (const testCase of CASES) {
    test(`${testCase.label} (${testCase.name}): refused to every visitor it is not for, done and audited for the one it is`, async () => {
      const action = actionOf(testCase.file, testCase.name);
      const page = testCase.page(fixtures);
      const args = await testCase.args(fixtures);
      const before = await fingerprint();

      for (const [who, message] of refusedVisitors(testCase)) {
        const answer = await callAction(visitor(who), action, page, args);
        expect(await fingerprint(), `${who} changed the database`).toEqual(before);
        expect(answer.redirect, `${who} was sent on`).toBeNull();
        if (!testCase.silent) expect(answer.text, `${who} was not told why`).toContain(message);
      }
      const forged = await callAction(visitor('admin'), action, page, args, {
        origin: ATTACKER_ORIGIN,
      });
      expect(forged.status, 'a call from another origin').toBe(403);
      expect(await fingerprint()).toEqual(before);

      const who = allowedVisitor(testCase);
      const answer = await callAction(visitor(who), action, page, args);
      expect(answer.text).not.toContain(NOT_ALLOWED);
      const after = await fingerprint();
      expect(after.audit.count, `${who}'s call wrote no audit entry: ${answer.text}`).toBe(
        before.audit.count + (testCase.auditEntries ?? 1),
      );
      expect(after.audit.latest).toMatchObject({
        action: testCase.audit,
        actorId: fixtures.accountId(who),
      });
    });
  }

  test('two-factor sign-in: refused signed out and from another origin, each step audited', async () => {
    const page = '/admin/security';
    const start = actionOf(`${CONSOLE}/security/actions.ts`, 'startTwoFactor');
    const confirm = actionOf(`${CONSOLE}/security/actions.ts`, 'confirmTwoFactor');
    const stop = actionOf(`${CONSOLE}/security/actions.ts`, 'stopTwoFactor');
    const lead = visitor('coordinator');
    const started = await callAction(lead, start, page, [
      SMALL_STATE,
      form({ password: PASSWORD }),
    ]);
    const secret = /"secret":"([A-Z2-7]+)"/.exec(started.text)?.[1];
    expect(secret, started.text).toBeTruthy();

    for (const [step, args] of [
      [confirm, [SMALL_STATE, form({ code: totp(secret!) })]],
      [stop, [SMALL_STATE, form({ password: PASSWORD })]],
    ] as const) {
      const before = await fingerprint();
      const signedOut = await callAction(visitor('signedOut'), step, page, [...args]);
      expect(signedOut.text).toContain(NOT_ALLOWED);
      const forged = await callAction(lead, step, page, [...args], { origin: ATTACKER_ORIGIN });
      expect(forged.status).toBe(403);
      expect(await fingerprint()).toEqual(before);
      const fresh = step === confirm ? [SMALL_STATE, form({ code: totp(secret!) })] : [...args];
      const answer = await callAction(lead, step, page, fresh);
      expect(answer.text).not.toContain(NOT_ALLOWED);
      const after = await fingerprint();
      // Confirming the code also renews the session, which the log records as a sign-in.
      expect(after.audit.count).toBeGreaterThan(before.audit.count);
      expect(after.audit.latest?.action).toBe(
        step === confirm ? 'account.twoFactorOn' : 'account.twoFactorOff',
      );
    }
  });

  test('public actions (sign-in, setup, password links, sign-out, preview) refuse another origin', async () => {
    for (const [key, { page, args }] of Object.entries(PUBLIC_ACTIONS)) {
      const [file, name] = key.split('#') as [string, string];
      const before = await fingerprint();
      const forged = await callAction(visitor('coordinator'), actionOf(file, name), page, args, {
        origin: ATTACKER_ORIGIN,
      });
      if (page.startsWith('/admin')) expect(forged.status, key).toBe(403);
      expect(await fingerprint(), key).toEqual(before);
    }
    // Sign-out is the session's own door: it ends that session, and only that one.
    const leaving = new Client(site.baseURL, '198.51.100.9');
    await signInAs(leaving, 'ana.li@example.org');
    const answer = await callAction(
      leaving,
      actionOf(`${CONSOLE}/actions.ts`, 'signOut'),
      '/admin',
      [],
    );
    expect(answer.redirect).toBe('/admin/sign-in');
    const page = await leaving.fetch('/admin/events');
    expect(page.headers.get('location')).toContain('/admin/sign-in');
    const still = await visitor('coordinator').fetch('/admin/events');
    expect(still.status).toBe(200);
  });

  test('sign-in: forty wrong passwords from forty addresses lock the account; the right one is then refused with when to try again, and its owner sees the tries', async () => {
    const signIn = actionOf('app/(admin)/admin/sign-in/actions.ts', 'signIn');
    const email = 'jun.wu@example.org';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        callAction(new Client(site.baseURL, `203.0.113.${index + 1}`), signIn, '/admin/sign-in', [
          { error: null, email: '' },
          form({ email, password: `guess number ${index}` }),
        ]),
      ),
    );
    const wrong = answers.filter((answer) =>
      answer.text.includes('The email or password is not right.'),
    );
    const locked = answers.filter((answer) =>
      answer.text.includes('Too many wrong passwords for this account.'),
    );
    expect(wrong.length).toBeLessThanOrEqual(5);
    expect(wrong.length + locked.length).toBe(40);

    const right = await callAction(
      new Client(site.baseURL, '192.0.2.77'),
      signIn,
      '/admin/sign-in',
      [{ error: null, email: '' }, form({ email, password: PASSWORD })],
    );
    expect(right.redirect).toBeNull();
    expect(right.text).toMatch(/Try again after \d{1,2}:\d\d [AP]M \(in about/);

    const security = await (await visitor('leadB').fetch('/admin/security')).text();
    expect(security).toContain('Failed sign-ins');
    expect(security).toMatch(
      new RegExp(`In the last 30 days: ${wrong.length} wrong passwords?, \\d+ tries refused`),
    );
    expect(security).toContain('Refused: the account was locked');
  });

  test('the upload route: signed out 401, a role without the purpose 403, another origin 403; an allowed upload is audited', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#8f001a' },
    })
      .png()
      .toBuffer();
    const upload = (who: Visitor, purpose: string, origin?: string) =>
      visitor(who).fetch(`/admin/upload?purpose=${purpose}`, {
        method: 'POST',
        origin,
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(png),
      });
    const before = await fingerprint();
    expect((await upload('signedOut', 'poster')).status).toBe(401);
    // A team portrait is content: an event lead uploads only events' pictures.
    expect((await upload('leadA', 'portrait')).status).toBe(403);
    expect((await upload('admin', 'poster', ATTACKER_ORIGIN)).status).toBe(403);
    expect(await fingerprint()).toEqual(before);

    const allowed = await upload('leadA', 'poster');
    expect(allowed.status, await allowed.clone().text()).toBe(201);
    const after = await fingerprint();
    expect(after.audit.count).toBe(before.audit.count + 1);
    expect(after.audit.latest).toMatchObject({
      action: 'media.upload',
      actorId: fixtures.accountId('leadA'),
    });
  });

  test('the registrants export: signed out 401, the lead of another event 403, readable by no other origin; each export audited', async () => {
    const path = `/admin/events/${fixtures.eventX}/registrants.csv`;
    const before = await fingerprint();
    expect((await visitor('signedOut').fetch(path)).status).toBe(401);
    const other = await visitor('leadB').fetch(path);
    expect(other.status).toBe(403);
    expect(await other.text()).toBe(NOT_EVENT_LEAD_MESSAGE);
    const foreign = await visitor('admin').fetch(path, { headers: { origin: ATTACKER_ORIGIN } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('cache-control')).toContain('no-store');
    const afterForeign = await fingerprint();
    // The admin's own download (from another origin's link) is an export like any other.
    expect(afterForeign.audit.count).toBe(before.audit.count + 1);

    const allowed = await visitor('leadA').fetch(path);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toContain('text/csv');
    const after = await fingerprint();
    expect(after.audit.count).toBe(afterForeign.audit.count + 1);
    expect(after.audit.latest).toMatchObject({
      action: 'registration.export',
      actorId: fixtures.accountId('leadA'),
    });
  });

  test('the members’ export: signed out 401, an event lead 403; the coordinator’s file has no money, finance’s has; each export audited with its rows', async () => {
    const path = '/admin/members/members.csv';
    const before = await fingerprint();
    expect((await visitor('signedOut').fetch(path)).status).toBe(401);
    const lead = await visitor('leadA').fetch(path);
    expect(lead.status).toBe(403);
    expect(await lead.text()).toBe(NOT_ALLOWED);
    expect(await fingerprint()).toEqual(before);

    const plain = await visitor('coordinator').fetch(`${path}?status=active`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toContain('text/csv');
    expect(plain.headers.get('cache-control')).toContain('no-store');
    const plainText = await plain.text();
    expect(plainText).toContain('Member ID');
    expect(plainText).toContain('Payment');
    expect(plainText).not.toContain('Kept (CAD)');
    const afterPlain = await fingerprint();
    expect(afterPlain.audit.count).toBe(before.audit.count + 1);
    expect(afterPlain.audit.latest).toMatchObject({
      action: 'membership.export',
      actorId: fixtures.accountId('coordinator'),
    });

    const money = await visitor('finance').fetch(path);
    expect(money.status).toBe(200);
    expect(await money.text()).toContain('Kept (CAD)');
    const after = await fingerprint();
    expect(after.audit.count).toBe(afterPlain.audit.count + 1);
    expect(after.audit.latest).toMatchObject({
      action: 'membership.export',
      actorId: fixtures.accountId('finance'),
    });
  });

  test('the finance export: signed out 401, the coordinator and an event lead 403; finance’s export audited', async () => {
    const path = '/admin/payments/finance.csv';
    const before = await fingerprint();
    expect((await visitor('signedOut').fetch(path)).status).toBe(401);
    expect((await visitor('coordinator').fetch(path)).status).toBe(403);
    expect((await visitor('leadA').fetch(path)).status).toBe(403);
    expect(await fingerprint()).toEqual(before);
    const allowed = await visitor('finance').fetch(path);
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('Transaction reference');
    const after = await fingerprint();
    expect(after.audit.count).toBe(before.audit.count + 1);
    expect(after.audit.latest).toMatchObject({
      action: 'payment.export',
      actorId: fixtures.accountId('finance'),
    });
  });

  test('the money CSV: signed out 401, the coordinator and an event lead 403; finance’s download audited', async () => {
    const path = '/admin/money/money.csv';
    const before = await fingerprint();
    expect((await visitor('signedOut').fetch(path)).status).toBe(401);
    expect((await visitor('coordinator').fetch(path)).status).toBe(403);
    expect((await visitor('leadA').fetch(path)).status).toBe(403);
    expect(await fingerprint()).toEqual(before);
    expect((await visitor('finance').fetch(`${path}?year=1999`)).status).toBe(400);
    const allowed = await visitor('finance').fetch(path);
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('Collected,Refunded,Net');
    const after = await fingerprint();
    expect(after.audit.count).toBe(before.audit.count + 1);
    expect(after.audit.latest).toMatchObject({
      action: 'payment.export.summary',
      actorId: fixtures.accountId('finance'),
    });
  });

  test('the numbers: their pages and CSVs refused signed out, to finance and (an event’s) to the lead of another event; a lead’s term holds their events only; each download audited with its rows', async () => {
    const eventPage = `/admin/events/${fixtures.eventX}/numbers`;
    const eventCsv = `${eventPage}/numbers.csv`;
    // The term (on the club's calendar) of the fixtures' events, 14 and 15 days from now.
    const [year, month] = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Toronto',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date(Date.now() + 14 * 86_400_000))
      .split('-')
      .map(Number) as [number, number];
    const term = `${year}-${month <= 4 ? 'winter' : month <= 8 ? 'summer' : 'fall'}`;
    const termCsv = `/admin/numbers/numbers.csv?term=${term}`;

    for (const path of [eventPage, `/admin/numbers?term=${term}`]) {
      const signedOut = await visitor('signedOut').fetch(path);
      expect(signedOut.headers.get('location'), path).toContain('/admin/sign-in');
      const finance = await (await visitor('finance').fetch(path)).text();
      expect(finance, path).toContain('Not available to your role');
      expect(finance, path).not.toContain('numbers.csv');
    }
    const otherLead = await (await visitor('leadB').fetch(eventPage)).text();
    expect(otherLead).not.toContain('Mock interviews');
    expect(otherLead).not.toContain('numbers.csv');
    const ownTerm = await (await visitor('leadB').fetch(`/admin/numbers?term=${term}`)).text();
    expect(ownTerm).toContain('Hot pot social');
    expect(ownTerm).not.toContain('Mock interviews');

    const before = await fingerprint();
    for (const path of [eventCsv, termCsv]) {
      expect((await visitor('signedOut').fetch(path)).status, path).toBe(401);
      const finance = await visitor('finance').fetch(path);
      expect(finance.status, path).toBe(403);
      expect(await finance.text()).toBe(NOT_ALLOWED);
    }
    const other = await visitor('leadB').fetch(eventCsv);
    expect(other.status).toBe(403);
    expect(await other.text()).toBe(NOT_EVENT_LEAD_MESSAGE);
    expect(await fingerprint()).toEqual(before);

    const own = await visitor('leadA').fetch(eventCsv);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toContain('text/csv');
    expect(own.headers.get('cache-control')).toContain('no-store');
    expect(await own.text()).toContain('Mock interviews');
    const afterEvent = await fingerprint();
    expect(afterEvent.audit.count).toBe(before.audit.count + 1);
    expect(afterEvent.audit.latest).toMatchObject({
      action: 'numbers.export',
      actorId: fixtures.accountId('leadA'),
    });

    const led = await visitor('leadA').fetch(termCsv);
    expect(led.status).toBe(200);
    const ledText = await led.text();
    expect(ledText).toContain('Mock interviews');
    expect(ledText).not.toContain('Hot pot social');
    const after = await fingerprint();
    expect(after.audit.count).toBe(afterEvent.audit.count + 1);
    expect(after.audit.latest).toMatchObject({
      action: 'numbers.export',
      actorId: fixtures.accountId('leadA'),
    });
  });

  test('a resume download: signed out 401, an event lead 403; a coordinator’s download is audited', async () => {
    const path = `/admin/inbox/resumes/${fixtures.records.applications.at(-1)!.id}/resume`;
    const before = await fingerprint();
    expect((await visitor('signedOut').fetch(path)).status).toBe(401);
    expect((await visitor('leadA').fetch(path)).status).toBe(403);
    expect(await fingerprint()).toEqual(before);
    const allowed = await visitor('coordinator').fetch(path);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBeNull();
    const after = await fingerprint();
    expect(after.audit.count).toBe(before.audit.count + 1);
    expect(after.audit.latest).toMatchObject({
      action: 'resume.download',
      actorId: fixtures.accountId('coordinator'),
    });
  });
});
