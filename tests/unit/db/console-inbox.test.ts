import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '@/lib/audit/read';
import { dataUnderEmail, erasePersonalData } from '@/lib/admin/erasure';
import {
  inboxCounts,
  inboxStateOf,
  listInbox,
  markManyHandled,
  markRead,
  setHandled,
  submissionRefOf,
  unhandledCount,
} from '@/lib/admin/inbox';
import type { SignedIn } from '@/lib/auth/session';
import { createFirstAccount, createSetupToken } from '@/lib/auth/setup';
import { insertContactMessage, insertJobApplication, insertServiceRequest } from '@/lib/db/queries';
import { registerForEvent } from '@/lib/registrations/intake';
import { events } from '@/lib/db/schema';
import { resetServerEnvForTests } from '@/lib/env/server';
import { DiskObjectStore } from '@/lib/storage/disk';
import { storeUpload } from '@/lib/submissions/uploads';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

let database: TestDatabase;
let uploads: string;
let admin: SignedIn;

const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), 'tcsa-inbox-'));
  process.env.UPLOADS_DIR = uploads;
  resetServerEnvForTests();
  database = await createTestDatabase({ seed: false });
  const token = (await createSetupToken(database.db))!;
  const created = await createFirstAccount(database.db, token, {
    name: 'Mei Chen',
    email: 'mei@example.org',
    passwordHash: 'hash',
  });
  if (!created.ok) throw new Error('no first account');
  admin = { id: created.userId, name: 'Mei Chen', email: 'mei@example.org', role: 'super_admin' };
});
afterAll(async () => {
  await database.dispose();
  delete process.env.UPLOADS_DIR;
  resetServerEnvForTests();
  rmSync(uploads, { recursive: true, force: true });
});

async function application(name: string, email: string) {
  const stored = await storeUpload(PDF, 'pdf', new DiskObjectStore(uploads));
  return insertJobApplication(database.db, {
    applicantName: name,
    applicantEmail: email,
    position: 'Marketing Director',
    resumeStoredName: stored,
    resumeOriginalName: 'cv.pdf',
    resumeContentType: 'application/pdf',
    resumeSize: PDF.byteLength,
  });
}

describe(`the inbox (${DATABASE_UNDER_TEST})`, () => {
  it('lists the three kinds newest first, with their states, and searches them', async () => {
    const db = database.db;
    const message = await insertContactMessage(db, {
      senderName: 'Wei Zhang',
      senderEmail: 'wei@example.org',
      message: 'Can I join mid-term?',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await insertServiceRequest(db, {
      name: 'Maple Co.',
      email: 'hr@maple.example',
      needs: 'A bilingual workshop',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await application('Yan Liu', 'yan@example.org');

    const open = await listInbox(db, { state: 'open', page: 1 });
    expect(open.items.map((item) => [item.kind, item.name])).toEqual([
      ['application', 'Yan Liu'],
      ['request', 'Maple Co.'],
      ['message', 'Wei Zhang'],
    ]);
    expect(open.items[0]).toMatchObject({
      subject: 'Marketing Director',
      body: null,
      readAt: null,
    });
    expect(await unhandledCount(db)).toBe(3);

    expect(
      (await listInbox(db, { state: 'all', text: 'workshop', page: 1 })).items.map(
        (item) => item.name,
      ),
    ).toEqual(['Maple Co.']);

    await markRead(db, 'message', message.id);
    expect(await setHandled(db, admin, 'message', message.id, true)).toBe(true);
    expect((await listInbox(db, { state: 'open', page: 1 })).items).toHaveLength(2);
    const handled = await listInbox(db, { state: 'handled', page: 1 });
    expect(handled.items).toMatchObject([{ kind: 'message', id: message.id }]);
    expect(handled.items[0]!.readAt).toBeInstanceOf(Date);
    expect(await unhandledCount(db)).toBe(2);
    expect(await setHandled(db, admin, 'message', 999_999, true)).toBe(false);

    // Words searched from the inbox as it opens look in every kind and state: the handled
    // message is found beside the open request; a tab chosen with the words filters them.
    const searched = (words: string, stateParam = '') =>
      listInbox(db, { state: inboxStateOf(stateParam, words), text: words, page: 1 });
    expect(inboxStateOf('', '')).toBe('open');
    expect((await searched('example')).items.map((item) => item.kind)).toEqual([
      'application',
      'request',
      'message',
    ]);
    expect((await searched('mid-term')).items).toMatchObject([{ kind: 'message' }]);
    expect((await searched('mid-term', 'open')).items).toEqual([]);
    expect(await inboxCounts(db, 'example')).toEqual({ all: 3, open: 2, handled: 1 });
    expect(await inboxCounts(db, 'mid-term')).toEqual({ all: 1, open: 0, handled: 1 });
  });

  it('marks several submissions handled in one go, one audit entry each, skipping the handled', async () => {
    const db = database.db;
    const sent = await Promise.all(
      ['Ada', 'Bo', 'Cy'].map((name) =>
        insertContactMessage(db, {
          senderName: name,
          senderEmail: `${name.toLowerCase()}@example.org`,
          message: 'Bulk',
        }),
      ),
    );
    await setHandled(db, admin, 'message', sent[0]!.id, true);
    const before = (await listAuditEntries(db, { recordType: 'message' })).entries.length;
    const refs = sent.map((row) => submissionRefOf(`message:${row.id}`)!);
    expect(await markManyHandled(db, admin, refs)).toBe(2);
    const { entries } = await listAuditEntries(db, { recordType: 'message' });
    expect(entries.length).toBe(before + 2);
    expect(
      entries
        .slice(0, 2)
        .map((entry) => entry.summary)
        .sort(),
    ).toEqual(
      [
        `Marked handled: contact message #${sent[1]!.id}`,
        `Marked handled: contact message #${sent[2]!.id}`,
      ].sort(),
    );
    const { items } = await listInbox(db, { text: 'Bulk', state: 'open', page: 1 });
    expect(items).toEqual([]);
    expect(await markManyHandled(db, admin, refs)).toBe(0);
  });

  it('reads a bulk form’s `kind:id` values, and nothing else', () => {
    expect(submissionRefOf('request:12')).toEqual({ kind: 'request', id: 12 });
    for (const value of [
      'nothing:1',
      'message:',
      'message:1.5',
      'message:-1',
      ' message:1',
      null,
    ]) {
      expect(submissionRefOf(value)).toBeNull();
    }
  });

  it('erases everything stored under one email, the resume files too, and logs counts, not the address', async () => {
    const db = database.db;
    const email = 'Erase.Me@Example.org';
    await insertContactMessage(db, { senderName: 'E', senderEmail: email, message: 'Hi' });
    await insertServiceRequest(db, { name: 'E', email: 'erase.me@example.org', needs: 'x' });
    const applied = await application('E', 'erase.me@example.org');
    const [event] = await db.insert(events).values({ title: 'Tea talk' }).returning();
    await registerForEvent(db, event!.id, { firstName: 'E', lastName: 'M', email });
    await insertContactMessage(db, {
      senderName: 'Kept',
      senderEmail: 'kept@example.org',
      message: 'Stay',
    });

    const nothingElse = {
      memberships: 0,
      changeRequests: 0,
      auditEntries: 0,
      payments: 0,
      refunds: 0,
    };
    expect(await dataUnderEmail(db, ' erase.me@example.org ')).toEqual({
      messages: 1,
      requests: 1,
      applications: 1,
      registrations: 1,
      // The registration's confirmation.
      emails: 1,
      ...nothingElse,
    });
    const resumeFile = path.join(uploads, applied.resumeStoredName);
    expect(existsSync(resumeFile)).toBe(true);

    const counts = await erasePersonalData(db, admin, 'erase.me@example.org');
    expect(counts).toEqual({
      messages: 1,
      requests: 1,
      applications: 1,
      registrations: 1,
      emails: 1,
      ...nothingElse,
    });
    expect(await dataUnderEmail(db, email)).toEqual({
      messages: 0,
      requests: 0,
      applications: 0,
      registrations: 0,
      emails: 0,
      ...nothingElse,
    });
    expect(existsSync(resumeFile)).toBe(false);
    const all = await listInbox(db, { state: 'all', text: 'kept', page: 1 });
    expect(all.items).toHaveLength(1);

    const { entries } = await listAuditEntries(db, { recordType: 'person' });
    expect(entries[0]).toMatchObject({
      action: 'personalData.erase',
      summary:
        "Erased a person's data on request: 1 event registration, 1 email, 1 contact message, 1 service request, 1 job application",
    });
    expect(JSON.stringify(entries[0])).not.toMatch(/erase\.me/i);
  });
});
