import { fillCopy } from '@/lib/copy/fill';
import { formatAmount } from './format';

/**
 * The year's e-Transfer instructions are written once, in the membership settings, with places
 * for what changes: `{address}` (the year's e-Transfer address), `{amount}` (what this applicant
 * owes) and `{reference}` (their payment reference). They are filled when shown (the join page,
 * the confirmation page, the emails), so changing the address in the settings changes it inside
 * the instructions too, and nobody reads a sample reference as theirs. The `{name}` syntax is the
 * copy catalogue's (lib/copy/fill.ts). Pure: pages, the browser and emails share it.
 */

export const INSTRUCTION_PLACEHOLDERS = ['address', 'amount', 'reference'] as const;

/** The year's settings the instructions are filled from (a `membership_years` row has them). */
export type EtransferSettings = { etransferAddress: string; etransferInstructions: string };

/**
 * What fills `{amount}` and `{reference}`: an application's own amount and reference, or, before
 * anyone applied (the join page), words that stand for them ('your payment reference').
 */
export type InstructionValues =
  | { amountCents: number; currency: string; reference: string }
  | { amountWords: string; referenceWords: string };

/** The instructions as the applicant reads them: every placeholder filled. */
export function etransferInstructionsFor(
  settings: EtransferSettings,
  values: InstructionValues,
): string {
  const known =
    'reference' in values
      ? { amount: formatAmount(values.amountCents, values.currency), reference: values.reference }
      : { amount: values.amountWords, reference: values.referenceWords };
  return fillCopy(settings.etransferInstructions, {
    address: settings.etransferAddress,
    ...known,
  });
}

const PLACES = /\{([^{}]*)\}/g;
/** An email address written out: it would stay the same when the settings' address changes. */
const WRITTEN_ADDRESS = /[^\s@{}()<>,;:"]+@[^\s@{}()<>,;:"]+\.[a-z]{2,}/i;
/** A payment reference written out (`M26-7KQ4XW`): applicants would take it for theirs. */
const WRITTEN_REFERENCE = /\bM\d{2}-[A-Z0-9]{6}\b/i;

const placeholderList = INSTRUCTION_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

/**
 * Why these instructions cannot be saved, in words for staff, or null when they can: a place
 * that is not one of the three, or an address or reference written out instead of its place.
 */
export function instructionsProblem(text: string): string | null {
  for (const [whole, name] of text.matchAll(PLACES)) {
    if (!(INSTRUCTION_PLACEHOLDERS as readonly string[]).includes(name ?? '')) {
      return `${whole} is not a placeholder the instructions know: use ${placeholderList}.`;
    }
  }
  if (WRITTEN_ADDRESS.test(text)) {
    return 'Write {address} instead of the email address itself: it is replaced by the e-Transfer address above, so the instructions follow it when it changes.';
  }
  if (WRITTEN_REFERENCE.test(text)) {
    return 'Write {reference} instead of a sample payment reference: each applicant then sees their own.';
  }
  return null;
}
