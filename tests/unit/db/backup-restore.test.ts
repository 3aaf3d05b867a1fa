import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import { extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as backupRoute } from '@/app/api/backup/route';
import {
  type Database,
  type DatabaseHandle,
  openDatabase,
  setDatabaseForTests,
} from '@/lib/db/client';
import { manifestSchema } from '@/lib/db/backup/manifest';
import * as schema from '@/lib/db/schema';
import { seedDatabase } from '@/lib/db/seed';
import { getServerEnv } from '@/lib/env/server';
import { DiskObjectStore } from '@/lib/storage/disk';
import type { ObjectStore } from '@/lib/storage/objects';
import { S3ObjectStore } from '@/lib/storage/s3';
import { readUpload, storeUpload } from '@/lib/submissions/uploads';
import { pdfBytes } from '../api/support/resume-files';
import { startS3Server } from '../support/s3-server';
import { createTestDataFolder } from './support/test-database';

vi.mock('next/cache', () => import('../api/support/next-cache'));

/*
 * npm run db:backup, then npm run db:restore into a fresh database, run as the club runs them (the
 * scripts in their own processes): every table of lib/db/schema/ comes back row for row, and
 * the uploaded files byte for byte. On PGlite the source stays open in this process while the
 * backup runs, as the site holds it, so the dump comes through the site's POST /api/backup.
 */

const root = process.cwd();
const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const serverUrl = getServerEnv().DATABASE_URL;

type Run = { code: number | null; stdout: string; stderr: string };

function runScript(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [tsxCli, '--conditions=react-server', path.join('scripts', 'db', `${script}.ts`), ...args],
      { cwd: root, env: { ...process.env, ...env } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every table the schema declares: a table the backup left out fails the comparison. */
const SCHEMA_TABLES = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

/** Every row of every table, as JSON text, sorted: the whole database, comparable. */
async function contents(db: Database): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const table of SCHEMA_TABLES) {
    // Both drivers answer { rows }; the generic database type does not say so.
    const result = (await db.execute(
      sql.raw(`select to_jsonb(t)::text as row from "${table}" t`),
    )) as unknown as { rows: { row: string }[] };
    all[table] = result.rows.map((row) => row.row).sort();
  }
  return all;
}

/**
 * The club's data: the seed content and events, and the things a backup exists for: members in
 * several states with their history, payments and a refund, registrations, a job application
 * with its resume, and a picture uploaded in the console.
 */
async function fillDatabase(db: Database, uploads: ObjectStore) {
  await seedDatabase(db);
  const now = new Date('2026-09-15T15:00:00Z');
  await db.insert(schema.membershipYears).values({
    year: 2031,
    etransferAddress: 'finance@tcsa.example.org',
    etransferInstructions: 'Put your reference in the message.',
    lastMemberNumber: 2,
  });
  const [type] = await db
    .insert(schema.membershipTypes)
    .values({
      year: 2031,
      name: 'Regular',
      priceCents: 2500,
      saleOpensOn: '2026-09-01',
      saleClosesOn: '2027-03-31',
      validFrom: '2026-09-01',
      validUntil: '2027-08-31',
    })
    .returning();
  const member = (n: number, status: string, memberId: string | null) => ({
    year: 2031,
    typeId: type!.id,
    paymentReference: `M31-TEST0${n}`,
    status,
    memberId,
    legalName: `Member ${n} 陈`,
    preferredName: `Member ${n}`,
    uottawaEmail: `member${n}@uottawa.ca`,
    program: 'Finance',
    yearOfStudy: '2',
    expectedGraduationYear: 2028,
    industries: ['finance'],
    notificationConsent: n % 2 === 0,
    termsAcceptedAt: now,
    priceCents: 2500,
    validFrom: '2026-09-01',
    validUntil: '2027-08-31',
    activatedAt: memberId ? now : null,
  });
  const rows = await db
    .insert(schema.memberships)
    .values([
      member(1, 'active', 'TCSA-31-0001'),
      member(2, 'refunded', 'TCSA-31-0002'),
      member(3, 'pending', null),
    ])
    .returning();
  const [active, refunded, pending] = rows as [
    (typeof rows)[number],
    (typeof rows)[number],
    (typeof rows)[number],
  ];
  await db.insert(schema.membershipStatusChanges).values([
    { membershipId: active.id, fromStatus: null, toStatus: 'pending', actor: 'applicant' },
    {
      membershipId: active.id,
      fromStatus: 'pending',
      toStatus: 'active',
      actor: 'staff',
      actorName: 'Finance',
    },
    {
      membershipId: refunded.id,
      fromStatus: 'active',
      toStatus: 'refunded',
      actor: 'staff',
      reason: 'Asked',
    },
    { membershipId: pending.id, fromStatus: null, toStatus: 'pending', actor: 'applicant' },
  ]);
  const payment = (membershipId: number, reference: string) => ({
    membershipId,
    method: 'etransfer',
    amountCents: 2500,
    receivedOn: '2026-09-14',
    transactionReference: reference,
    state: 'confirmed',
    recordedByName: 'Finance',
    confirmedAt: now,
    confirmedByName: 'Finance',
  });
  const [, refundedPayment] = await db
    .insert(schema.membershipPayments)
    .values([payment(active.id, 'CA1x9'), payment(refunded.id, 'CA2y8')])
    .returning();
  await db.insert(schema.membershipRefunds).values({
    membershipId: refunded.id,
    paymentId: refundedPayment!.id,
    amountCents: 2500,
    reason: 'Moved away',
    state: 'done',
    refundedOn: '2026-09-20',
    recordedByName: 'Finance',
  });
  const [event] = await db.select().from(schema.events).limit(1);
  await db.insert(schema.eventRegistrations).values(
    ['ana', 'bo', 'chen'].map((name) => ({
      eventId: event!.id,
      firstName: name,
      lastName: 'Test',
      email: `${name}@example.org`,
    })),
  );
  const resume = pdfBytes(40_000);
  const storedName = await storeUpload(resume, 'pdf', uploads);
  await db.insert(schema.jobApplications).values({
    applicantName: 'Li Wei',
    applicantEmail: 'li@example.org',
    position: 'VP Finance',
    resumeStoredName: storedName,
    resumeOriginalName: 'cv.pdf',
    resumeContentType: 'application/pdf',
    resumeSize: resume.byteLength,
  });
  const picture = randomBytes(20_000);
  await uploads.put('media/f00d.webp', picture, 'image/webp');
  return { storedName, resume, picture };
}

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'tcsa-backup-test-'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** The one backup file the folder holds. */
function backupIn(folder: string): string {
  const files = readdirSync(folder).filter((name) => name.endsWith('.tar.gz'));
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^tcsa-\d{4}-\d\d-\d\dT\d{4}Z\.tar\.gz$/);
  return path.join(folder, files[0]!);
}

/** The archive's manifest: it counts every table of the schema, as the source holds them. */
async function expectManifestCountsEveryTable(file: string, source: Database) {
  const folder = mkdtempSync(path.join(work, 'manifest-'));
  await extract({ file, cwd: folder, filter: (name) => name === 'manifest.json' });
  const manifest = manifestSchema.parse(
    JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')),
  );
  const sourceContents = await contents(source);
  for (const table of SCHEMA_TABLES) {
    expect(manifest.database.tables[`public.${table}`], table).toBe(sourceContents[table]!.length);
  }
  return manifest;
}

/** The restored database, opened as the site opens it at start (migrations applied). */
async function expectSameData(
  source: Database,
  restored: DatabaseHandle,
  restoredUploads: ObjectStore,
  files: Awaited<ReturnType<typeof fillDatabase>>,
) {
  const before = await contents(source);
  for (const table of [
    'memberships',
    'membership_payments',
    'membership_refunds',
    'membership_status_changes',
    'event_registrations',
    'job_applications',
  ]) {
    expect(before[table]!.length, table).toBeGreaterThan(0);
  }
  expect(await contents(restored.db)).toEqual(before);
  expect(
    (await readUpload(files.storedName, restoredUploads))?.equals(Buffer.from(files.resume)),
  ).toBe(true);
  expect((await restoredUploads.read('media/f00d.webp'))?.equals(files.picture)).toBe(true);
}

describe.skipIf(serverUrl)('backup and restore (PGlite, the site running)', () => {
  let source: DatabaseHandle;
  let site: Server;
  let siteUrl: string;
  const sourceDir = () => path.join(work, 'source', 'pglite');
  const sourceUploads = () => path.join(work, 'source', 'uploads');

  beforeAll(async () => {
    // The source starts as a copy of a migrated database (no initdb); the backups and restores
    // below are the real ones.
    await createTestDataFolder(sourceDir());
    source = await openDatabase({ dataDir: sourceDir() });
    setDatabaseForTests(source);
    // The site's backup route, served as the site serves it, on this process's open database.
    site = createServer((request, response) => {
      void (async () => {
        const answer = await backupRoute(
          new Request(`http://localhost${request.url}`, {
            method: request.method,
            headers: request.headers as Record<string, string>,
          }),
        );
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end(Buffer.from(await answer.arrayBuffer()));
      })();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await new Promise<void>((resolve) => site.close(() => resolve()));
    await source.close();
  });

  it('backs up through the running site, refuses a restore onto it, restores into a fresh folder', async () => {
    const files = await fillDatabase(source.db, new DiskObjectStore(sourceUploads()));
    const backups = path.join(work, 'backups');
    const env = { PGLITE_DATA_DIR: sourceDir(), UPLOADS_DIR: sourceUploads(), BACKUP_DIR: backups };

    const backup = await runScript('backup', ['--site', siteUrl], env);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('pglite (running-site)');
    const file = backupIn(backups);
    const manifest = await expectManifestCountsEveryTable(file, source.db);
    // The route gives the data folder to the token beside it only.
    const wrong = await fetch(`${siteUrl}/api/backup`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${'0'.repeat(64)}` },
    });
    expect(wrong.status).toBe(401);
    expect(Object.keys(manifest.uploads.files).sort()).toEqual([
      files.storedName,
      'media/f00d.webp',
    ]);

    // The site holds its folder: a restore onto it is refused, and changes nothing.
    const busy = await runScript('restore', [file, '--yes'], env);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/in use.*Stop the site first/s);

    const target = {
      PGLITE_DATA_DIR: path.join(work, 'restored', 'pglite'),
      UPLOADS_DIR: path.join(work, 'restored', 'uploads'),
    };
    const restore = await runScript('restore', [file], target);
    expect(restore.code, restore.stderr).toBe(0);

    // Again onto data: --yes first, and the replaced folders are kept aside.
    const again = await runScript('restore', [file], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/holds \d+ rows.*--yes/s);
    const replaced = await runScript('restore', [file, '--yes'], target);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toContain('before-restore-');

    const restored = await openDatabase({ dataDir: target.PGLITE_DATA_DIR });
    try {
      await expectSameData(source.db, restored, new DiskObjectStore(target.UPLOADS_DIR), files);
    } finally {
      await restored.close();
    }
  });
});

describe.runIf(serverUrl)('backup and restore (PostgreSQL, pg_dump)', () => {
  const admin = () => new Pool({ connectionString: serverUrl, max: 1 });
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const names = { source: `tcsa_backup_src_${suffix}`, target: `tcsa_backup_dst_${suffix}` };
  const urlOf = (name: string) => {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  let pool: Pool;
  let source: DatabaseHandle;

  beforeAll(async () => {
    pool = admin();
    await pool.query(`create database "${names.source}"`);
    await pool.query(`create database "${names.target}"`);
    source = await openDatabase({ databaseUrl: urlOf(names.source) });
  });
  afterAll(async () => {
    await source.close();
    for (const name of Object.values(names)) {
      await pool.query(`drop database if exists "${name}" with (force)`);
    }
    await pool.end();
  });

  it('backs up with pg_dump, refuses a database in use, restores into a fresh database', async () => {
    const uploads = path.join(work, 'pg-source-uploads');
    const files = await fillDatabase(source.db, new DiskObjectStore(uploads));
    const backups = path.join(work, 'pg-backups');
    const backup = await runScript('backup', [], {
      DATABASE_URL: urlOf(names.source),
      UPLOADS_DIR: uploads,
      BACKUP_DIR: backups,
    });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('postgres (pg_dump)');
    const file = backupIn(backups);
    await expectManifestCountsEveryTable(file, source.db);

    const target = {
      DATABASE_URL: urlOf(names.target),
      UPLOADS_DIR: path.join(work, 'pg-restored-uploads'),
    };
    // The site (here: this open, migrated database) is connected: refused.
    const open = await openDatabase({ databaseUrl: target.DATABASE_URL });
    const busy = await runScript('restore', [file, '--yes'], target);
    await open.close();
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/in use by \d+ other connection/);

    const restore = await runScript('restore', [file], target);
    expect(restore.code, restore.stderr).toBe(0);
    const again = await runScript('restore', [file], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/holds \d+ rows.*--yes/s);
    const replaced = await runScript('restore', [file, '--yes'], target);
    expect(replaced.code, replaced.stderr).toBe(0);

    const restored = await openDatabase({ databaseUrl: target.DATABASE_URL });
    try {
      await expectSameData(source.db, restored, new DiskObjectStore(target.UPLOADS_DIR), files);
    } finally {
      await restored.close();
    }
  });
});

/*
 * The uploaded files in a bucket (S3_* set; a real S3-protocol server, s3rver): the backup reads
 * every object into the archive, and the restore writes them into another bucket and deletes the
 * objects the backup does not hold, on whichever database this pass tests (on the embedded one the
 * site is stopped, so the script dumps the data folder itself).
 */
describe('backup and restore with the files in a bucket', () => {
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const names = { source: `tcsa_s3_src_${suffix}`, target: `tcsa_s3_dst_${suffix}` };
  const urlOf = (name: string) => {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const dataDir = (which: 'source' | 'target') => path.join(work, `s3-${which}`, 'pglite');
  const databaseEnv = (which: 'source' | 'target'): Record<string, string> =>
    serverUrl ? { DATABASE_URL: urlOf(names[which]) } : { PGLITE_DATA_DIR: dataDir(which) };
  const open = (which: 'source' | 'target') =>
    openDatabase(serverUrl ? { databaseUrl: urlOf(names[which]) } : { dataDir: dataDir(which) });
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let pool: Pool | null = null;

  beforeAll(async () => {
    s3 = await startS3Server(['club-files', 'restored-files']);
    if (serverUrl) {
      pool = new Pool({ connectionString: serverUrl, max: 1 });
      for (const name of Object.values(names)) await pool.query(`create database "${name}"`);
    } else {
      await createTestDataFolder(dataDir('source'));
    }
  });
  afterAll(async () => {
    await s3.close();
    if (pool) {
      for (const name of Object.values(names)) {
        await pool.query(`drop database if exists "${name}" with (force)`);
      }
      await pool.end();
    }
  });

  it('backs up every object and restores them into a bucket, removing the objects the backup does not hold', async () => {
    const source = await open('source');
    const bucket = new S3ObjectStore(s3.settings('club-files'));
    let files: Awaited<ReturnType<typeof fillDatabase>>;
    try {
      files = await fillDatabase(source.db, bucket);
    } finally {
      // A stopped site: the backup opens the embedded folder itself.
      if (!serverUrl) await source.close();
    }
    const backups = path.join(work, 's3-backups');
    const backup = await runScript('backup', [], {
      ...databaseEnv('source'),
      ...s3.env('club-files'),
      BACKUP_DIR: backups,
    });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('2 uploaded file(s)');
    const file = backupIn(backups);
    const checked = serverUrl ? source : await open('source');
    try {
      const manifest = await expectManifestCountsEveryTable(file, checked.db);
      expect(Object.keys(manifest.uploads.files).sort()).toEqual([
        files.storedName,
        'media/f00d.webp',
      ]);

      // The target bucket holds a file of its own: a restore asks for --yes, then removes it.
      const target = { ...databaseEnv('target'), ...s3.env('restored-files') };
      const restoredBucket = new S3ObjectStore(s3.settings('restored-files'));
      await restoredBucket.put('media/0ld.webp', Buffer.from('old'), 'image/webp');
      const refused = await runScript('restore', [file], target);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `The bucket restored-files at ${s3.endpoint} holds 1 file(s). Run again with --yes to replace it with the backup.`,
      );
      expect(await restoredBucket.list()).toEqual([{ key: 'media/0ld.webp', size: 3 }]);

      const restore = await runScript('restore', [file, '--yes'], target);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain('2 uploaded file(s), checked against the backup');
      expect((await restoredBucket.list()).map((entry) => entry.key)).toEqual([
        files.storedName,
        'media/f00d.webp',
      ]);
      const restored = await open('target');
      try {
        await expectSameData(checked.db, restored, restoredBucket, files);
      } finally {
        await restored.close();
      }
    } finally {
      await checked.close();
    }
  });
});
