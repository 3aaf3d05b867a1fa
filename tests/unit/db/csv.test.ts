import { describe, expect, it } from 'vitest';
import { toCsv } from '@/lib/db/csv';

/** One row, without its header line. */
const line = (cells: (string | number | Date | null)[]) =>
  toCsv(
    cells.map((_, index) => `c${index}`),
    [cells],
  ).replace(/^[^\r]*\r\n/, '');

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks (RFC 4180)', () => {
    expect(line(['plain', 'Wang, Lin', 'say "hi"', 'two\nlines'])).toBe(
      'plain,"Wang, Lin","say ""hi""","two\nlines"\r\n',
    );
    expect(line([null, 42, new Date('2025-01-02T03:04:05Z'), '春节晚会'])).toBe(
      ',42,2025-01-02T03:04:05.000Z,春节晚会\r\n',
    );
  });

  it('neutralises spreadsheet formulas', () => {
    expect(line(['=HYPERLINK("x")'])).toBe(`"'=HYPERLINK(""x"")"\r\n`);
    expect(line(['+1', '@cmd', '-2+3', '\tx'])).toBe("'+1,'@cmd,'-2+3,'\tx\r\n");
  });

  it('writes a header and CRLF-terminated rows', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x,y'],
          [2, null],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n2,\r\n');
  });

  it('starts with the UTF-8 byte order mark when asked, so Excel reads Chinese names', () => {
    const csv = toCsv(['Name'], [['李明']], { bom: true });
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
