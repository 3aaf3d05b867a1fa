import { formatAmount } from './format';
import { MAX_AMOUNT_CENTS } from './statuses';

/**
 * Amounts as staff type them in the console: dollars ("25", "25.5", "$25.00", "1,250"), stored
 * as integer cents. Shown back with `formatAmount` (./format.ts). Prices, payments and refunds
 * share one ceiling, MAX_AMOUNT_CENTS (./statuses.ts).
 */

export type DollarsParse = { ok: true; cents: number } | { ok: false; message: string };

/**
 * Dollars as typed into a form, to cents, or a sentence that says what is wrong: whole cents
 * only (at most two decimals), never negative, commas as thousands separators allowed.
 */
export function parseDollars(
  raw: unknown,
  label: string,
  { allowZero = false }: { allowZero?: boolean } = {},
): DollarsParse {
  const text =
    typeof raw === 'string'
      ? raw
          .trim()
          .replace(/^\$\s*/, '')
          .replace(/,(?=\d{3}(\D|$))/g, '')
      : '';
  if (text === '') {
    return { ok: false, message: `${label}: enter an amount in dollars, such as 25.00.` };
  }
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) {
    return {
      ok: false,
      message: `${label} must be an amount in dollars with at most two decimals, such as 25.00.`,
    };
  }
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents === 0 && !allowZero) return { ok: false, message: `${label} must be more than $0.00.` };
  if (cents > MAX_AMOUNT_CENTS) {
    return { ok: false, message: `${label} must be at most ${formatAmount(MAX_AMOUNT_CENTS)}.` };
  }
  return { ok: true, cents };
}

/** Cents as a form shows them back for editing: "25.00". */
export function centsToDollarsInput(cents: number): string {
  return (cents / 100).toFixed(2);
}
