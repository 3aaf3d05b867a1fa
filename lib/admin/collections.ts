import 'server-only';
import { asc, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { recordChange } from '@/lib/audit/record';
import { requiredEmail, requiredLine, requiredText } from '@/lib/api/contract';
import type { SignedIn } from '@/lib/auth/session';
import type { Database } from '@/lib/db/client';
import {
  alumni,
  departments,
  designs,
  galleryItems,
  homeHeroMedia,
  imageRecords,
  members,
  openPositions,
  pageHeroImages,
  resources,
  sponsors,
} from '@/lib/db/schema';
import { clubDate } from '@/lib/db/time';
import { FINANCE_POSITION } from '@/lib/site/pyramid';
import type { DatabaseTag } from '@/lib/publish/publish';
import { COLLECTION_SPECS, type CollectionSlug, type FieldSpec } from './collection-specs';
import {
  mediaValue,
  optionalDate,
  optionalLine,
  optionalLink,
  optionalText,
  requiredLink,
  requiredMedia,
} from './fields';
import { containsPattern } from './search';

/**
 * The console's generic editor of the collections of collection-specs.ts: their tables, the
 * form's schema built from the spec, listing with search and paging, saving and deleting with
 * their audit entries, and moving a record up or down where the site shows them in order. The
 * team's chart rules are checked here too.
 */

export const RECORDS_PAGE_SIZE = 25;

type Sortable = PgTable & { id: AnyPgColumn; sortOrder: AnyPgColumn };

const TABLES: Record<CollectionSlug, { table: Sortable; tags: DatabaseTag[] }> = {
  members: { table: members, tags: ['db:members'] },
  alumni: { table: alumni, tags: ['db:alumni'] },
  sponsors: { table: sponsors, tags: ['db:sponsors'] },
  gallery: { table: galleryItems, tags: ['db:gallery'] },
  resources: { table: resources, tags: ['db:resources'] },
  designs: { table: designs, tags: ['db:designs'] },
  positions: { table: openPositions, tags: ['db:positions'] },
  heroes: { table: pageHeroImages, tags: ['db:hero'] },
  backgrounds: { table: imageRecords, tags: ['db:images'] },
  'home-hero': { table: homeHeroMedia, tags: ['db:hero'] },
};

export function tagsOf(slug: CollectionSlug): DatabaseTag[] {
  return TABLES[slug].tags;
}

/** A stored record, as Drizzle reads it. */
export type RecordRow = Record<string, unknown> & { id: number; sortOrder: number };

function columnsOf(slug: CollectionSlug): Record<string, AnyPgColumn> {
  return getTableColumns(TABLES[slug].table) as unknown as Record<string, AnyPgColumn>;
}

/** The name a record is listed under. */
export function recordName(slug: CollectionSlug, row: Record<string, unknown>): string {
  if (slug === 'members') return `${String(row.firstName)} ${String(row.lastName)}`;
  for (const key of ['name', 'title', 'text']) {
    if (typeof row[key] === 'string' && row[key]) return row[key];
  }
  if (slug === 'heroes') return `Banner #${row.id}`;
  if (slug === 'backgrounds') return `Background image #${row.id}`;
  if (slug === 'home-hero') return row.video ? `Video #${row.id}` : `Image #${row.id}`;
  return `#${String(row.id)}`;
}

export type ChoiceOption = { value: string; label: string };

/** The choices read from the database: departments and team members. */
export async function dynamicChoices(db: Database, excludeMemberId?: number) {
  const [departmentRows, memberRows] = await Promise.all([
    db.select().from(departments).orderBy(asc(departments.name)),
    db
      .select({
        id: members.id,
        firstName: members.firstName,
        lastName: members.lastName,
        position: members.position,
      })
      .from(members)
      .orderBy(asc(members.sortOrder), asc(members.id)),
  ]);
  return {
    department: departmentRows.map((row) => ({ value: String(row.id), label: row.name })),
    member: memberRows
      .filter((row) => row.id !== excludeMemberId)
      .map((row) => ({
        value: String(row.id),
        label: `${row.firstName} ${row.lastName} (${row.position})`,
      })),
  } satisfies Record<'department' | 'member', ChoiceOption[]>;
}

function fieldSchema(field: FieldSpec, current: Record<string, unknown> | null) {
  const max = field.max ?? 500;
  const previous = (current?.[field.column] as string | null | undefined) ?? null;
  switch (field.kind) {
    case 'line':
      return field.required ? requiredLine(field.label, max) : optionalLine(field.label, max);
    case 'text':
      return field.required ? requiredText(field.label, max) : optionalText(field.label, max);
    case 'email':
      return z.preprocess(
        (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
        requiredEmail().nullable(),
      );
    case 'link':
      return field.required ? requiredLink(field.label) : optionalLink(field.label);
    case 'date':
      return optionalDate(field.label);
    case 'media':
      return field.required
        ? requiredMedia(field.label, previous)
        : mediaValue(field.label, previous);
    case 'choice': {
      const message = `Choose ${field.label.toLowerCase()} from the list.`;
      if (Array.isArray(field.choices)) {
        const values = field.choices.map((choice) => choice.value);
        const choice = z.string().refine((value) => values.includes(value), message);
        return field.required
          ? z.string({ error: message }).min(1, message).pipe(choice)
          : z.preprocess((value) => (value === '' ? null : value), choice.nullable());
      }
      // An id from the database: checked again when saving (it may be gone by then).
      return z.preprocess(
        (value) => (value === '' || value === undefined ? null : value),
        z.coerce.number({ error: message }).int(message).positive(message).nullable(),
      );
    }
  }
}

/** The form's schema for a collection, over the values its inputs post. */
export function recordSchema(slug: CollectionSlug, current: Record<string, unknown> | null) {
  const spec = COLLECTION_SPECS[slug];
  const shape: Record<string, z.ZodType> = {};
  for (const field of spec.fields) shape[field.column] = fieldSchema(field, current);
  let schema: z.ZodType<Record<string, unknown>> = z.object(shape);
  if (slug === 'home-hero') {
    schema = schema.refine((value) => value.video !== null || value.image !== null, {
      path: ['image'],
      message: 'Upload a video or an image.',
    });
  }
  return schema;
}

/** The values of a record as its form's inputs show them. */
export function recordFormValues(
  slug: CollectionSlug,
  row: Record<string, unknown> | null,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of COLLECTION_SPECS[slug].fields) {
    const value = row?.[field.column];
    values[field.column] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

export async function listRecords(
  db: Database,
  slug: CollectionSlug,
  { text, page }: { text?: string; page: number },
): Promise<{ rows: RecordRow[]; hasMore: boolean }> {
  const { table } = TABLES[slug];
  const columns = columnsOf(slug);
  const pattern = containsPattern(text);
  const searchable = COLLECTION_SPECS[slug].fields
    .filter((field) => ['line', 'text', 'email', 'link'].includes(field.kind))
    .map((field) => columns[field.column]!);
  const where: SQL | undefined =
    pattern && searchable.length > 0
      ? or(...searchable.map((column) => ilike(column, pattern)))
      : undefined;
  const rows = (await db
    .select()
    .from(table)
    .where(where)
    .orderBy(asc(table.sortOrder), asc(table.id))
    .limit(RECORDS_PAGE_SIZE + 1)
    .offset((page - 1) * RECORDS_PAGE_SIZE)) as RecordRow[];
  return { rows: rows.slice(0, RECORDS_PAGE_SIZE), hasMore: rows.length > RECORDS_PAGE_SIZE };
}

export async function findRecord(
  db: Pick<Database, 'select'>,
  slug: CollectionSlug,
  id: number,
): Promise<RecordRow | null> {
  const { table } = TABLES[slug];
  const [row] = (await db.select().from(table).where(eq(table.id, id))) as RecordRow[];
  return row ?? null;
}

export type SaveOutcome = { ok: true; id: number } | { ok: false; field?: string; message: string };

type MemberValues = {
  position: string;
  reportsTo: number | null;
  departmentId: number | null;
};

/**
 * The team chart's rules (spec section 4): nobody reports to themselves or, through others, to
 * someone who reports to them; only the President reports to nobody, and there is one such
 * President and one VP Finance; the leader and the department exist.
 */
async function checkTeamRules(
  db: Pick<Database, 'select'>,
  id: number | null,
  values: MemberValues,
): Promise<{ field: string; message: string } | null> {
  const team = await db
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      position: members.position,
      reportsTo: members.reportsTo,
    })
    .from(members);
  const byId = new Map(team.map((member) => [member.id, member]));
  const name = (member: { firstName: string; lastName: string }) =>
    `${member.firstName} ${member.lastName}`;
  if (values.departmentId !== null) {
    const [department] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.id, values.departmentId));
    if (!department)
      return { field: 'departmentId', message: 'Choose a department from the list.' };
  }
  if (values.reportsTo !== null) {
    if (values.reportsTo === id) {
      return { field: 'reportsTo', message: 'A member cannot report to themselves.' };
    }
    const leader = byId.get(values.reportsTo);
    if (!leader) return { field: 'reportsTo', message: 'Choose who they report to from the list.' };
    // Walk up from the new leader: meeting this member again would close a circle.
    const seen = new Set<number>();
    for (let current = leader; current; current = byId.get(current.reportsTo ?? -1)!) {
      if (id !== null && current.id === id) {
        return {
          field: 'reportsTo',
          message: `${name(leader)} already reports, directly or through others, to this member: that would make a circle.`,
        };
      }
      if (seen.has(current.id) || current.reportsTo === null) break;
      seen.add(current.id);
    }
  } else if (values.position !== 'President') {
    return {
      field: 'reportsTo',
      message: 'Choose who this member reports to: only the President reports to nobody.',
    };
  } else {
    const otherTop = team.find(
      (member) => member.id !== id && member.position === 'President' && member.reportsTo === null,
    );
    if (otherTop) {
      return {
        field: 'position',
        message: `${name(otherTop)} is already the President at the top of the chart. Change theirs first, or choose who this member reports to.`,
      };
    }
  }
  if (values.position === FINANCE_POSITION) {
    const other = team.find((member) => member.id !== id && member.position === FINANCE_POSITION);
    if (other) {
      return { field: 'position', message: `${name(other)} is already the ${FINANCE_POSITION}.` };
    }
  }
  return null;
}

/** The short before/after the audit log keeps: the form's fields. */
function snapshot(slug: CollectionSlug, row: Record<string, unknown>) {
  const kept: Record<string, unknown> = {};
  for (const field of COLLECTION_SPECS[slug].fields) {
    const value = row[field.column];
    kept[field.column] =
      typeof value === 'string' && value.length > 80 ? `${value.slice(0, 79)}…` : value;
  }
  return kept;
}

const today = () => clubDate(new Date());

export async function saveRecord(
  db: Database,
  actor: SignedIn,
  slug: CollectionSlug,
  id: number | null,
  values: Record<string, unknown>,
): Promise<SaveOutcome> {
  const { table } = TABLES[slug];
  const spec = COLLECTION_SPECS[slug];
  return db.transaction(async (tx) => {
    if (slug === 'members') {
      // One editor at a time: two saves cannot each make half of a circle.
      await tx.execute(sql`lock table ${members} in share row exclusive mode`);
      const broken = await checkTeamRules(tx, id, values as MemberValues);
      if (broken) return { ok: false, ...broken };
    }
    const data = { ...values };
    if (slug === 'positions' && data.postedAt === null) data.postedAt = today();
    if (id === null) {
      const [last] = await tx
        .select({ sortOrder: table.sortOrder })
        .from(table)
        .orderBy(desc(table.sortOrder))
        .limit(1);
      const sortOrder = Number(last?.sortOrder ?? 0) + 1;
      // The values were checked against the spec's fields, which are this table's columns.
      const [created] = (await tx
        .insert(table)
        .values({ ...data, sortOrder } as never)
        .returning()) as RecordRow[];
      await recordChange(tx, actor, {
        action: `${slug}.create`,
        recordType: slug,
        recordId: created!.id,
        summary: `Added the ${spec.singular} "${recordName(slug, created!)}"`,
        after: snapshot(slug, created!),
      });
      return { ok: true, id: created!.id };
    }
    const before = await findRecord(tx, slug, id);
    if (!before) return { ok: false, message: `This ${spec.singular} no longer exists.` };
    const [after] = (await tx
      .update(table)
      .set(data as never)
      .where(eq(table.id, id))
      .returning()) as RecordRow[];
    await recordChange(tx, actor, {
      action: `${slug}.update`,
      recordType: slug,
      recordId: id,
      summary: `Changed the ${spec.singular} "${recordName(slug, after!)}"`,
      before: snapshot(slug, before),
      after: snapshot(slug, after!),
    });
    return { ok: true, id };
  });
}

export type DeleteOutcome = { ok: true; name: string } | { ok: false; message: string };

export async function deleteRecord(
  db: Database,
  actor: SignedIn,
  slug: CollectionSlug,
  id: number,
): Promise<DeleteOutcome> {
  const { table } = TABLES[slug];
  const spec = COLLECTION_SPECS[slug];
  return db.transaction(async (tx) => {
    const row = await findRecord(tx, slug, id);
    if (!row) return { ok: false, message: `This ${spec.singular} no longer exists.` };
    const name = recordName(slug, row);
    if (slug === 'members') {
      const reports = await tx
        .select({ firstName: members.firstName, lastName: members.lastName })
        .from(members)
        .where(eq(members.reportsTo, id));
      if (reports.length > 0) {
        const names = reports.map((member) => `${member.firstName} ${member.lastName}`);
        return {
          ok: false,
          message: `${name} cannot be removed while ${names.join(', ')} ${reports.length === 1 ? 'reports' : 'report'} to them. Choose another leader for ${reports.length === 1 ? 'them' : 'each of them'} first.`,
        };
      }
    }
    await tx.delete(table).where(eq(table.id, id));
    await recordChange(tx, actor, {
      action: `${slug}.delete`,
      recordType: slug,
      recordId: id,
      summary: `Removed the ${spec.singular} "${name}"`,
      before: snapshot(slug, row),
    });
    return { ok: true, name };
  });
}

/**
 * Swaps a record with its neighbour in the order the site shows them. The list is numbered
 * again 1, 2, 3… on the way (collections hold tens of records), so equal sort orders left by
 * earlier data cannot make a move do nothing.
 */
export async function moveRecord(
  db: Database,
  actor: SignedIn,
  slug: CollectionSlug,
  id: number,
  direction: 'up' | 'down',
): Promise<boolean> {
  const { table } = TABLES[slug];
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${table} in share row exclusive mode`);
    const ordered = (await tx
      .select({ id: table.id, sortOrder: table.sortOrder })
      .from(table)
      .orderBy(asc(table.sortOrder), asc(table.id))) as { id: number; sortOrder: number }[];
    const index = ordered.findIndex((row) => row.id === id);
    const target = direction === 'up' ? index - 1 : index + 1;
    if (index === -1 || target < 0 || target >= ordered.length) return false;
    const ids = ordered.map((row) => row.id);
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    for (const [position, rowId] of ids.entries()) {
      if (ordered[position]!.sortOrder !== position + 1 || ordered[position]!.id !== rowId) {
        await tx
          .update(table)
          .set({ sortOrder: position + 1 } as never)
          .where(eq(table.id, rowId));
      }
    }
    const row = await findRecord(tx, slug, id);
    await recordChange(tx, actor, {
      action: `${slug}.move`,
      recordType: slug,
      recordId: id,
      summary: `Moved "${recordName(slug, row ?? { id })}" ${direction} in ${COLLECTION_SPECS[slug].title.toLowerCase()}`,
    });
    return true;
  });
}
