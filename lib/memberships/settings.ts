import 'server-only';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { requiredEmail, requiredLine } from '@/lib/api/contract';
import { type ChangeActor, recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { normalizeEmail } from '@/lib/db/queries';
import { memberships, membershipTypes, membershipYears } from '@/lib/db/schema';
import { formatAmount, isCalendarDay } from './format';
import { type EtransferSettings, instructionsProblem } from './instructions';
import { parseDollars } from './price-input';

/**
 * The year's membership settings (membership.settings): where applicants send their e-Transfer,
 * what to write (with the places lib/memberships/instructions.ts fills), how many days an
 * application may wait for its payment, whether applications are open; and the types on sale
 * with their prices, sale windows and validity. Each save writes its audit entry in the same transaction.
 */

/** Every membership year, newest first, with its types in their order and how many use each. */
export async function readMembershipSettings(db: Database) {
  const [years, types, used] = await Promise.all([
    db.select().from(membershipYears).orderBy(desc(membershipYears.year)),
    db
      .select()
      .from(membershipTypes)
      .orderBy(asc(membershipTypes.sortOrder), asc(membershipTypes.id)),
    db
      .select({ typeId: memberships.typeId, rows: count() })
      .from(memberships)
      .groupBy(memberships.typeId),
  ]);
  return years.map((year) => ({
    ...year,
    types: types
      .filter((type) => type.year === year.year)
      .map((type) => ({
        ...type,
        memberships: used.find((row) => row.typeId === type.id)?.rows ?? 0,
      })),
  }));
}

/** The year's e-Transfer address and instructions, for the pages that show how to pay. */
export async function readEtransferSettings(
  db: Pick<Database, 'select'>,
  year: number,
): Promise<EtransferSettings | null> {
  const [row] = await db
    .select({
      etransferAddress: membershipYears.etransferAddress,
      etransferInstructions: membershipYears.etransferInstructions,
    })
    .from(membershipYears)
    .where(eq(membershipYears.year, year));
  return row ?? null;
}

const instructions = z
  .string()
  .trim()
  .min(1, 'Instructions are required: say what to write in the e-Transfer message.')
  .max(2000, 'Instructions must be at most 2000 characters.')
  .superRefine((text, context) => {
    const problem = instructionsProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** The days an application may wait for its payment (membership_years.unpaid_application_days). */
export const UNPAID_DAYS_MIN = 1;
export const UNPAID_DAYS_MAX = 365;

const unpaidDays = z
  .string({ error: 'Days to pay are required.' })
  .trim()
  .transform((value, context) => {
    const days = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
    if (days >= UNPAID_DAYS_MIN && days <= UNPAID_DAYS_MAX) return days;
    context.addIssue({
      code: 'custom',
      message: `Days to pay must be a whole number of days from ${UNPAID_DAYS_MIN} to ${UNPAID_DAYS_MAX}.`,
    });
    return z.NEVER;
  });

export const yearSettingsSchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  etransferAddress: requiredEmail().transform(normalizeEmail),
  etransferInstructions: instructions,
  unpaidApplicationDays: unpaidDays,
  acceptingApplications: z.boolean(),
});

export type YearSettings = z.infer<typeof yearSettingsSchema>;

export type SettingsOutcome =
  { ok: true; id: number; name: string } | { ok: false; field?: string; message: string };

export async function saveYearSettings(
  db: Database,
  staff: ChangeActor,
  input: YearSettings,
): Promise<SettingsOutcome> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(membershipYears)
      .where(eq(membershipYears.year, input.year));
    if (!before) return { ok: false, message: `There is no ${input.year} membership year.` };
    await tx
      .update(membershipYears)
      .set({
        etransferAddress: input.etransferAddress,
        etransferInstructions: input.etransferInstructions,
        unpaidApplicationDays: input.unpaidApplicationDays,
        acceptingApplications: input.acceptingApplications,
        updatedAt: new Date(),
      })
      .where(eq(membershipYears.year, input.year));
    await recordChange(tx, staff, {
      action: 'membership.settings',
      recordType: 'membershipYear',
      recordId: input.year,
      summary: `Changed the ${input.year} membership settings${
        before.acceptingApplications === input.acceptingApplications
          ? ''
          : input.acceptingApplications
            ? ' (applications open)'
            : ' (applications closed)'
      }`,
      before: {
        etransferAddress: before.etransferAddress,
        etransferInstructions: before.etransferInstructions,
        unpaidApplicationDays: before.unpaidApplicationDays,
        acceptingApplications: before.acceptingApplications,
      },
      after: {
        etransferAddress: input.etransferAddress,
        etransferInstructions: input.etransferInstructions,
        unpaidApplicationDays: input.unpaidApplicationDays,
        acceptingApplications: input.acceptingApplications,
      },
    });
    return { ok: true, id: input.year, name: String(input.year) };
  });
}

const day = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .refine(isCalendarDay, `${label} must be a date such as 2026-09-01.`);

/** The type form's values, as the inputs post them (price in dollars). */
export const membershipTypeSchema = z
  .object({
    id: z
      .string()
      .trim()
      .transform((value, context) => {
        if (value === '') return null;
        if (/^\d{1,9}$/.test(value)) return Number(value);
        context.addIssue({ code: 'custom', message: 'This membership type no longer exists.' });
        return z.NEVER;
      }),
    year: z.coerce.number().int().min(2000).max(2100),
    name: requiredLine('Name', 60),
    description: z.string().trim().max(300, 'Description must be at most 300 characters.'),
    price: z.string().transform((value, context) => {
      const parsed = parseDollars(value, 'Price', { allowZero: true });
      if (parsed.ok) return parsed.cents;
      context.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
    saleOpensOn: day('Sale opens'),
    saleClosesOn: day('Sale closes'),
    validFrom: day('Valid from'),
    validUntil: day('Valid until'),
  })
  .superRefine((type, context) => {
    // ISO days compare as text.
    if (type.saleOpensOn > type.saleClosesOn) {
      context.addIssue({
        code: 'custom',
        path: ['saleClosesOn'],
        message: 'The sale must close on or after the day it opens.',
      });
    }
    if (type.validFrom > type.validUntil) {
      context.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: 'The validity must end on or after the day it starts.',
      });
    }
  });

export type MembershipTypeInput = z.infer<typeof membershipTypeSchema>;

/** Adds a type (`id` null) or saves one; names are unique within a year. */
export async function saveMembershipType(
  db: Database,
  staff: ChangeActor,
  input: MembershipTypeInput,
): Promise<SettingsOutcome> {
  return db.transaction(async (tx) => {
    const [year] = await tx
      .select({ year: membershipYears.year })
      .from(membershipYears)
      .where(eq(membershipYears.year, input.year));
    if (!year) return { ok: false, message: `There is no ${input.year} membership year.` };
    const [sameName] = await tx
      .select({ id: membershipTypes.id })
      .from(membershipTypes)
      .where(
        and(
          eq(membershipTypes.year, input.year),
          eq(membershipTypes.name, input.name),
          ...(input.id === null ? [] : [ne(membershipTypes.id, input.id)]),
        ),
      );
    if (sameName) {
      return {
        ok: false,
        field: 'name',
        message: `${input.year} already has a type named “${input.name}”: choose another name.`,
      };
    }
    const values = {
      name: input.name,
      description: input.description,
      priceCents: input.price,
      saleOpensOn: input.saleOpensOn,
      saleClosesOn: input.saleClosesOn,
      validFrom: input.validFrom,
      validUntil: input.validUntil,
    };
    const shown = (type: typeof values) => ({
      ...type,
      price: formatAmount(type.priceCents),
    });
    if (input.id === null) {
      const [{ sortOrder = 0 } = {}] = await tx
        .select({ sortOrder: membershipTypes.sortOrder })
        .from(membershipTypes)
        .where(eq(membershipTypes.year, input.year))
        .orderBy(desc(membershipTypes.sortOrder))
        .limit(1);
      const [created] = await tx
        .insert(membershipTypes)
        .values({ ...values, year: input.year, sortOrder: sortOrder + 1 })
        .returning({ id: membershipTypes.id });
      await recordChange(tx, staff, {
        action: 'membershipType.create',
        recordType: 'membershipType',
        recordId: created!.id,
        summary: `Added the membership type “${input.name}” (${formatAmount(input.price)}) for ${input.year}`,
        after: shown(values),
      });
      return { ok: true, id: created!.id, name: input.name };
    }
    const [before] = await tx
      .select()
      .from(membershipTypes)
      .where(and(eq(membershipTypes.id, input.id), eq(membershipTypes.year, input.year)));
    if (!before) return { ok: false, message: 'This membership type no longer exists.' };
    await tx.update(membershipTypes).set(values).where(eq(membershipTypes.id, input.id));
    await recordChange(tx, staff, {
      action: 'membershipType.update',
      recordType: 'membershipType',
      recordId: input.id,
      summary:
        before.priceCents === input.price
          ? `Changed the membership type “${input.name}”`
          : `Changed the price of “${input.name}” from ${formatAmount(before.priceCents)} to ${formatAmount(input.price)}`,
      before: shown(before),
      after: shown(values),
    });
    return { ok: true, id: input.id, name: input.name };
  });
}
