import * as z from 'zod/mini';
import type { membershipTypes } from '@/lib/db/schema';
import {
  EVENT_KINDS,
  INDUSTRIES,
  membershipApplicationSchema,
  UOTTAWA_DOMAIN,
  uottawaEmailKey,
  uottawaEmailSchema,
  YEARS_OF_STUDY,
} from './application-schema';
import {
  consentOf,
  type CsvRow,
  FIELD_LABELS,
  type ImportField,
  type ImportStatus,
  listOf,
  parseDay,
  parseYear,
  statusOf,
  yearLabel,
} from './import-csv';
import { normalizeMemberId } from './member-id';
import { MEMBERSHIP_STATUS_NAMES } from './statuses';

/**
 * The members' import's checks of each row (./import.ts): the row on its own, then the file's
 * and the database's duplicates, against what loadContext read. No database access here.
 */

/** A row as the preview shows it, and what the import would do with it. */
export type ImportRowVerdict = {
  line: number;
  legalName: string;
  uottawaEmail: string;
  /** The ID kept, or null when the year's next one will be given. */
  memberId: string | null;
  typeName: string;
  yearLabel: string;
  status: ImportStatus;
  outcome: 'ready' | 'duplicate' | 'problem';
  problems: string[];
};

/** A row read into a membership's values, for the rows found ready. */
export type RowValues = {
  year: number;
  type: TypeRow;
  memberId: string | null;
  memberNumber: number | null;
  status: ImportStatus;
  legalName: string;
  preferredName: string;
  uottawaEmail: string;
  personalEmail: string | null;
  program: string;
  yearOfStudy: string;
  expectedGraduationYear: number;
  industries: string[];
  preferredEventKinds: string[];
  wechatId: string | null;
  linkedinUrl: string | null;
  notificationConsent: boolean;
  validFrom: string;
  validUntil: string;
  appliedOn: string | null;
  activatedOn: string | null;
};

export type TypeRow = typeof membershipTypes.$inferSelect;

/** What the database holds that a row is checked against. */
export type Context = {
  typesByYear: Map<number, TypeRow[]>;
  /** Confirmed, not cancelled memberships by `year:emailKey` (the unique index's rule). */
  existingByEmail: Map<string, { memberId: string | null }>;
  /** Memberships holding a member ID of the file, by ID, with their address's key. */
  existingByMemberId: Map<string, { emailKey: string; year: number }>;
  today: string;
};

const textRules = z.pick(membershipApplicationSchema, {
  legalName: true,
  preferredName: true,
  program: true,
  personalEmail: true,
  wechatId: true,
  linkedinUrl: true,
});
type TextField = keyof z.output<typeof textRules>;
const TEXT_FIELD_OF: Record<TextField, ImportField> = {
  legalName: 'legalName',
  preferredName: 'preferredName',
  program: 'program',
  personalEmail: 'personalEmail',
  wechatId: 'wechatId',
  linkedinUrl: 'linkedin',
};

/** Checks one row on its own; the file- and database-wide checks come after (verdicts). */
function readRow(row: CsvRow, context: Context): { values: RowValues | null; problems: string[] } {
  const cell = (field: ImportField) => row.cells[field] ?? '';
  const problems: string[] = [];
  if (row.extraCells > 0) {
    problems.push(
      `The row has ${row.extraCells} more cell${row.extraCells === 1 ? '' : 's'} than the header has columns: a separator inside a cell that is not quoted?`,
    );
  }

  const texts = textRules.safeParse({
    legalName: cell('legalName'),
    // A spreadsheet without preferred names: the legal name stands in, as the member may correct.
    preferredName: cell('preferredName') || cell('legalName'),
    program: cell('program'),
    personalEmail: cell('personalEmail'),
    wechatId: cell('wechatId'),
    linkedinUrl: cell('linkedin'),
  });
  if (!texts.success) {
    const seen = new Set<string>();
    for (const issue of texts.error.issues) {
      const field = TEXT_FIELD_OF[issue.path[0] as TextField];
      if (!field || seen.has(field)) continue;
      seen.add(field);
      problems.push(
        cell(field)
          ? `${FIELD_LABELS[field]}: ${issue.message}`
          : `Missing ${FIELD_LABELS[field].toLowerCase()}.`,
      );
    }
  }

  const rawEmail = cell('uottawaEmail');
  const email = uottawaEmailSchema.safeParse(rawEmail);
  if (!rawEmail) problems.push('Missing uOttawa email.');
  else if (!email.success) {
    problems.push(
      /@/.test(rawEmail) && !rawEmail.toLowerCase().trim().endsWith(UOTTAWA_DOMAIN)
        ? `Not a uOttawa email (${rawEmail}): it must end with ${UOTTAWA_DOMAIN}.`
        : `uOttawa email: ${email.error.issues[0]?.message ?? 'not an address.'}`,
    );
  }

  const study = YEARS_OF_STUDY.find((y) => y.toLowerCase() === cell('yearOfStudy').toLowerCase());
  if (!cell('yearOfStudy')) problems.push('Missing year of study.');
  else if (!study) {
    problems.push(
      `Year of study “${cell('yearOfStudy')}” is not one of ${YEARS_OF_STUDY.join(', ')}.`,
    );
  }

  const rawId = cell('memberId');
  const memberId = rawId ? normalizeMemberId(rawId) : null;
  if (rawId && !memberId) {
    problems.push(`Member ID “${rawId}” is malformed: a member ID looks like TCSA-25-0001.`);
  }

  const idYear = memberId ? 2000 + Number(memberId.slice(5, 7)) : null;
  const year = cell('year') ? parseYear(cell('year')) : idYear;
  if (cell('year') && year === null) {
    problems.push(`Membership year “${cell('year')}” is not a year: write it as 2025–26.`);
  } else if (year === null && !rawId) {
    problems.push('Missing membership year: write it as 2025–26.');
  }
  const types = year === null ? undefined : context.typesByYear.get(year);
  if (year !== null && !types) {
    problems.push(
      `No membership year ${yearLabel(year)} in the console: a super admin adds it and its types in the membership settings first.`,
    );
  }
  if (memberId && year !== null && idYear !== (year % 100) + 2000) {
    problems.push(`Member ID ${memberId} is not of the ${yearLabel(year)} membership year.`);
  }
  const type = types?.find((t) => t.name.toLowerCase() === cell('typeName').toLowerCase());
  if (!cell('typeName')) problems.push('Missing membership type.');
  else if (types && !type) {
    problems.push(
      `Unknown membership type “${cell('typeName')}” for ${yearLabel(year!)}: the year’s types are ${types.map((t) => t.name).join(', ')}.`,
    );
  }

  const graduation = Number(cell('expectedGraduation'));
  if (!cell('expectedGraduation')) problems.push('Missing expected graduation year.');
  else if (
    !/^\d{4}$/.test(cell('expectedGraduation')) ||
    (year !== null && (graduation < year - 1 || graduation > year + 10))
  ) {
    problems.push(`Expected graduation “${cell('expectedGraduation')}” is not a likely year.`);
  }

  const days: Partial<Record<ImportField, string | null>> = {};
  for (const field of ['validFrom', 'validUntil', 'appliedAt', 'activatedAt'] as const) {
    const value = cell(field);
    days[field] = value ? parseDay(value) : null;
    if (value && !days[field]) {
      problems.push(`${FIELD_LABELS[field]} “${value}” is not a date: write it as 2025-09-01.`);
    } else if (days[field] && (field === 'appliedAt' || field === 'activatedAt')) {
      if (days[field]! > context.today) problems.push(`${FIELD_LABELS[field]} is in the future.`);
    }
  }
  const validFrom = days.validFrom ?? type?.validFrom ?? null;
  const validUntil = days.validUntil ?? type?.validUntil ?? null;
  if (validFrom && validUntil && validFrom > validUntil) {
    problems.push(`Valid from (${validFrom}) is after valid until (${validUntil}).`);
  }

  const given = statusOf(cell('status'));
  if (given === 'unknown') {
    problems.push(
      `Status “${cell('status')}”: only ${MEMBERSHIP_STATUS_NAMES.active} or ${MEMBERSHIP_STATUS_NAMES.expired} memberships are imported (or leave it empty).`,
    );
  }
  const ended = validUntil !== null && validUntil < context.today;
  if (given === 'active' && ended) {
    problems.push(`Active, but its validity ended on ${validUntil}: write Expired.`);
  }
  const industries = listOf(cell('industries'), INDUSTRIES, 'industry', problems);
  const preferredEventKinds = listOf(
    cell('preferredEvents'),
    EVENT_KINDS,
    'kind of event',
    problems,
  );
  const consent = consentOf(cell('consent'));
  if (consent === null) {
    problems.push(`Consent to notifications “${cell('consent')}”: write yes or no.`);
  }

  if (problems.length > 0 || !texts.success || !email.success || !type || year === null) {
    return { values: null, problems };
  }
  return {
    problems,
    values: {
      year,
      type,
      memberId,
      memberNumber: memberId ? Number(memberId.slice(8)) : null,
      status: given === 'active' || given === 'expired' ? given : ended ? 'expired' : 'active',
      legalName: texts.data.legalName,
      preferredName: texts.data.preferredName,
      uottawaEmail: email.data,
      personalEmail: texts.data.personalEmail ?? null,
      program: texts.data.program,
      yearOfStudy: study!,
      expectedGraduationYear: graduation,
      industries,
      preferredEventKinds,
      wechatId: texts.data.wechatId ?? null,
      linkedinUrl: texts.data.linkedinUrl ?? null,
      notificationConsent: consent ?? false,
      validFrom: validFrom!,
      validUntil: validUntil!,
      appliedOn: days.appliedAt ?? null,
      activatedOn: days.activatedAt ?? null,
    },
  };
}

/** Every row's verdict, with the values of the ready ones (by line). */
export function verdicts(rows: CsvRow[], context: Context) {
  const ready = new Map<number, RowValues>();
  const firstEmail = new Map<string, number>();
  const firstId = new Map<string, number>();
  const verdictRows = rows.map((row): ImportRowVerdict => {
    const { values, problems } = readRow(row, context);
    let outcome: ImportRowVerdict['outcome'] = problems.length > 0 ? 'problem' : 'ready';
    if (values) {
      const key = uottawaEmailKey(values.uottawaEmail);
      const emailKey = `${values.year}:${key}`;
      const earlier = firstEmail.get(emailKey);
      if (earlier !== undefined) {
        problems.push(`Duplicate uOttawa email in the file: also on row ${earlier}.`);
      } else firstEmail.set(emailKey, row.line);
      const sameId = values.memberId ? firstId.get(values.memberId) : undefined;
      if (sameId !== undefined) problems.push(`Member ID also on row ${sameId} of the file.`);
      else if (values.memberId) firstId.set(values.memberId, row.line);

      const existing = context.existingByEmail.get(emailKey);
      const holder = values.memberId ? context.existingByMemberId.get(values.memberId) : undefined;
      if (holder && (holder.emailKey !== key || holder.year !== values.year)) {
        problems.push(`Member ID ${values.memberId} is taken by someone else.`);
      } else if (existing) {
        if (existing.memberId && (!values.memberId || existing.memberId === values.memberId)) {
          outcome = 'duplicate';
        } else {
          problems.push(
            `Already a membership of ${yearLabel(values.year)} with this uOttawa email (${existing.memberId ?? 'an application without a member ID'}), not the member ID this row gives.`,
          );
        }
      }
      if (problems.length > 0) outcome = 'problem';
      else if (outcome === 'ready') ready.set(row.line, values);
    }
    return {
      line: row.line,
      legalName: values?.legalName ?? row.cells.legalName ?? '',
      uottawaEmail: values?.uottawaEmail ?? row.cells.uottawaEmail ?? '',
      memberId: values?.memberId ?? null,
      typeName: values?.type.name ?? row.cells.typeName ?? '',
      yearLabel: values ? yearLabel(values.year) : (row.cells.year ?? ''),
      status: values?.status ?? 'active',
      outcome,
      problems,
    };
  });
  return { verdictRows, ready };
}
