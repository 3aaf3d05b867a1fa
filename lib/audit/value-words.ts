/**
 * The kinds of value an audit entry holds, in the words the console uses elsewhere: moments and
 * days in the club's time ('Sat 12 Dec, 6:30 PM'), amounts with their currency ('CA$30.00'), a
 * payment's or refund's state, a membership year ('2026–27'), a term ('Fall 2026'). Pure: the
 * audit log's lines, the names of the records they point to and the tests share it.
 */
import { CLUB_TIME_ZONE } from '@/lib/db/time';
import { formatAmount } from '@/lib/memberships/format';
import { CLUB_CURRENCY, type PaymentState, type RefundState } from '@/lib/memberships/statuses';

/** An ISO instant as JSON keeps a `Date`: '2026-12-12T23:30:00.000Z'. */
export const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** A calendar day: '2026-12-12'. */
export const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

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

/**
 * 'Sat 12 Dec' from '2026-12-12' (a calendar day: no time zone shifts it), with the year when it
 * is not the year of `now` in the club's time zone; the text as it is when it is no day.
 */
export function clubDayWords(day: string, now: Date = new Date()): string {
  const match = CALENDAR_DATE.exec(day);
  if (!match) return day;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const noon = new Date(Date.UTC(year, month - 1, date, 12));
  if (Number.isNaN(noon.getTime()) || noon.getUTCDate() !== date) return day;
  const part = partsOf(noon, { weekday: 'short', day: 'numeric', month: 'short' }, 'UTC');
  const thisYear = Number(partsOf(now, { year: 'numeric' }, CLUB_TIME_ZONE)('year'));
  return `${part('weekday')} ${part('day')} ${part('month')}${thisYear === year ? '' : ` ${year}`}`;
}

/** 'CA$30.00' from 3000 cents; the club's currency when the entry does not name one. */
export function moneyWords(cents: number, currency: unknown): string {
  return formatAmount(cents, typeof currency === 'string' && currency ? currency : CLUB_CURRENCY);
}

/** A payment's state, as the member's page in the console says it. */
export const PAYMENT_STATE_WORDS: Record<PaymentState, string> = {
  recorded: 'Recorded, to confirm',
  confirmed: 'Confirmed',
  flagged: 'Flagged',
  returned: 'Returned: the money went back',
  reversed: 'Reversed by the bank',
};

/** A refund's state, as the member's page in the console says it. */
export const REFUND_STATE_WORDS: Record<RefundState, string> = {
  pending: 'To send',
  done: 'Sent',
  cancelled: 'Cancelled: the bank took its payment back',
  undone: 'Undone: recorded by mistake, never sent',
};

/** '2026–27' from 2026: the membership year as the console says it everywhere. */
export { membershipYearName as membershipYearWords } from '@/lib/memberships/format';

/** 'Fall 2026' from a term's key, '2026-fall' (lib/admin/numbers.ts); the key as it is if not. */
export function termWords(key: string): string {
  const match = /^(\d{4})-([a-z]+)$/.exec(key);
  if (!match) return key;
  return `${match[2]!.charAt(0).toUpperCase()}${match[2]!.slice(1)} ${match[1]}`;
}
