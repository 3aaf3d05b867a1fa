import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { isCalendarDay } from './format';

/**
 * Reading a members' CSV for the import (./import.ts): the file the club keeps in a spreadsheet
 * today, or the roster's own export (./exports.ts), whose columns it takes by name so that a file
 * exported and imported again comes back as it was. Pure: no database, nothing logged.
 *
 * Spreadsheets differ in what they write: Excel in a French or Chinese locale separates cells
 * with semicolons, most others with commas (the first line decides), Excel adds a byte order mark
 * and CRLF line ends, and cells with a separator, quote or line break are quoted. csv-parse reads
 * them all; this module maps the columns and says in words what it could not read.
 */

/**
 * The largest file the import reads. A Server Action's body is at most 1 MB (next.config.mjs,
 * lib/http/body-limits.mjs), and the confirmation sends the file again with its form, so the
 * file must leave room for the rest: the roster's export of 2000 members is about 600 KB.
 */
export const IMPORT_MAX_BYTES = 800 * 1024;
export const IMPORT_MAX_ROWS = 2000;

/** The fields a row gives, each from one column of the file (see COLUMNS). */
export type ImportField =
  | 'memberId'
  | 'status'
  | 'legalName'
  | 'preferredName'
  | 'uottawaEmail'
  | 'personalEmail'
  | 'program'
  | 'yearOfStudy'
  | 'expectedGraduation'
  | 'typeName'
  | 'year'
  | 'validFrom'
  | 'validUntil'
  | 'appliedAt'
  | 'activatedAt'
  | 'industries'
  | 'preferredEvents'
  | 'wechatId'
  | 'linkedin'
  | 'consent';

/**
 * Each field's column: the roster export's header (exports.ts MEMBER_COLUMNS) first, then the
 * names a club's own spreadsheet is likely to use. Compared in lower case, spaces collapsed.
 */
const COLUMNS: Record<ImportField, readonly string[]> = {
  memberId: ['Member ID', 'ID', 'Member number'],
  status: ['Status'],
  legalName: ['Legal name', 'Name', 'Full name'],
  preferredName: ['Preferred name'],
  uottawaEmail: ['uOttawa email', 'Email', 'uOttawa e-mail', 'University email'],
  personalEmail: ['Personal email'],
  program: ['Program', 'Programme'],
  yearOfStudy: ['Year of study', 'Study year'],
  expectedGraduation: ['Expected graduation', 'Graduation year', 'Expected graduation year'],
  typeName: ['Membership type', 'Type'],
  year: ['Membership year'],
  validFrom: ['Valid from'],
  validUntil: ['Valid until'],
  appliedAt: ['Applied at', 'Applied on', 'Joined on'],
  activatedAt: ['Activated at', 'Activated on'],
  industries: ['Industries of interest', 'Industries'],
  preferredEvents: ['Preferred events'],
  wechatId: ['WeChat ID', 'WeChat'],
  linkedin: ['LinkedIn', 'LinkedIn profile'],
  consent: ['Consent to notifications', 'Consent'],
};

/** The columns a file must have: a membership cannot be stored without them. */
export const REQUIRED_FIELDS: readonly ImportField[] = [
  'legalName',
  'uottawaEmail',
  'program',
  'yearOfStudy',
  'expectedGraduation',
  'typeName',
];

export const FIELD_LABELS: Record<ImportField, string> = Object.fromEntries(
  Object.entries(COLUMNS).map(([field, names]) => [field, names[0]!]),
) as Record<ImportField, string>;

/**
 * Columns of the roster's export that the import reads but does not store: whether it was paid
 * and the finance file's money. An imported membership has no payment record (see import.ts).
 */
const MONEY_COLUMNS = [
  'payment',
  'payment reference',
  'price (cad)',
  'paid (cad)',
  'refunded (cad)',
  'kept (cad)',
  'transaction references',
  'refunds',
];

const keyOf = (name: string) => name.trim().toLowerCase().replaceAll(/\s+/g, ' ');

const FIELD_BY_COLUMN = new Map<string, ImportField>(
  (Object.entries(COLUMNS) as [ImportField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((name) => [keyOf(name), field] as const),
  ),
);

/** One data row: its line in the file (as a spreadsheet numbers rows) and its cells by field. */
export type CsvRow = {
  line: number;
  cells: Partial<Record<ImportField, string>>;
  /** Cells beyond the header's columns: a separator inside an unquoted cell, most often. */
  extraCells: number;
};

export type ParsedCsv =
  { ok: true; rows: CsvRow[]; notes: string[]; columns: number } | { ok: false; message: string };

/**
 * The separator the first line uses: the one of `;`, `,` and tab it has most of outside quotes
 * (Excel writes semicolons where the decimal mark is a comma), commas when it has none.
 */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && character in counts) counts[character as keyof typeof counts] += 1;
  }
  const [best] = (Object.entries(counts) as [keyof typeof counts, number][]).sort(
    (a, b) => b[1] - a[1],
  );
  return best && best[1] > 0 ? best[0] : ',';
}

/**
 * The roster's export puts a quote before a cell a spreadsheet would run as a formula
 * (lib/db/csv.ts); reading it back takes the quote away.
 */
function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

function csvErrorWords(error: CsvError): string {
  const where = typeof error.lines === 'number' ? ` near line ${error.lines}` : '';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `The file could not be read${where}: a cell opens a quote (") that is never closed.`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `The file could not be read${where}: a quote (") inside a cell is not doubled. Save the file from the spreadsheet again as CSV.`;
    default:
      return `The file could not be read as CSV${where}. Save it from the spreadsheet again as CSV (UTF-8).`;
  }
}

/** Reads the file's text: its columns by name and its rows, or why it cannot be read at all. */
export function parseMembersCsv(text: string): ParsedCsv {
  if (new TextEncoder().encode(text).length > IMPORT_MAX_BYTES) {
    return {
      ok: false,
      message: `The file is too large: at most ${IMPORT_MAX_BYTES / 1024} KB and ${IMPORT_MAX_ROWS} members at a time. Split it in two and import each part.`,
    };
  }
  if (text.includes('\uFFFD')) {
    return {
      ok: false,
      message:
        'The file is not UTF-8 text: some characters could not be read. In Excel, save it as “CSV UTF-8 (comma delimited)”.',
    };
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // `info: true` wraps each record with where it was read; the library's types do not follow it.
    records = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      // A spreadsheet's empty rows come as a line of separators only.
      skip_records_with_empty_values: true,
      info: true,
      // A row that runs on for pages is no member: a quote left open, most likely.
      max_record_size: 64 * 1024,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, message: csvErrorWords(error) };
    throw error;
  }
  const [header, ...body] = records;
  if (!header || body.length === 0) {
    return {
      ok: false,
      message:
        'The file has no members: its first line names the columns (as the roster’s export does) and each line after it is one member.',
    };
  }
  if (body.length > IMPORT_MAX_ROWS) {
    return {
      ok: false,
      message: `The file has ${body.length} members: at most ${IMPORT_MAX_ROWS} can be imported at a time. Split it and import each part.`,
    };
  }
  const fields = header.record.map((name) => FIELD_BY_COLUMN.get(keyOf(name)) ?? null);
  const missing = REQUIRED_FIELDS.filter((field) => !fields.includes(field));
  if (missing.length > 0) {
    return {
      ok: false,
      message: `The file has no ${missing.map((field) => `“${FIELD_LABELS[field]}”`).join(', ')} column: its first line must name the columns, as the roster’s export does (Member ID, Status, Legal name, Preferred name, uOttawa email, Program, Year of study, Expected graduation, Membership type, Membership year…).`,
    };
  }
  const notes: string[] = [];
  const repeated = fields.filter((field, index) => field && fields.indexOf(field) !== index);
  if (repeated.length > 0) {
    return {
      ok: false,
      message: `The file has two “${FIELD_LABELS[repeated[0]!]}” columns: keep one.`,
    };
  }
  const ignored = header.record.filter((name, index) => fields[index] === null && name.trim());
  const money = ignored.filter((name) => MONEY_COLUMNS.includes(keyOf(name)));
  const unknown = ignored.filter((name) => !MONEY_COLUMNS.includes(keyOf(name)));
  if (money.length > 0) {
    notes.push(
      `Not imported: ${money.join(', ')}. An imported membership has no payment record (the roster says “Not paid”); finance records a payment on the member’s page if one is owed.`,
    );
  }
  if (unknown.length > 0) {
    notes.push(`Columns the import does not know, left out: ${unknown.slice(0, 10).join(', ')}.`);
  }
  const rows = body.map(({ record, info }): CsvRow => {
    const cells: Partial<Record<ImportField, string>> = {};
    fields.forEach((field, index) => {
      if (field) cells[field] = unescapeFormula(record[index] ?? '').trim();
    });
    return { line: info.lines, cells, extraCells: Math.max(0, record.length - fields.length) };
  });
  return { ok: true, rows, notes, columns: fields.length };
}

export type ImportStatus = 'active' | 'expired';

/** `2025–26` from 2025. */
export { membershipYearName as yearLabel } from './format';

/** `2025–26`, `2025-26`, `2025/26` or `2025`: the year it starts in, or null. */
export function parseYear(value: string): number | null {
  const match = /^(\d{4})(?:\s*[–—\-/]\s*(\d{2}|\d{4}))?$/.exec(value);
  return match ? Number(match[1]) : null;
}

/** `2025-09-01` (Excel may write `2025/09/01`): the day, or null. */
export function parseDay(value: string): string | null {
  const day = value.replaceAll('/', '-').slice(0, 10);
  return isCalendarDay(day) && /^\d{4}[-/]\d{2}[-/]\d{2}(?:[T ].*)?$/.test(value) ? day : null;
}

/** Words of a list cell (`Finance; Marketing`), matched to the list's own spelling. */
export function listOf(
  value: string,
  allowed: readonly string[],
  what: string,
  problems: string[],
) {
  const chosen: string[] = [];
  for (const word of value
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter(Boolean)) {
    const known = allowed.find((option) => option.toLowerCase() === word.toLowerCase());
    if (known) {
      if (!chosen.includes(known)) chosen.push(known);
    } else problems.push(`Unknown ${what} “${word}”: choose from ${allowed.join(', ')}.`);
  }
  return chosen;
}

export function statusOf(value: string): ImportStatus | 'unknown' | null {
  const word = value.trim().toLowerCase();
  if (!word) return null;
  if (word === 'active' || word === 'expired') return word;
  return 'unknown';
}

export function consentOf(value: string): boolean | null {
  const word = value.trim().toLowerCase();
  if (['', 'no', 'n', 'false', '0'].includes(word)) return false;
  if (['yes', 'y', 'true', '1'].includes(word)) return true;
  return null;
}
