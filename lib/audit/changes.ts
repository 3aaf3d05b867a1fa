/**
 * The audit log's before and after values in words: the fields that changed, each with its label
 * for the kind of record, and what the change was made with. Each kind of field reads as the
 * console says it elsewhere: amounts with their currency ('CA$30.00'), dates in the club's time
 * ('Sat 12 Dec, 6:30 PM'), states and methods in words, addresses and browsers as people read
 * them, and names in place of ids (lib/audit/read.ts reads them, one query per kind for a page).
 * The entries are kept as they were written; only their reading is here. No server code: the
 * page, the event form and the tests read it as it is.
 */
import { COLLECTION_SPECS, isCollectionSlug } from '@/lib/admin/collection-specs';
import { ROLE_NAMES, type Role } from '@/lib/auth/roles';
import { DETAIL_LABELS } from '@/lib/memberships/detail-fields';
import {
  MEMBERSHIP_STATUS_NAMES,
  PAYMENT_METHOD_NAMES,
  type MembershipStatus,
  type PaymentMethod,
} from '@/lib/memberships/statuses';
import { STATUS_LABELS, type RegistrationStatus } from '@/lib/registrations/statuses';
import { addressWords } from './addresses';
import {
  CALENDAR_DATE,
  clubDateTimeWords,
  clubDayWords,
  INSTANT,
  membershipYearWords,
  moneyWords,
  PAYMENT_STATE_WORDS,
  REFUND_STATE_WORDS,
  termWords,
} from './value-words';

export { clubDateTimeWords };

/**
 * Names of the records an entry may point to by id, read for a page of the log: a payment or a
 * refund by what it was ('Interac e-Transfer of CA$30.00 received Wed 25 Nov'), a type with its
 * year, a question by its label, a registration by the person's name; and each browser string
 * of the page in words ('Chrome on Android'), read on the server.
 */
export type RecordNames = {
  accounts?: ReadonlyMap<string, string>;
  events?: ReadonlyMap<string, string>;
  memberships?: ReadonlyMap<string, string>;
  payments?: ReadonlyMap<string, string>;
  refunds?: ReadonlyMap<string, string>;
  types?: ReadonlyMap<string, string>;
  questions?: ReadonlyMap<string, string>;
  registrations?: ReadonlyMap<string, string>;
  browsers?: ReadonlyMap<string, string>;
};

export type RecordKind = Exclude<keyof RecordNames, 'browsers'>;

/**
 * The fields that point to a record, the kind of record, and what an id reads as when the
 * record is gone (deleted, or erased on request).
 */
export const ID_FIELDS: Record<string, { kind: RecordKind; gone: string }> = {
  accountId: { kind: 'accounts', gone: 'a removed account' },
  leadIds: { kind: 'accounts', gone: 'a removed account' },
  eventId: { kind: 'events', gone: 'a deleted event' },
  membershipId: { kind: 'memberships', gone: 'an erased membership' },
  membershipIds: { kind: 'memberships', gone: 'an erased membership' },
  paymentId: { kind: 'payments', gone: 'a payment' },
  paymentIds: { kind: 'payments', gone: 'a payment' },
  refundId: { kind: 'refunds', gone: 'a refund' },
  typeId: { kind: 'types', gone: 'a removed membership type' },
  questionId: { kind: 'questions', gone: 'a removed question' },
  registrationId: { kind: 'registrations', gone: 'a removed registration' },
};

/** The record an entry of each kind is about, by its `recordId`. */
export const RECORD_KINDS: Record<string, RecordKind> = {
  account: 'accounts',
  event: 'events',
  membership: 'memberships',
  membershipType: 'types',
};

/**
 * Ids said even when they did not change: the payment or refund a change was made to (the
 * summary names the member, not which of their payments).
 */
const SUBJECT_IDS = new Set(['paymentId', 'refundId']);

/**
 * Keys never shown on their own: the record's own id and order, and its currency (each amount
 * says it). A record's snapshot carries them; the form's fields are what people changed.
 */
const UNSHOWN_KEYS = new Set(['id', 'sortOrder', 'createdAt', 'updatedAt', 'currency']);

/**
 * Whether a key is an id of a record the log has no name for (a remembered device's `deviceId`,
 * beside its label): a number means nothing to a reader, so it is left out. A member ID is a
 * name, not a row's id.
 */
function isUnnamedId(key: string): boolean {
  return !(key in ID_FIELDS) && key !== 'memberId' && /[a-z]Ids?$/.test(key);
}

/** Free text staff wrote or the console composed, where a day may sit as `2026-11-22`. */
const FREE_TEXT_KEYS = new Set(['reason', 'refundReason', 'note', 'problem']);

/** One changed field: `before` null when the entry has no earlier value (a record made). */
export type ChangeLine = { label: string; before: string | null; after: string | null };

const EVENT_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  startsAt: 'Date',
  duration: 'Duration',
  location: 'Location',
  organizer: 'Organizer',
  posterImg: 'Poster',
  thumbnailLink: 'Thumbnail',
  capacity: 'Capacity',
  memberPlaces: 'Member places',
  staffPlaces: 'Staff places',
  membersOnly: 'Members only',
  memberRegistrationOpensAt: 'Member registration opens',
  requiresDeposit: 'Deposit',
  category: 'Category',
  registrationOpensAt: 'Public registration opens',
  registrationClosesAt: 'Registration deadline',
  waitlistEnabled: 'Waitlist',
  autoPromote: 'When a place frees up',
  requiresReview: 'Registrations need review',
  cancellationCutoffHours: 'Late cancellation cut-off (hours)',
  publishedAt: 'On the site from',
  leadIds: 'Event leads',
  cancelled: 'Cancelled',
  registrationId: 'Registration',
  registrationIds: 'Registrations',
  count: 'People',
  // A registration question (lib/registrations/event-questions.ts).
  questionId: 'Question',
  question: 'Question',
  answer: 'Answer',
  choices: 'Choices',
  required: 'Required',
  order: 'Position',
  // An email to the registrants, an export of the numbers.
  audience: 'To',
  subject: 'Subject',
  recipients: 'Recipients',
  changed: 'What changed',
  calendarSequence: 'Calendar update',
  term: 'Term',
};

const ACCOUNT_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  role: 'Role',
  deactivatedAt: 'Deactivated',
  ipAddress: 'Address',
  userAgent: 'Browser',
  // A remembered device (lib/auth/trusted-devices.ts), by the label it was given.
  label: 'Device',
};

const MEMBERSHIP_LABELS: Record<string, string> = {
  // A correction of the details (lib/memberships/details.ts), in the form's order.
  ...DETAIL_LABELS,
  memberId: 'Member ID',
  paymentReference: 'Payment reference',
  refundId: 'Refund',
  paymentId: 'Payment',
  paymentIds: 'Payments',
  payments: 'Payments before',
  paymentState: 'Payment state',
  method: 'Method',
  amountCents: 'Amount',
  owedCents: 'Owed',
  receivedOn: 'Received on',
  transactionReference: 'Transaction reference',
  transactionReferences: 'Transaction references',
  state: 'State',
  problem: 'Problem',
  note: 'Note',
  refundedOn: 'Refunded on',
  endsMembership: 'Ends the membership',
  refundReason: 'Refund reason',
  type: 'Type',
  typeId: 'Type',
  membershipId: 'Membership',
  suspendedFrom: 'Suspended from',
  suspendedUntil: 'Suspended until',
  to: 'Sent to',
  // A membership type, in the settings form's order and words.
  year: 'Year',
  priceCents: 'Price',
  price: 'Price',
  saleOpensOn: 'Sale opens',
  saleClosesOn: 'Sale closes',
  validFrom: 'Valid from',
  validUntil: 'Valid until',
  // The year's settings (membershipYear).
  etransferAddress: 'e-Transfer address',
  etransferInstructions: 'Payment instructions',
  unpaidApplicationDays: 'Days to pay',
  acceptingApplications: 'Applications open',
  // An export of the roster: its filter (lib/memberships/roster.ts).
  rows: 'Rows',
  withMoney: 'With payments',
  filter: 'Filter',
  text: 'Words',
  expiringWithinDays: 'Ending within (days)',
  newThisMonth: 'New this month',
};

/** Labels that read the same on every kind of record. */
const COMMON_LABELS: Record<string, string> = {
  status: 'Status',
  reason: 'Reason',
  name: 'Name',
  email: 'Email',
  eventId: 'Event',
  accountId: 'Account',
  membershipId: 'Membership',
  membershipIds: 'Memberships',
  rows: 'Rows',
};

/** The kinds of record, as the filter and the entries name them. */
const RECORD_TYPE_NAMES: Record<string, string> = {
  account: 'Accounts',
  event: 'Events',
  email: 'Emails',
  media: 'Uploaded files',
  membership: 'Memberships',
  membershipPayment: 'Membership payments',
  membershipType: 'Membership types',
  membershipYear: 'Membership years',
  person: 'Personal data erased',
  message: 'Contact messages',
  request: 'Service requests',
  application: 'Job applications',
  change: 'Details change requests',
};

/** 'memberPlaces' → 'Member places', 'refundedCents' → 'Refunded': a label no list names. */
function humanize(key: string): string {
  const words = key
    .replace(/Cents$/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The kind of record in words: 'Events', 'Team members'. */
export function recordTypeName(recordType: string): string {
  if (RECORD_TYPE_NAMES[recordType]) return RECORD_TYPE_NAMES[recordType];
  if (isCollectionSlug(recordType)) return COLLECTION_SPECS[recordType].title;
  return humanize(recordType);
}

/** One record of a kind, for an entry's record: 'Event', 'Account'. */
const RECORD_NOUNS: Record<string, string> = {
  account: 'Account',
  event: 'Event',
  membership: 'Membership',
  membershipType: 'Membership type',
  membershipYear: 'Membership year',
  email: 'Email',
};

/** An entry's record in words: 'Event: Lantern night', or the kind alone without a name. */
export function recordWords(recordType: string, name: string | null): string {
  const noun = RECORD_NOUNS[recordType] ?? recordTypeName(recordType);
  return name ? `${noun}: ${name}` : noun;
}

/** The name of the record an entry is about ('Lantern night', '2026–27'), where it is known. */
export function entryRecordName(
  entry: { recordType: string; recordId: string | null },
  names: RecordNames,
): string | null {
  if (!entry.recordId) return null;
  if (entry.recordType === 'membershipYear' && /^\d{4}$/.test(entry.recordId)) {
    return membershipYearWords(Number(entry.recordId));
  }
  const kind = RECORD_KINDS[entry.recordType];
  return (kind && names[kind]?.get(entry.recordId)) || null;
}

function labelsOf(recordType: string): Record<string, string> {
  if (recordType === 'event') return EVENT_LABELS;
  if (recordType === 'account') return ACCOUNT_LABELS;
  if (recordType.startsWith('membership')) return MEMBERSHIP_LABELS;
  if (isCollectionSlug(recordType)) {
    const fields: readonly { column: string; label: string }[] =
      COLLECTION_SPECS[recordType].fields;
    return Object.fromEntries(fields.map((field) => [field.column, field.label]));
  }
  return {};
}

/** The label of a field of a kind of record. */
export function fieldLabel(recordType: string, key: string): string {
  return labelsOf(recordType)[key] ?? COMMON_LABELS[key] ?? humanize(key);
}

const EMPTY = 'none';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** The values of one side of an entry, read together: an amount's currency is beside it. */
type Reading = { recordType: string; side: Record<string, unknown>; names: RecordNames; now: Date };

/** The name of the record `id` points to through the field `key`, or what it reads as gone. */
function idWords(key: string, id: unknown, names: RecordNames): string {
  const field = ID_FIELDS[key]!;
  return names[field.kind]?.get(String(id)) || field.gone;
}

/** A value the entry holds as a string, in words: a date, a role, a status, a method. */
function textWords(key: string, value: string, { recordType, side, now }: Reading): string {
  if (INSTANT.test(value)) {
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime())) return clubDateTimeWords(instant, now);
  }
  if (CALENDAR_DATE.test(value)) return clubDayWords(value, now);
  if (key === 'ipAddress') return addressWords(value);
  if (key === 'role' && value in ROLE_NAMES) return ROLE_NAMES[value as Role];
  if (key === 'method' && value in PAYMENT_METHOD_NAMES) {
    return PAYMENT_METHOD_NAMES[value as PaymentMethod];
  }
  if (key === 'state' || key === 'paymentState') {
    // A refund's entry names its refund; any other state is a payment's.
    const states: Record<string, string> =
      key === 'state' && 'refundId' in side ? REFUND_STATE_WORDS : PAYMENT_STATE_WORDS;
    if (value in states) return states[value]!;
  }
  if (key === 'status') {
    if (recordType.startsWith('membership') && value in MEMBERSHIP_STATUS_NAMES) {
      return MEMBERSHIP_STATUS_NAMES[value as MembershipStatus];
    }
    if (value in STATUS_LABELS) return STATUS_LABELS[value as RegistrationStatus];
  }
  if (key === 'term') return termWords(value);
  if (FREE_TEXT_KEYS.has(key)) {
    return value.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => clubDayWords(day, now));
  }
  if (key === 'autoPromote') {
    return value === 'manual' ? 'kept for staff to give' : 'given to the waitlist at once';
  }
  return value;
}

/**
 * A group of values (an export's filter, a payment as it was) as 'Status: Active, Type: Regular
 * (2026–27)': its set values only, with their labels.
 */
function groupWords(group: Record<string, unknown>, reading: Reading): string {
  const inner = { ...reading, side: group };
  const parts = Object.entries(group)
    .filter(
      ([key, value]) =>
        !UNSHOWN_KEYS.has(key) && !isUnnamedId(key) && !isEmpty(value) && value !== false,
    )
    .map(([key, value]) => {
      const words = valueWords(key, value, inner);
      return value === true
        ? fieldLabel(reading.recordType, key)
        : `${fieldLabel(reading.recordType, key)}: ${words}`;
    });
  return parts.length > 0 ? parts.join(', ') : EMPTY;
}

/** One value in words, for the field `key` of one side of an entry. */
function valueWords(key: string, value: unknown, reading: Reading): string {
  if (isEmpty(value)) return EMPTY;
  if (key === 'userAgent' && typeof value === 'string') {
    return reading.names.browsers?.get(value) ?? 'a browser';
  }
  if (key === 'registrationIds' && Array.isArray(value)) return `${value.length}`;
  // A payment as it was before the change: its name and its state then.
  if (key === 'payments' && Array.isArray(value)) {
    return value
      .map((payment) =>
        isRecord(payment)
          ? `${idWords('paymentId', payment.id, reading.names)} (${valueWords('paymentState', payment.state, reading)})`
          : EMPTY,
      )
      .join('; ');
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return EMPTY;
    // In alphabetical order: a list's stored order says nothing (event leads).
    return value
      .map((one) => valueWords(key, one, reading))
      .sort((a, b) => a.localeCompare(b))
      .join(', ');
  }
  if (key in ID_FIELDS && (typeof value === 'number' || typeof value === 'string')) {
    return idWords(key, value, reading.names);
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (key.endsWith('Cents')) return moneyWords(value, reading.side.currency);
    if (key === 'year' && reading.recordType.startsWith('membership')) {
      return membershipYearWords(value);
    }
    return String(value);
  }
  if (typeof value === 'string') return textWords(key, value, reading);
  if (isRecord(value)) return groupWords(value, reading);
  return String(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The keys of one side that are shown: a formatted price beside its cents is said once. */
function shownKeys(values: Record<string, unknown>): string[] {
  return Object.keys(values).filter(
    (key) =>
      !UNSHOWN_KEYS.has(key) && !isUnnamedId(key) && !(key === 'price' && 'priceCents' in values),
  );
}

/**
 * The fields of an entry in words. Where both sides hold a field, it is shown when it changed
 * ('Price: CA$25.00 → CA$27.50'); a field only one side holds is a fact of the change ('Amount:
 * CA$30.00', 'Reason: …'), never a value erased or made from nothing, since the entry's writer
 * simply did not repeat it. An entry with only an after (a record made) lists what it was made
 * with, and one with only a before (a record removed) what it had.
 */
export function changedFields(
  recordType: string,
  before: unknown,
  after: unknown,
  names: RecordNames = {},
  now: Date = new Date(),
): ChangeLine[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (same(before, after)) return [];
    const reading: Reading = { recordType, side: {}, names, now };
    return [
      {
        label: 'Value',
        before: isEmpty(before) ? null : valueWords('value', before, reading),
        after: isEmpty(after) ? null : valueWords('value', after, reading),
      },
    ];
  }
  const hasBefore = isRecord(before);
  const hasAfter = isRecord(after);
  const earlier = hasBefore ? before : {};
  const later = hasAfter ? after : {};
  const words = (key: string, side: Record<string, unknown>) =>
    valueWords(key, side[key], { recordType, side, names, now });
  const inEarlier = new Set(shownKeys(earlier));
  const inLater = new Set(shownKeys(later));
  // In the order of the record's form (the database keeps JSON keys in an order of its own).
  const order = Object.keys(labelsOf(recordType));
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const keys = [...new Set([...inEarlier, ...inLater])].sort((a, b) => rank(a) - rank(b));
  const lines: ChangeLine[] = [];
  for (const key of keys) {
    const label = fieldLabel(recordType, key);
    if (inEarlier.has(key) && inLater.has(key)) {
      if (!same(earlier[key], later[key])) {
        lines.push({ label, before: words(key, earlier), after: words(key, later) });
      } else if (SUBJECT_IDS.has(key)) {
        lines.push({ label, before: null, after: words(key, later) });
      }
      continue;
    }
    const side = inLater.has(key) ? later : earlier;
    // Empty fields say nothing; nor do the unticked boxes of a record made or removed.
    if (isEmpty(side[key]) || ((!hasBefore || !hasAfter) && side[key] === false)) continue;
    if (words(key, side) === EMPTY) continue;
    lines.push(
      hasAfter
        ? { label, before: null, after: words(key, side) }
        : { label, before: words(key, side), after: null },
    );
  }
  return lines;
}

/** 'Date: Sat 12 Dec, 6:30 PM → Wed 25 Nov, 8:00 AM' (or 'Title: …' for a new record). */
export function changeLineText(line: ChangeLine): string {
  if (line.before === null) return `${line.label}: ${line.after ?? EMPTY}`;
  if (line.after === null) return `${line.label}: ${line.before} (removed)`;
  return `${line.label}: ${line.before} → ${line.after}`;
}
