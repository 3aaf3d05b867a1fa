import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, membershipStatusChanges, memberships, membershipYears } from '@/lib/db/schema';
import { membersCsv } from '@/lib/memberships/exports';
import {
  IMPORT_ACTION,
  IMPORT_FILE_ACTION,
  type ImportPreview,
  importMembers,
  previewMembersImport,
  sha256Of,
} from '@/lib/memberships/import';
import { detectDelimiter, IMPORT_MAX_ROWS, parseMembersCsv } from '@/lib/memberships/import-csv';
import { EMPTY_FILTER } from '@/lib/memberships/roster';
import { addApplication, addMembershipType, addStaff } from './support/memberships';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * The members' import (lib/memberships/import.ts): the file read however a spreadsheet saved it,
 * each problem said in words, nothing written by the preview, and the import of every ready row
 * in one transaction with its history and audit entry, member IDs kept and the counter moved.
 */

let database: TestDatabase;
const now = new Date('2026-11-25T15:00:00Z');
const STAFF = { id: 'coordinator-import', name: 'Ana Li' };

const HEADER =
  'Member ID,Status,Legal name,Preferred name,uOttawa email,Program,Year of study,Expected graduation,Membership type,Membership year,Valid from,Valid until';

/** A good row of the pilot year, with `over` replacing cells by column index. */
function row(n: number, over: Record<number, string> = {}): string {
  const cells = [
    `TCSA-25-${String(100 + n).padStart(4, '0')}`,
    'Expired',
    `Person Number${n}`,
    `P${n}`,
    `person${n}@uottawa.ca`,
    'BCom',
    '3',
    '2027',
    'Founding',
    '2025–26',
    '2025-09-01',
    '2026-08-31',
  ];
  for (const [index, value] of Object.entries(over)) cells[Number(index)] = value;
  return cells
    .map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
    .join(',');
}
const csvOf = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';

async function preview(text: string): Promise<ImportPreview> {
  const answer = await previewMembersImport(database.db, text, now);
  if (!answer.ok) throw new Error(answer.message);
  return answer;
}

async function confirm(text: string) {
  const seen = await preview(text);
  return importMembers(
    database.db,
    STAFF,
    {
      text,
      sha256: seen.sha256,
      readyLines: seen.rows.filter((r) => r.outcome === 'ready').map((r) => r.line),
    },
    now,
  );
}

const membershipCount = async () =>
  (await database.db.select({ rows: count() }).from(memberships))[0]!.rows;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addStaff(database.db, STAFF, 'coordinator');
  await addMembershipType(database.db, {
    year: 2025,
    name: 'Founding',
    priceCents: 1000,
    validFrom: '2025-09-01',
    validUntil: '2026-08-31',
  });
  await addMembershipType(database.db, { year: 2026, name: 'Regular', priceCents: 2500 });
});

afterAll(async () => {
  await database?.dispose();
});

describe('reading the file', () => {
  it('reads Excel’s semicolons, its byte order mark, CRLF and quoted cells', () => {
    const text = `\uFEFF${HEADER.replaceAll(',', ';')}\r\n${row(1).replaceAll(',', ';').replace('Person Number1', '"Number; Person ""One"""')}\r\n;;;;;;;;;;;\r\n`;
    expect(detectDelimiter(text.slice(1))).toBe(';');
    const parsed = parseMembersCsv(text);
    expect(parsed.ok && parsed.rows).toEqual([
      expect.objectContaining({
        line: 2,
        cells: expect.objectContaining({
          legalName: 'Number; Person "One"',
          memberId: 'TCSA-25-0101',
        }),
      }),
    ]);
  });

  it('reads commas, tabs and a cell on two lines, and undoes the export’s formula quote', () => {
    expect(detectDelimiter('a\tb\tc\n1,2\t3')).toBe('\t');
    const parsed = parseMembersCsv(csvOf(row(1, { 2: "'-Dash Name", 5: 'BCom\nFinance' }), row(2)));
    expect(
      parsed.ok && parsed.rows.map((r) => [r.line, r.cells.legalName, r.cells.program]),
    ).toEqual([
      [3, '-Dash Name', 'BCom\nFinance'],
      [4, 'Person Number2', 'BCom'],
    ]);
  });

  it('refuses a file too large, too long, without members, unreadable or without a column', () => {
    const refusal = (text: string) => {
      const parsed = parseMembersCsv(text);
      return parsed.ok ? null : parsed.message;
    };
    expect(refusal(csvOf(row(1)) + ' '.repeat(900 * 1024))).toMatch(
      /^The file is too large: at most 800 KB/,
    );
    expect(refusal(csvOf(...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, n) => row(n))))).toBe(
      `The file has ${IMPORT_MAX_ROWS + 1} members: at most ${IMPORT_MAX_ROWS} can be imported at a time. Split it and import each part.`,
    );
    expect(refusal(`${HEADER}\r\n`)).toMatch(/^The file has no members/);
    expect(refusal(`${HEADER}\r\n"Open,quote\r\n`)).toMatch(/a cell opens a quote \(“?"?\)?/);
    expect(refusal('Legal name,Program\r\nA,B\r\n')).toMatch(
      /^The file has no “uOttawa email”, “Year of study”, “Expected graduation”, “Membership type” column/,
    );
  });

  it('notes the money columns it leaves out', () => {
    const parsed = parseMembersCsv(`${HEADER},Payment,Paid (CAD)\r\n${row(1)},Paid,10.00\r\n`);
    expect(parsed.ok && parsed.notes[0]).toMatch(
      /^Not imported: Payment, Paid \(CAD\)\. An imported membership has no payment record/,
    );
  });
});

describe('each row’s problems, in words', () => {
  it('names every kind of problem and writes nothing', async () => {
    const before = await membershipCount();
    const text = csvOf(
      row(1, { 2: '' }),
      row(2, { 4: 'person2@gmail.com' }),
      row(3, { 8: 'Gold' }),
      row(4, { 4: 'person1@uottawa.ca' }),
      row(5, { 0: 'TCSA-25-XYZ' }),
      row(6, { 10: '1/9/2025' }),
      row(7, { 10: '2026-09-01', 11: '2026-01-01' }),
      row(8, { 1: 'Refunded' }),
      row(9, { 1: 'Active' }),
      row(10, { 0: 'TCSA-24-0001' }),
      row(11, { 6: '7' }),
      row(12, { 0: 'TCSA-25-0104' }),
      row(13, { 9: '2019–20' }),
      row(1),
    );
    const seen = await preview(text);
    const problemsOf = (line: number) => seen.rows.find((r) => r.line === line)!.problems;
    expect(problemsOf(2)).toEqual(['Missing legal name.']);
    expect(problemsOf(3)).toEqual([
      'Not a uOttawa email (person2@gmail.com): it must end with @uottawa.ca.',
    ]);
    expect(problemsOf(4)).toEqual([
      'Unknown membership type “Gold” for 2025–26: the year’s types are Founding.',
    ]);
    expect(problemsOf(6)).toEqual([
      'Member ID “TCSA-25-XYZ” is malformed: a member ID looks like TCSA-25-0001.',
    ]);
    expect(problemsOf(7)).toEqual(['Valid from “1/9/2025” is not a date: write it as 2025-09-01.']);
    expect(problemsOf(8)).toEqual(['Valid from (2026-09-01) is after valid until (2026-01-01).']);
    expect(problemsOf(9)[0]).toMatch(/^Status “Refunded”: only Active or Expired/);
    expect(problemsOf(10)).toEqual([
      'Active, but its validity ended on 2026-08-31: write Expired.',
    ]);
    expect(problemsOf(11)).toEqual([
      'Member ID TCSA-24-0001 is not of the 2025–26 membership year.',
    ]);
    expect(problemsOf(12)).toEqual(['Year of study “7” is not one of 1, 2, 3, 4, 5+, Graduate.']);
    expect(problemsOf(13)).toEqual(['Member ID also on row 5 of the file.']);
    expect(problemsOf(14)[0]).toMatch(/^No membership year 2019–20 in the console/);
    // The first row with an address is ready; the later one with the same address is not.
    expect(problemsOf(5)).toEqual([]);
    expect(problemsOf(15)).toEqual(['Duplicate uOttawa email in the file: also on row 5.']);
    expect(seen.counts).toEqual({ ready: 1, duplicates: 0, problems: 13 });
    expect(await membershipCount()).toBe(before);
  });

  it('tells a member ID taken by someone else and an address already a member that year', async () => {
    const [founding] = await database.db.query.membershipTypes.findMany({
      where: (t, { eq: is }) => is(t.name, 'Founding'),
    });
    await addApplication(database.db, founding!, {
      memberId: 'TCSA-25-0900',
      status: 'expired',
      uottawaEmail: 'holder@uottawa.ca',
      createdAt: new Date('2025-09-10T15:00:00Z'),
      activatedAt: new Date('2025-09-10T16:00:00Z'),
    });
    const seen = await preview(
      csvOf(row(20, { 0: 'TCSA-25-0900' }), row(21, { 0: 'TCSA-25-0901', 4: 'holder@uottawa.ca' })),
    );
    expect(seen.rows.map((r) => [r.outcome, r.problems])).toEqual([
      ['problem', ['Member ID TCSA-25-0900 is taken by someone else.']],
      [
        'problem',
        [
          'Already a membership of 2025–26 with this uOttawa email (TCSA-25-0900), not the member ID this row gives.',
        ],
      ],
    ]);
    // The same member as the file gives them (the address in other letters): already there.
    const same = await preview(csvOf(row(22, { 0: 'TCSA-25-0900', 4: 'Holder@uOttawa.ca' })));
    expect(same.rows.map((r) => [r.outcome, r.problems])).toEqual([['duplicate', []]]);
  });
});

describe('the import', () => {
  it('writes every row, its history and audit entry in one go, keeps the IDs and moves the counter', async () => {
    await database.db
      .update(membershipYears)
      .set({ lastMemberNumber: 3 })
      .where(eq(membershipYears.year, 2025));
    const text = csvOf(
      row(40, { 0: 'TCSA-25-0040' }),
      row(41, { 0: 'TCSA-25-0055', 1: '' }),
      row(42, { 0: '' }),
      row(43, { 0: '', 1: 'active', 8: 'regular', 9: '2026-27', 10: '', 11: '' }),
    );
    const result = await confirm(text);
    expect(result).toMatchObject({ ok: true, imported: 4, message: '4 members imported.' });
    const stored = await database.db
      .select()
      .from(memberships)
      .where(
        inArray(
          memberships.uottawaEmail,
          [40, 41, 42, 43].map((n) => `person${n}@uottawa.ca`),
        ),
      )
      .orderBy(memberships.id);
    expect(
      stored.map((m) => [m.memberId, m.status, m.validUntil, m.emailConfirmedAt !== null]),
    ).toEqual([
      ['TCSA-25-0040', 'expired', '2026-08-31', true],
      ['TCSA-25-0055', 'expired', '2026-08-31', true],
      // No ID in the file: the year's next, past the highest imported one.
      ['TCSA-25-0056', 'expired', '2026-08-31', true],
      ['TCSA-26-0001', 'active', '2027-08-31', true],
    ]);
    const [year] = await database.db
      .select()
      .from(membershipYears)
      .where(eq(membershipYears.year, 2025));
    expect(year!.lastMemberNumber).toBe(56);
    const history = await database.db
      .select()
      .from(membershipStatusChanges)
      .where(
        inArray(
          membershipStatusChanges.membershipId,
          stored.map((m) => m.id),
        ),
      );
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor, h.actorName, h.reason])).toEqual(
      stored.map((m) => [null, m.status, 'staff', 'Ana Li', 'Imported from CSV']),
    );
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, [IMPORT_ACTION, IMPORT_FILE_ACTION]))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.actorId, a.summary])).toEqual([
      [
        IMPORT_ACTION,
        STAFF.id,
        'Person Number40 (TCSA-25-0040) imported from CSV as expired, Founding 2025–26',
      ],
      [
        IMPORT_ACTION,
        STAFF.id,
        'Person Number41 (TCSA-25-0055) imported from CSV as expired, Founding 2025–26',
      ],
      [
        IMPORT_ACTION,
        STAFF.id,
        'Person Number42 (TCSA-25-0056) imported from CSV as expired, Founding 2025–26',
      ],
      [
        IMPORT_ACTION,
        STAFF.id,
        'Person Number43 (TCSA-26-0001) imported from CSV as active, Regular 2026–27',
      ],
      [
        IMPORT_FILE_ACTION,
        STAFF.id,
        'Imported 4 memberships from a CSV file (0 already there, skipped)',
      ],
    ]);

    // The same file again: every row is a duplicate now, and nothing is written.
    const again = await preview(text);
    expect(again.counts).toEqual({ ready: 0, duplicates: 4, problems: 0 });
    const before = await membershipCount();
    expect(await confirm(text)).toMatchObject({
      ok: false,
      message: 'Nothing to import: every row is already a membership.',
    });
    expect(await membershipCount()).toBe(before);
  });

  it('refuses a file changed since its preview, or rows that changed, and a file with problems', async () => {
    const text = csvOf(row(60), row(61));
    const seen = await preview(text);
    const readyLines = seen.rows.map((r) => r.line);
    expect(
      await importMembers(
        database.db,
        STAFF,
        { text: `${text} `, sha256: seen.sha256, readyLines },
        now,
      ),
    ).toEqual({
      ok: false,
      message: 'The file changed since its preview: preview it again before importing.',
    });
    expect(
      await importMembers(database.db, STAFF, { text, sha256: seen.sha256, readyLines: [2] }, now),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Nothing was imported: the members changed/),
    });
    const bad = csvOf(row(62), row(63, { 4: '' }));
    expect(await confirm(bad)).toMatchObject({
      ok: false,
      message: 'Nothing was imported: 1 row has problems now. Check the preview below.',
    });
    const stored = await database.db
      .select({ rows: count() })
      .from(memberships)
      .where(
        and(inArray(memberships.uottawaEmail, ['person60@uottawa.ca', 'person62@uottawa.ca'])),
      );
    expect(stored[0]!.rows).toBe(0);
    expect(sha256Of(text)).toBe(seen.sha256);
  });

  it('takes the roster’s own export back: exported, removed, imported, exported again the same', async () => {
    const exported = await membersCsv(database.db, EMPTY_FILTER, { withMoney: false, now });
    const everyone = await database.db.select({ id: memberships.id }).from(memberships);
    const ids = everyone.map((m) => m.id);
    // The export is already the roster: every row is a membership.
    const seen = await preview(exported.csv);
    expect(seen.rows.flatMap((r) => r.problems)).toEqual([]);
    expect(seen.counts).toEqual({ ready: 0, duplicates: exported.rows, problems: 0 });

    await database.db
      .delete(membershipStatusChanges)
      .where(inArray(membershipStatusChanges.membershipId, ids));
    await database.db.delete(memberships).where(inArray(memberships.id, ids));
    const result = await confirm(exported.csv);
    expect(result).toMatchObject({ ok: true, imported: exported.rows });
    const again = await membersCsv(database.db, EMPTY_FILTER, { withMoney: false, now });
    expect(again.csv).toBe(exported.csv);
  });
});
