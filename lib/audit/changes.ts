/**
 * The audit log's before and after values in words: only the fields that changed, each with its
 * label for the kind of record, dates in the club's time ('Sat 12 Dec, 6:30 PM'), and names in
 * place of the ids of accounts, events and memberships. No server code: the page and its tests
 * read it as it is.
 */
import { COLLECTION_SPECS, isCollectionSlug } from '@/lib/admin/collection-specs';
import { CLUB_TIME_ZONE } from '@/lib/db/time';
import { ROLE_NAMES, type Role } from '@/lib/auth/roles';
import { DETAIL_LABELS } from '@/lib/memberships/detail-fields';
import { MEMBERSHIP_STATUS_NAMES, type MembershipStatus } from '@/lib/memberships/statuses';
import { STATUS_LABELS, type RegistrationStatus } from '@/lib/registrations/statuses';

/** Names of the records an entry may point to by id, read for a page of the log. */
export type RecordNames = {
  accounts?: ReadonlyMap<string, string>;
  events?: ReadonlyMap<string, string>;
  memberships?: ReadonlyMap<string, string>;
};

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
};

const ACCOUNT_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  role: 'Role',
  deactivatedAt: 'Deactivated',
  ipAddress: 'Address',
  userAgent: 'Browser',
};

const MEMBERSHIP_LABELS: Record<string, string> = {
  // A correction of the details (lib/memberships/details.ts), in the form's order.
  ...DETAIL_LABELS,
  memberId: 'Member ID',
  paymentReference: 'Payment reference',
  paymentState: 'Payment',
  paymentId: 'Payment',
  refundId: 'Refund',
  refundedOn: 'Refunded on',
  type: 'Type',
  typeId: 'Type',
  membershipId: 'Membership',
  // The year's settings (membershipYear).
  etransferAddress: 'e-Transfer address',
  etransferInstructions: 'Payment instructions',
  unpaidApplicationDays: 'Days to pay',
  acceptingApplications: 'Applications open',
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

/** 'memberPlaces' → 'Member places': the label of a field no list names. */
function humanize(key: string): string {
  const words = key
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
  email: 'Email',
};

/** An entry's record in words: 'Event: Lantern night', or the kind alone without a name. */
export function recordWords(recordType: string, name: string | null): string {
  const noun = RECORD_NOUNS[recordType] ?? recordTypeName(recordType);
  return name ? `${noun}: ${name}` : noun;
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

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function partsOf(date: Date, options: Intl.DateTimeFormatOptions, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone }).formatToParts(date);
  return (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? '';
}

/**
 * 'Sat 12 Dec, 6:30 PM' in the club's time zone; the year is added when it is not the year of
 * `now`.
 */
export function clubDateTimeWords(instant: Date, now: Date = new Date()): string {
  const part = partsOf(
    instant,
    {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    },
    CLUB_TIME_ZONE,
  );
  const thisYear = partsOf(now, { year: 'numeric' }, CLUB_TIME_ZONE)('year');
  const year = part('year') === thisYear ? '' : ` ${part('year')}`;
  return `${part('weekday')} ${part('day')} ${part('month')}${year}, ${part('hour')}:${part('minute')} ${part('dayPeriod')}`;
}

function calendarDateWords(value: string, now: Date): string {
  const [, year, month, day] = CALENDAR_DATE.exec(value)!.map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, 12));
  const part = partsOf(date, { weekday: 'short', day: 'numeric', month: 'short' }, 'UTC');
  const sameYear = now.getUTCFullYear() === year;
  return `${part('weekday')} ${part('day')} ${part('month')}${sameYear ? '' : ` ${year}`}`;
}

const EMPTY = 'none';

/** One value in words, for the field `key` of the kind `recordType`. */
function valueWords(
  recordType: string,
  key: string,
  value: unknown,
  names: RecordNames,
  now: Date,
): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (Array.isArray(value)) {
    if (key === 'registrationIds') return `${value.length}`;
    if (value.length === 0) return EMPTY;
    // In alphabetical order: a list's stored order says nothing (event leads).
    return value
      .map((one) => valueWords(recordType, key, one, names, now))
      .sort((a, b) => a.localeCompare(b))
      .join(', ');
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number')
    return idName(recordType, key, String(value), names) ?? String(value);
  if (typeof value === 'string') {
    const named = idName(recordType, key, value, names);
    if (named) return named;
    if (INSTANT.test(value)) {
      const instant = new Date(value);
      if (!Number.isNaN(instant.getTime())) return clubDateTimeWords(instant, now);
    }
    if (CALENDAR_DATE.test(value)) return calendarDateWords(value, now);
    if (key === 'role' && value in ROLE_NAMES) return ROLE_NAMES[value as Role];
    if (key === 'status') {
      if (recordType.startsWith('membership') && value in MEMBERSHIP_STATUS_NAMES) {
        return MEMBERSHIP_STATUS_NAMES[value as MembershipStatus];
      }
      if (value in STATUS_LABELS) return STATUS_LABELS[value as RegistrationStatus];
    }
    if (key === 'autoPromote') {
      return value === 'manual' ? 'kept for staff to give' : 'given to the waitlist at once';
    }
    return value;
  }
  return JSON.stringify(value);
}

/** The name of the account, event or membership an id field points to, when known. */
function idName(
  recordType: string,
  key: string,
  id: string,
  names: RecordNames,
): string | undefined {
  if (key === 'leadIds' || key === 'accountId') return names.accounts?.get(id);
  if (key === 'eventId') return names.events?.get(id);
  if (key === 'membershipId') return names.memberships?.get(id);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The fields an entry changed, in words: a field with the same value before and after is left
 * out; an entry with only an after (a record made) lists what it was made with, and one with
 * only a before (a record removed) what it had.
 */
export function changedFields(
  recordType: string,
  before: unknown,
  after: unknown,
  names: RecordNames = {},
  now: Date = new Date(),
): ChangeLine[] {
  const words = (key: string, value: unknown) => valueWords(recordType, key, value, names, now);
  if (!isRecord(before) && !isRecord(after)) {
    if (same(before, after)) return [];
    return [
      {
        label: 'Value',
        before: before === null || before === undefined ? null : words('value', before),
        after: after === null || after === undefined ? null : words('value', after),
      },
    ];
  }
  const hasBefore = isRecord(before);
  const hasAfter = isRecord(after);
  const earlier = hasBefore ? before : {};
  const later = hasAfter ? after : {};
  // In the order of the record's form (the database keeps JSON keys in an order of its own).
  const order = Object.keys(labelsOf(recordType));
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const keys = [...new Set([...Object.keys(earlier), ...Object.keys(later)])].sort(
    (a, b) => rank(a) - rank(b),
  );
  const lines: ChangeLine[] = [];
  for (const key of keys) {
    if (hasBefore && hasAfter && same(earlier[key], later[key])) continue;
    // A record made or removed: its empty fields and unticked boxes say nothing.
    const shown = hasAfter ? later[key] : earlier[key];
    if ((!hasBefore || !hasAfter) && (shown === false || words(key, shown) === EMPTY)) continue;
    lines.push({
      label: fieldLabel(recordType, key),
      before: hasBefore ? words(key, earlier[key]) : null,
      after: hasAfter ? words(key, later[key]) : null,
    });
  }
  return lines;
}

/** 'Date: Sat 12 Dec, 6:30 PM → Wed 25 Nov, 8:00 AM' (or 'Title: …' for a new record). */
export function changeLineText(line: ChangeLine): string {
  if (line.before === null) return `${line.label}: ${line.after ?? EMPTY}`;
  if (line.after === null) return `${line.label}: ${line.before} (removed)`;
  return `${line.label}: ${line.before} → ${line.after}`;
}
