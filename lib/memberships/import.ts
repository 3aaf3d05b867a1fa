import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/queries';
import { memberships, membershipTypes, membershipYears } from '@/lib/db/schema';
import { clubDate, clubInstant } from '@/lib/db/time';
import { uottawaEmailKey } from './application-schema';
import { newPaymentReference } from './apply';
import { moveMembershipStatus } from './history';
import { type CsvRow, parseMembersCsv, yearLabel } from './import-csv';
import {
  type Context,
  type ImportRowVerdict,
  type RowValues,
  type TypeRow,
  verdicts,
} from './import-rows';
import { normalizeMemberId, takeNextMemberId } from './member-id';
import type { MembershipStaff } from './payment-lock';
import { MEMBERSHIP_STATUS_NAMES } from './statuses';

/**
 * Importing last year's members from a CSV (the club kept them in a spreadsheet before the
 * console): a preview that writes nothing and says each row's problems in words, then the import
 * of every ready row in one transaction, each with its status history and audit entry.
 *
 * - Member IDs given are kept (never changed once given, club-operations.md), and the year's
 *   counter moves past the highest one, so IDs given later never collide; a row without one gets
 *   the year's next ID.
 * - The status is Active or Expired as the file says; an empty status is Active while the
 *   validity lasts, Expired after.
 * - No payment record: payments are finance's (recorded, confirmed, with a transaction
 *   reference), the coordinator who imports may not record one, and the payment methods have no
 *   'imported' kind. An imported membership says 'Not paid' until finance records what is owed.
 * - The preview is never trusted: the confirmation sends the file again, with its SHA-256 and the
 *   rows the preview found ready, and the server reads and checks it again; it refuses when the
 *   file or the verdict changed (someone applied meanwhile, an ID was given).
 * - A row that is already a membership of its year (same uOttawa email, same member ID or none)
 *   is skipped, not a problem: importing the same file twice imports nothing the second time.
 * - A file with any row in problem imports nothing: the coordinator fixes it and previews again.
 *
 * Nothing of the file is logged: errors name rows and columns, and the audit entries hold what
 * any membership's entry holds.
 */

export const IMPORT_ACTION = 'membership.import';
export const IMPORT_FILE_ACTION = 'membership.importFile';
export const IMPORT_REASON = 'Imported from CSV';

export type ImportPreview = {
  ok: true;
  sha256: string;
  rows: ImportRowVerdict[];
  counts: { ready: number; duplicates: number; problems: number };
  notes: string[];
};

export type ImportRefusal = { ok: false; message: string; preview?: ImportPreview };

export function sha256Of(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A database or one of its transactions: what the checks read. */
type Reader = Pick<Database, 'select'>;

async function loadContext(db: Reader, rows: CsvRow[], now: Date): Promise<Context> {
  const keys = [
    ...new Set(rows.map((row) => uottawaEmailKey(row.cells.uottawaEmail ?? '')).filter(Boolean)),
  ];
  const ids = [
    ...new Set(
      rows.map((row) => normalizeMemberId(row.cells.memberId ?? '')).filter((id) => id !== null),
    ),
  ];
  const [types, byEmail, byId] = await Promise.all([
    db.select().from(membershipTypes),
    keys.length === 0
      ? []
      : db
          .select({
            year: memberships.year,
            key: memberships.uottawaEmailKey,
            memberId: memberships.memberId,
          })
          .from(memberships)
          .where(
            and(
              inArray(memberships.uottawaEmailKey, keys),
              isNotNull(memberships.emailConfirmedAt),
              ne(memberships.status, 'cancelled'),
            ),
          ),
    ids.length === 0
      ? []
      : db
          .select({
            memberId: memberships.memberId,
            key: memberships.uottawaEmailKey,
            year: memberships.year,
          })
          .from(memberships)
          .where(inArray(memberships.memberId, ids)),
  ]);
  const typesByYear = new Map<number, TypeRow[]>();
  for (const type of types)
    typesByYear.set(type.year, [...(typesByYear.get(type.year) ?? []), type]);
  return {
    typesByYear,
    existingByEmail: new Map(byEmail.map((row) => [`${row.year}:${row.key}`, row])),
    existingByMemberId: new Map(
      byId.map((row) => [row.memberId!, { emailKey: row.key, year: row.year }]),
    ),
    today: clubDate(now),
  };
}

async function check(db: Reader, text: string, now: Date) {
  const parsed = parseMembersCsv(text);
  if (!parsed.ok) return parsed;
  const context = await loadContext(db, parsed.rows, now);
  const { verdictRows, ready } = verdicts(parsed.rows, context);
  const count = (outcome: ImportRowVerdict['outcome']) =>
    verdictRows.filter((row) => row.outcome === outcome).length;
  const preview: ImportPreview = {
    ok: true,
    sha256: sha256Of(text),
    rows: verdictRows,
    counts: { ready: count('ready'), duplicates: count('duplicate'), problems: count('problem') },
    notes: parsed.notes,
  };
  return { ...preview, ready };
}

/** Reads the file and checks every row against the database, writing nothing. */
export async function previewMembersImport(
  db: Database,
  text: string,
  now = new Date(),
): Promise<ImportPreview | ImportRefusal> {
  const checked = await check(db, text, now);
  if (!checked.ok) return checked;
  return {
    ok: true,
    sha256: checked.sha256,
    rows: checked.rows,
    counts: checked.counts,
    notes: checked.notes,
  };
}

export type ImportConfirmation = {
  text: string;
  /** The SHA-256 of the file the preview read. */
  sha256: string;
  /** The rows the preview found ready, by line: the import refuses if they changed. */
  readyLines: readonly number[];
};

export type ImportResult =
  { ok: true; imported: number; duplicates: number; message: string } | ImportRefusal;

/** Imports of the club's memberships run one at a time: each checks what the last one wrote. */
const IMPORT_LOCK = 'membership-import';
const REFERENCE_ATTEMPTS = 3;

/** Checks the file again and imports its ready rows; see the module's comment. */
export async function importMembers(
  db: Database,
  staff: MembershipStaff,
  confirmation: ImportConfirmation,
  now = new Date(),
): Promise<ImportResult> {
  if (sha256Of(confirmation.text) !== confirmation.sha256) {
    return {
      ok: false,
      message: 'The file changed since its preview: preview it again before importing.',
    };
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${IMPORT_LOCK}))`);
        const checked = await check(tx, confirmation.text, now);
        if (!checked.ok) return checked;
        const { ready, ...preview } = checked;
        const wanted = [...confirmation.readyLines].sort((a, b) => a - b).join(',');
        const found = [...ready.keys()].sort((a, b) => a - b).join(',');
        if (preview.counts.problems > 0 || wanted !== found) {
          return {
            ok: false,
            message:
              preview.counts.problems > 0
                ? `Nothing was imported: ${preview.counts.problems} row${preview.counts.problems === 1 ? ' has' : 's have'} problems now. Check the preview below.`
                : 'Nothing was imported: the members changed since the preview (someone applied, or an ID was given). Check the preview below and import again.',
            preview,
          };
        }
        if (ready.size === 0) {
          return {
            ok: false,
            message: 'Nothing to import: every row is already a membership.',
            preview,
          };
        }
        await writeRows(tx, staff, [...ready.values()], now);
        const message = `${ready.size} member${ready.size === 1 ? '' : 's'} imported${preview.counts.duplicates > 0 ? `; ${preview.counts.duplicates} already a membership, skipped` : ''}.`;
        await recordChange(
          tx,
          staff,
          {
            action: IMPORT_FILE_ACTION,
            recordType: 'membership',
            summary: `Imported ${ready.size} membership${ready.size === 1 ? '' : 's'} from a CSV file (${preview.counts.duplicates} already there, skipped)`,
            after: {
              imported: ready.size,
              skipped: preview.counts.duplicates,
              sha256: preview.sha256,
            },
          },
          now,
        );
        return {
          ok: true as const,
          imported: ready.size,
          duplicates: preview.counts.duplicates,
          message,
        };
      });
    } catch (error) {
      // A payment reference drawn twice (one in a billion): draw again.
      if (!isUniqueViolation(error) || attempt >= REFERENCE_ATTEMPTS) throw error;
    }
  }
}

type Writer = Pick<Database, 'insert' | 'update'>;

/** The club's midnight of `day`. */
function startOf(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return clubInstant({ year, month, day: date, hour: 0, minute: 0 });
}

async function writeRows(tx: Writer, staff: MembershipStaff, rows: RowValues[], now: Date) {
  // The counter first: past every kept ID of its year, so the IDs given below follow them.
  const highest = new Map<number, number>();
  for (const row of rows) {
    if (row.memberNumber !== null) {
      highest.set(row.year, Math.max(highest.get(row.year) ?? 0, row.memberNumber));
    }
  }
  for (const [year, number] of highest) {
    await tx
      .update(membershipYears)
      .set({ lastMemberNumber: sql`greatest(${membershipYears.lastMemberNumber}, ${number})` })
      .where(eq(membershipYears.year, year));
  }
  for (const row of rows) {
    const memberId = row.memberId ?? (await takeNextMemberId(tx, row.year));
    const appliedAt = row.appliedOn ? startOf(row.appliedOn) : now;
    const [stored] = await tx
      .insert(memberships)
      .values({
        year: row.year,
        typeId: row.type.id,
        paymentReference: newPaymentReference(row.year),
        status: row.status,
        memberId,
        legalName: row.legalName,
        preferredName: row.preferredName,
        uottawaEmail: row.uottawaEmail,
        // The club vouches for the addresses of its own members' list: an imported membership
        // counts at once (the roster lists it, and the one-per-address rule holds for it).
        emailConfirmedAt: appliedAt,
        program: row.program,
        yearOfStudy: row.yearOfStudy,
        expectedGraduationYear: row.expectedGraduationYear,
        industries: row.industries,
        notificationConsent: row.notificationConsent,
        // Required by the table; they accepted the terms of their year when they joined.
        termsAcceptedAt: appliedAt,
        personalEmail: row.personalEmail,
        wechatId: row.wechatId,
        linkedinUrl: row.linkedinUrl,
        preferredEventKinds: row.preferredEventKinds,
        priceCents: row.type.priceCents,
        currency: row.type.currency,
        validFrom: row.validFrom,
        validUntil: row.validUntil,
        createdAt: appliedAt,
        activatedAt: row.activatedOn ? startOf(row.activatedOn) : appliedAt,
      })
      .returning({ id: memberships.id });
    if (!stored) throw new Error('An imported membership was not stored.');
    await moveMembershipStatus(tx, {
      membershipId: stored.id,
      from: null,
      to: row.status,
      actor: 'staff',
      staff,
      reason: IMPORT_REASON,
      action: IMPORT_ACTION,
      summary: `${row.legalName} (${memberId}) imported from CSV as ${MEMBERSHIP_STATUS_NAMES[row.status].toLowerCase()}, ${row.type.name} ${yearLabel(row.year)}`,
      after: { memberId, type: row.type.name, year: row.year },
      at: now,
    });
  }
}

export { yearLabel };
export type { ImportRowVerdict };
