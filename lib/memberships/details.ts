import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/queries';
import { auditLog, type Membership, membershipChangeRequests, memberships } from '@/lib/db/schema';
import { formatConsoleDateTime } from '@/lib/site/format';
import { applicationFieldMessages, membershipApplicationSchema } from './application-schema';
import {
  CORRECTION_REASON_LENGTH,
  DETAIL_FIELDS,
  DETAIL_LABELS,
  type DetailField,
  type DetailValues,
} from './detail-fields';
import { lockMembership, membershipLabel, type MembershipStaff } from './payment-lock';

/**
 * Staff correct a membership's details (club-operations.md: names, emails, program, year): the
 * coordinator's and super admin's work (`memberships.editDetails`), on the member's page or from
 * a confirmed change request in the inbox, always with a reason.
 *
 * The values pass the application's own rules (application-schema.ts), so a corrected membership
 * is one an applicant could have sent: a uOttawa address stays `@uottawa.ca`, and the database's
 * unique index keeps it to one confirmed, not cancelled application per address and year.
 *
 * One transaction under the membership's row lock: the row, the audit entry (the changed fields
 * before and after, and the reason) and, when the correction applies a change request, the
 * request marked applied and handled. The status does not change, so the status history does
 * not either: the member's page lists the corrections from their audit entries.
 */

/** The audit log's action for a correction: the member's page reads its entries back. */
export const CORRECTION_ACTION = 'membership.details';

const detailsSchema = z.pick(membershipApplicationSchema, {
  legalName: true,
  preferredName: true,
  uottawaEmail: true,
  personalEmail: true,
  program: true,
  yearOfStudy: true,
  expectedGraduationYear: true,
});

type Details = Pick<Membership, DetailField>;

/** A membership's details as the correction form shows them. */
export function detailValuesOf(membership: Details): DetailValues {
  return {
    legalName: membership.legalName,
    preferredName: membership.preferredName,
    uottawaEmail: membership.uottawaEmail,
    personalEmail: membership.personalEmail ?? '',
    program: membership.program,
    yearOfStudy: membership.yearOfStudy,
    expectedGraduationYear: String(membership.expectedGraduationYear),
  };
}

export type CorrectionInput = {
  membershipId: number;
  /** The form's values, as typed: checked here with the application's rules. */
  values: Partial<Record<DetailField, unknown>>;
  /** Why, in words: required (it is kept in the audit log and shown on the member's page). */
  reason: string;
  /** The confirmed change request of this membership that the correction applies, if any. */
  changeRequestId?: number | null;
  now?: Date;
};

export type CorrectionResult =
  | { ok: true; message: string; changed: DetailField[] }
  | { ok: false; message: string; fields?: Partial<Record<DetailField, string>> };

const refuse = (message: string, fields?: Partial<Record<DetailField, string>>) =>
  ({ ok: false, message, ...(fields ? { fields } : {}) }) as const;

export const NOTHING_CHANGED_MESSAGE =
  'Nothing changed: the details are as they were. Change a field, or leave the form.';

/** The words of the unique index's refusal: the address is another application's this year. */
function addressTakenMessage(email: string): string {
  return `Another confirmed application of this membership year has the uOttawa email ${email}: one address, one application. Check the address, or cancel the other application first if it was made in error.`;
}

/** Corrects a membership's details; see the module's comment. */
export async function correctMembershipDetails(
  db: Database,
  staff: MembershipStaff,
  input: CorrectionInput,
): Promise<CorrectionResult> {
  const now = input.now ?? new Date();
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  const parsed = detailsSchema.safeParse(input.values);
  if (!parsed.success) {
    const fields = applicationFieldMessages(parsed.error) as Partial<Record<DetailField, string>>;
    return refuse(`Check the details: ${Object.values(fields).join(' ')}`, fields);
  }
  if (!reason) return refuse('Give the reason for the correction: it is kept in the history.');
  if (reason.length > CORRECTION_REASON_LENGTH) {
    return refuse(`Give the reason in at most ${CORRECTION_REASON_LENGTH} characters.`);
  }
  const wanted: Details = { ...parsed.data, personalEmail: parsed.data.personalEmail ?? null };

  try {
    return await db.transaction(async (tx): Promise<CorrectionResult> => {
      const membership = await lockMembership(tx, input.membershipId);
      if (!membership) return refuse('This membership no longer exists.');
      if (membership.erasedAt) {
        return refuse('This person’s data was erased on request: there is nothing to correct.');
      }
      const changed = DETAIL_FIELDS.filter((field) => membership[field] !== wanted[field]);

      let request: typeof membershipChangeRequests.$inferSelect | undefined;
      if (input.changeRequestId !== undefined && input.changeRequestId !== null) {
        [request] = await tx
          .select()
          .from(membershipChangeRequests)
          .where(eq(membershipChangeRequests.id, input.changeRequestId))
          .for('update');
        if (!request) return refuse('This change request no longer exists.');
        if (request.membershipId !== membership.id) {
          return refuse('This change request is not about this membership.');
        }
        if (!request.confirmedAt) {
          return refuse(
            'This change request is not confirmed from the membership’s uOttawa email yet: it cannot be applied.',
          );
        }
        if (request.appliedAt) {
          return refuse(
            `This change request was already applied, ${formatConsoleDateTime(request.appliedAt)}.`,
          );
        }
      }
      if (changed.length === 0) return refuse(NOTHING_CHANGED_MESSAGE);

      const before = Object.fromEntries(changed.map((field) => [field, membership[field]]));
      const after = Object.fromEntries(
        changed.map((field) => [field, wanted[field]]),
      ) as Partial<Details>;
      await tx.update(memberships).set(after).where(eq(memberships.id, membership.id));
      if (request) {
        await tx
          .update(membershipChangeRequests)
          .set({
            appliedAt: now,
            handledAt: request.handledAt ?? now,
            readAt: request.readAt ?? now,
          })
          .where(eq(membershipChangeRequests.id, request.id));
      }
      const fields = changed.map((field) => DETAIL_LABELS[field].toLowerCase()).join(', ');
      const label = membershipLabel({ ...membership, legalName: wanted.legalName });
      await recordChange(
        tx,
        staff,
        {
          action: CORRECTION_ACTION,
          recordType: 'membership',
          recordId: membership.id,
          summary: `${label}: corrected the ${fields}${request ? ` as asked in change request #${request.id}` : ''} (${reason})`,
          before,
          after: { ...after, reason },
        },
        now,
      );
      return {
        ok: true,
        changed,
        message: `${label}: the ${fields} ${changed.length === 1 ? 'is' : 'are'} corrected${request ? ', and the change request is marked applied' : ''}.`,
      };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const message = addressTakenMessage(wanted.uottawaEmail);
    return refuse(message, { uottawaEmail: message });
  }
}

/** One correction of a member's details, as their page lists it. */
export type Correction = {
  id: number;
  at: Date;
  actorName: string;
  reason: string | null;
  lines: Array<{ label: string; before: string; after: string }>;
};

function shown(value: unknown): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

/** The corrections of a membership's details, oldest first, from their audit entries. */
export async function correctionsOf(db: Database, membershipId: number): Promise<Correction[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, CORRECTION_ACTION),
        eq(auditLog.recordType, 'membership'),
        eq(auditLog.recordId, String(membershipId)),
      ),
    )
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return rows.map((row) => {
    const before = (row.before ?? {}) as Record<string, unknown>;
    const after = (row.after ?? {}) as Record<string, unknown>;
    return {
      id: row.id,
      at: row.at,
      actorName: row.actorName,
      reason: typeof after.reason === 'string' ? after.reason : null,
      lines: DETAIL_FIELDS.filter((field) => field in before || field in after).map((field) => ({
        label: DETAIL_LABELS[field],
        before: shown(before[field]),
        after: shown(after[field]),
      })),
    };
  });
}
