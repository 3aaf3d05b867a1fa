import { and, notInArray, notLike, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Finance facts (amounts, payment references, the bank's transaction references) are for the
 * roles with `payments.read` only (club-operations.md, 'Roles for membership': the coordinator
 * sees only whether a membership is paid). They are taken out where they are READ, not where they
 * are written, so entries and emails written before this rule are covered too: the audit log
 * (lib/audit/read.ts), the dashboard's recent changes and the console's emails page all go
 * through here. Pure: pages, data functions and tests share it.
 */

/** What a hidden amount reads as. */
export const HIDDEN_AMOUNT = '[amount hidden]';
/** What a hidden payment reference reads as. */
export const HIDDEN_REFERENCE = '[reference hidden]';

/**
 * A membership's payment reference (`M26-7KQ4XW`), in any case, as staff may retype it in a
 * reason; wider than the alphabet the application draws from, so a mistyped one is hidden too.
 */
const PAYMENT_REFERENCE = /(?<![\p{L}\p{N}])M\d{2}-[A-Z0-9]{6}(?![\p{L}\p{N}])/giu;

/**
 * An amount of money as the console writes it (`CA$25.00`, `$5`, `€10`) or as staff type it in a
 * reason (`25 CAD`, `CAD 25.00`, `25 dollars`).
 */
const AMOUNT =
  /(?:[A-Z]{1,3})?[$€£¥]\s?\d[\d,]*(?:\.\d+)?|\b(?:CAD|USD)\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:CAD|USD|dollars?)\b/giu;

/** `text` with its amounts and payment references replaced by words saying they are hidden. */
export function withoutFinanceFacts(text: string): string {
  return text.replace(PAYMENT_REFERENCE, HIDDEN_REFERENCE).replace(AMOUNT, HIDDEN_AMOUNT);
}

/** Whether `text` names an amount or a payment reference. */
export function namesFinanceFacts(text: string): boolean {
  return withoutFinanceFacts(text) !== text;
}

/**
 * The audit entries of finance's own work: their summaries name the bank's transaction
 * references, which no pattern can recognise, so a role without payments.read does not see them
 * at all (whatever an entry of these kinds was written with).
 */
const FINANCE_ACTIONS = ['membership.activate', 'membership.refund', 'payment.export'];
const FINANCE_ACTION_PREFIXES = ['membership.payment', 'membership.refund.', 'payment.'];

export function isFinanceAction(action: string): boolean {
  return (
    FINANCE_ACTIONS.includes(action) ||
    FINANCE_ACTION_PREFIXES.some((prefix) => action.startsWith(prefix))
  );
}

/** The SQL condition 'not an entry of finance's work' on an audit log's action column. */
export function notFinanceAction(action: AnyPgColumn): SQL {
  return and(
    notInArray(action, FINANCE_ACTIONS),
    ...FINANCE_ACTION_PREFIXES.map((prefix) => notLike(action, `${prefix}%`)),
  )!;
}

/** The keys of an audit entry's values that are money or references, whatever the record. */
const FINANCE_KEYS = new Set([
  'paymentReference',
  'transactionReference',
  'amountCents',
  'priceCents',
  'price',
  'amount',
  'refundedCents',
  'paidCents',
  'currency',
]);

/**
 * An audit entry's before or after values without money: the finance keys dropped, amounts and
 * references in the other values hidden.
 */
export function valuesWithoutFinanceFacts(values: unknown): unknown {
  if (typeof values === 'string') return withoutFinanceFacts(values);
  if (Array.isArray(values)) return values.map(valuesWithoutFinanceFacts);
  if (typeof values !== 'object' || values === null) return values;
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key]) => !FINANCE_KEYS.has(key))
      .map(([key, value]) => [key, valuesWithoutFinanceFacts(value)]),
  );
}

/** An audit entry as a role without payments.read reads it. */
export function auditEntryWithoutFinanceFacts<
  T extends { summary: string; before?: unknown; after?: unknown },
>(entry: T): T {
  const read = { ...entry, summary: withoutFinanceFacts(entry.summary) };
  if ('before' in entry) read.before = valuesWithoutFinanceFacts(entry.before);
  if ('after' in entry) read.after = valuesWithoutFinanceFacts(entry.after);
  return read;
}
