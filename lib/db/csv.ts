import { stringify } from 'csv-stringify/sync';

/**
 * CSV files for the club's exports, written by csv-stringify: fields with a comma, quote or line
 * break quoted, quotes doubled, CRLF line ends (RFC 4180), and a cell that a spreadsheet would
 * run as a formula (starting with =, +, -, @, a tab or a carriage return) prefixed with a single
 * quote. With `bom` the file starts with UTF-8's byte order mark, which Excel needs to read
 * Chinese names as UTF-8.
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
  { bom = false }: { bom?: boolean } = {},
): string {
  return stringify([[...header], ...rows.map((row) => [...row])], {
    bom,
    record_delimiter: 'windows',
    escape_formulas: true,
    // A lone line break inside a cell must be quoted too; csv-stringify only quotes the
    // record delimiter (CRLF) by itself.
    quoted_match: /[\r\n]/,
    cast: {
      date: (value) => value.toISOString(),
      boolean: (value) => String(value),
    },
  });
}
