/**
 * Amounts and days as the club writes them to members and staff. Pure: pages, the console and
 * emails share it.
 */

const amountFormatters = new Map<string, Intl.NumberFormat>();

/** `CA$25.00` from 2500 cents of CAD: the currency always shown, so no one reads US dollars. */
export function formatAmount(cents: number, currency = 'CAD'): string {
  let formatter = amountFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en', { style: 'currency', currency });
    amountFormatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

const dayFormatter = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' });

/** `August 31, 2027` from `2027-08-31` (a calendar day, with no time zone to shift it). */
export function formatDay(day: string): string {
  return dayFormatter.format(new Date(`${day}T00:00:00Z`));
}

/** `September 1, 2026 to August 31, 2027`. */
export function formatValidity(validFrom: string, validUntil: string): string {
  return `${formatDay(validFrom)} to ${formatDay(validUntil)}`;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (not `2026-02-30`). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The day `days` after `day` (both `YYYY-MM-DD`). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** '2026–27' from 2026, the calendar year a membership year starts in (its member IDs' `26`). */
export function membershipYearName(year: number): string {
  return `${year}–${String((year + 1) % 100).padStart(2, '0')}`;
}
