import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '@/lib/audit/read';
import {
  deleteRecord,
  findRecord,
  listRecords,
  moveRecord,
  recordFormValues,
  recordSchema,
  saveRecord,
} from '@/lib/admin/collections';
import type { CollectionSlug } from '@/lib/admin/collection-specs';
import type { SignedIn } from '@/lib/auth/session';
import { createFirstAccount, createSetupToken } from '@/lib/auth/setup';
import { listAlumni, listMembers } from '@/lib/db/queries';
import { galleryItems, members } from '@/lib/db/schema';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

let database: TestDatabase;
let editor: SignedIn;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const token = (await createSetupToken(database.db))!;
  const created = await createFirstAccount(database.db, token, {
    name: 'Mei Chen',
    email: 'mei@example.org',
    passwordHash: 'hash',
  });
  if (!created.ok) throw new Error('no first account');
  editor = { id: created.userId, name: 'Mei Chen', email: 'mei@example.org', role: 'super_admin' };
});
afterAll(async () => {
  await database.dispose();
});

/** Parses a form as the action does, then saves it. */
async function save(slug: CollectionSlug, id: number | null, values: Record<string, string>) {
  const current = id === null ? null : await findRecord(database.db, slug, id);
  const parsed = recordSchema(slug, current).safeParse({
    ...recordFormValues(slug, current),
    ...values,
  });
  if (!parsed.success) {
    return {
      ok: false as const,
      errors: Object.fromEntries(
        parsed.error.issues.map((issue) => [issue.path[0], issue.message]),
      ),
    };
  }
  return saveRecord(database.db, editor, slug, id, parsed.data);
}

async function president() {
  const team = await listMembers(database.db);
  return team.find((member) => member.position === 'President' && member.reportsTo === null)!;
}

describe(`the team chart's rules in the console (${DATABASE_UNDER_TEST})`, () => {
  it('adds a member under a leader, and the site lists them', async () => {
    const top = await president();
    const added = await save('members', null, {
      firstName: 'Lin',
      lastName: 'Wu',
      position: 'Events Associate',
      reportsTo: String(top.id),
    });
    expect(added).toMatchObject({ ok: true });
    const team = await listMembers(database.db);
    expect(team.at(-1)).toMatchObject({ firstName: 'Lin', reportsTo: top.id });
  });

  it('refuses a member reporting to themselves, a circle, and a second top President', async () => {
    const top = await president();
    expect(await save('members', top.id, { reportsTo: String(top.id) })).toEqual({
      ok: false,
      field: 'reportsTo',
      message: 'A member cannot report to themselves.',
    });
    const [report] = await database.db.select().from(members).where(eq(members.reportsTo, top.id));
    const circle = await save('members', top.id, { reportsTo: String(report!.id) });
    expect(circle).toMatchObject({
      ok: false,
      field: 'reportsTo',
      message: expect.stringContaining('that would make a circle'),
    });
    expect(
      await save('members', null, { firstName: 'A', lastName: 'B', position: 'Member' }),
    ).toEqual({
      ok: false,
      field: 'reportsTo',
      message: 'Choose who this member reports to: only the President reports to nobody.',
    });
    expect(
      await save('members', null, { firstName: 'A', lastName: 'B', position: 'President' }),
    ).toMatchObject({
      ok: false,
      field: 'position',
      message: expect.stringContaining('already the President'),
    });
    // Nothing was stored by the refused saves.
    expect((await findRecord(database.db, 'members', top.id))!.reportsTo).toBeNull();
  });

  it('refuses to remove a member others report to, and says who', async () => {
    const top = await president();
    const outcome = await deleteRecord(database.db, editor, 'members', top.id);
    expect(outcome).toMatchObject({
      ok: false,
      message: expect.stringContaining('report to them'),
    });
    expect(await findRecord(database.db, 'members', top.id)).not.toBeNull();
  });
});

describe(`the console's collections (${DATABASE_UNDER_TEST})`, () => {
  it('checks each field in words, and keeps links to http and https', async () => {
    expect(await save('alumni', null, { kind: '', name: '', position: 'x', major: 'y' })).toEqual({
      ok: false,
      errors: { kind: 'Choose section from the list.', name: 'Name is required.' },
    });
    expect(
      await save('sponsors', null, {
        name: 'Maple',
        logoImg: `/files/${'b'.repeat(40)}.webp`,
        link: 'javascript:alert(1)',
      }),
    ).toEqual({
      ok: false,
      errors: { link: 'Website must be a full web address starting with https://.' },
    });
    expect(await save('home-hero', null, {})).toEqual({
      ok: false,
      errors: { image: 'Upload a video or an image.' },
    });
  });

  it('adds a Telfer alumnus, logged, shown in its section', async () => {
    const added = await save('alumni', null, {
      kind: 'telfer',
      name: '王芳',
      position: 'Analyst',
      major: 'Finance',
      email: 'wang@example.org',
    });
    expect(added).toMatchObject({ ok: true });
    expect((await listAlumni(database.db, 'telfer')).map((row) => row.name)).toContain('王芳');
    const { entries } = await listAuditEntries(database.db, { recordType: 'alumni' });
    expect(entries[0]).toMatchObject({
      action: 'alumni.create',
      summary: 'Added the alumnus "王芳"',
    });
  });

  it('moves a record up and down the order the site shows', async () => {
    const order = async () =>
      (
        await database.db
          .select({ id: galleryItems.id })
          .from(galleryItems)
          .orderBy(asc(galleryItems.sortOrder), asc(galleryItems.id))
      ).map((row) => row.id);
    const before = await order();
    expect(before.length).toBeGreaterThan(2);
    expect(await moveRecord(database.db, editor, 'gallery', before[1]!, 'up')).toBe(true);
    expect(await order()).toEqual([before[1], before[0], ...before.slice(2)]);
    expect(await moveRecord(database.db, editor, 'gallery', before[1]!, 'up')).toBe(false);
    expect(await moveRecord(database.db, editor, 'gallery', before[1]!, 'down')).toBe(true);
    expect(await order()).toEqual(before);
  });

  it('searches and pages a list', async () => {
    const { rows } = await listRecords(database.db, 'alumni', { text: '王', page: 1 });
    expect(rows.map((row) => row.name)).toEqual(['王芳']);
  });

  it('dates a position today when no date is given', async () => {
    const added = await save('positions', null, { title: 'Designer', description: 'Posters.' });
    if (!added.ok) throw new Error('not saved');
    const row = await findRecord(database.db, 'positions', (added as { id: number }).id);
    expect(row!.postedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
