import 'server-only';
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/queries';
import { membershipYears, memberships } from '@/lib/db/schema';
import { queueEmail } from '@/lib/mail/outbox';
import type { MembershipApplication } from './application-schema';
import { membershipMailContext } from './emails';
import { moveMembershipStatus } from './history';
import { typesOnSale } from './offer';
import {
  DEFAULT_NEXT_STEPS,
  type ReceivedEmailWords,
  applicationReceivedEmail,
} from './public-emails';

/**
 * An application for membership (club-operations.md, 'The application'): one transaction stores
 * it as pending with the type's price and validity, records the first status change and audit
 * entry, and queues the 'Application received' email. One application per uOttawa email and
 * membership year: the unique index decides, so two submissions at the same moment make one.
 */

/** Letters and digits nobody misreads: no 0/O, 1/I/L. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const REFERENCE_LENGTH = 6;

/** `M26-7KQ4XW`: M, the membership year's last two digits, six unambiguous characters. */
export function newPaymentReference(year: number): string {
  let code = '';
  for (let index = 0; index < REFERENCE_LENGTH; index += 1) {
    code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  }
  return `M${String(year % 100).padStart(2, '0')}-${code}`;
}

export const PAYMENT_REFERENCE_PATTERN = /^M\d{2}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

export const NOT_ON_SALE_MESSAGE =
  'This membership type is not on sale any more. Reload the page and choose one of the types offered.';

/** What a second application for the same email and year is told: what to do instead. */
export function alreadyAppliedMessage(year: number): string {
  return `An application with this uOttawa email already exists for the ${year}–${String((year + 1) % 100).padStart(2, '0')} membership year, so we did not make a second one. Lost your payment reference or member ID? Use 'I forgot my member ID' on the membership page, or write to the membership coordinator through 'Change my details': they will help you.`;
}

/** What the applicant sees and is emailed: how to pay. */
export type ApplicationReceipt = {
  membershipId: number;
  paymentReference: string;
  typeName: string;
  priceCents: number;
  currency: string;
  validFrom: string;
  validUntil: string;
  etransferAddress: string;
  etransferInstructions: string;
  uottawaEmail: string;
};

export type ApplyResult =
  | { ok: true; receipt: ApplicationReceipt }
  | { ok: false; code: 'not_on_sale' | 'already_applied'; message: string };

/** Reference collisions are one in a billion; a few fresh draws settle any. */
const REFERENCE_ATTEMPTS = 4;

export async function applyForMembership(
  db: Database,
  input: MembershipApplication,
  now: Date,
  words: ReceivedEmailWords = { nextSteps: DEFAULT_NEXT_STEPS },
): Promise<ApplyResult> {
  const email = input.uottawaEmail.trim().toLowerCase();
  for (let attempt = 1; ; attempt += 1) {
    let year: number | null = null;
    try {
      return await db.transaction(async (tx) => {
        const [type] = await typesOnSale(tx, now, { typeId: input.membershipTypeId });
        if (!type) {
          return { ok: false, code: 'not_on_sale', message: NOT_ON_SALE_MESSAGE } as const;
        }
        year = type.year;
        const earlier = await tx
          .select({ id: memberships.id })
          .from(memberships)
          .where(
            and(
              eq(memberships.year, type.year),
              sql`lower(trim(${memberships.uottawaEmail})) = ${email}`,
            ),
          )
          .limit(1);
        if (earlier.length > 0) {
          return {
            ok: false,
            code: 'already_applied',
            message: alreadyAppliedMessage(type.year),
          } as const;
        }
        const [row] = await tx
          .insert(memberships)
          .values({
            year: type.year,
            typeId: type.id,
            paymentReference: newPaymentReference(type.year),
            status: 'pending',
            legalName: input.legalName,
            preferredName: input.preferredName,
            uottawaEmail: email,
            program: input.program,
            yearOfStudy: input.yearOfStudy,
            expectedGraduationYear: input.expectedGraduationYear,
            industries: input.industries,
            notificationConsent: input.notificationConsent,
            termsAcceptedAt: now,
            personalEmail: input.personalEmail,
            wechatId: input.wechatId,
            linkedinUrl: input.linkedinUrl,
            preferredEventKinds: input.preferredEventKinds,
            priceCents: type.priceCents,
            currency: type.currency,
            validFrom: type.validFrom,
            validUntil: type.validUntil,
            createdAt: now,
          })
          .returning();
        if (!row) throw new Error('The membership application was not stored.');
        await moveMembershipStatus(tx, {
          membershipId: row.id,
          from: null,
          to: 'pending',
          actor: 'applicant',
          reason: null,
          action: 'membership.apply',
          summary: `${input.legalName} applied for the ${type.name} membership (${row.paymentReference})`,
          after: { type: type.name, paymentReference: row.paymentReference },
          at: now,
        });
        const context = await membershipMailContext(tx, row.id);
        if (!context) throw new Error('The membership just stored could not be read back.');
        await queueEmail(tx, {
          dedupeKey: `membership-received:${row.id}`,
          kind: 'membership-received',
          to: email,
          email: applicationReceivedEmail(context, words),
          membershipId: row.id,
        });
        return {
          ok: true,
          receipt: {
            membershipId: row.id,
            paymentReference: row.paymentReference,
            typeName: type.name,
            priceCents: row.priceCents,
            currency: row.currency,
            validFrom: row.validFrom,
            validUntil: row.validUntil,
            etransferAddress: context.etransferAddress,
            etransferInstructions: context.etransferInstructions,
            uottawaEmail: email,
          },
        } as const;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another application for this email won the race (the unique index refused this one), or,
      // once in a billion, the reference was drawn before: then draw again.
      const knownYear: number | null = year;
      if (knownYear !== null && (await hasApplied(db, knownYear, email))) {
        return {
          ok: false,
          code: 'already_applied',
          message: alreadyAppliedMessage(knownYear),
        };
      }
      if (attempt >= REFERENCE_ATTEMPTS) throw error;
    }
  }
}

async function hasApplied(db: Database, year: number, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(eq(memberships.year, year), sql`lower(trim(${memberships.uottawaEmail})) = ${email}`),
    )
    .limit(1);
  return rows.length > 0;
}

/** The year's e-Transfer settings (for pages that show how to pay before anyone applies). */
export async function etransferSettings(db: Pick<Database, 'select'>, year: number) {
  const [row] = await db
    .select({
      address: membershipYears.etransferAddress,
      instructions: membershipYears.etransferInstructions,
    })
    .from(membershipYears)
    .where(eq(membershipYears.year, year));
  return row ?? null;
}
