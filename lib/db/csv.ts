/**
 * CSV as RFC 4180 writes it: fields with a comma, quote or line break are quoted, quotes doubled,
 * lines end with CRLF. A field that a spreadsheet would run as a formula (starting with =, +, -,
 * @, tab or carriage return) is prefixed with a single quote, so an exported registration list
 * can be opened safely.
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
