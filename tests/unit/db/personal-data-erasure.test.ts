import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUnderEmail, erasedAddress, erasePersonalData } from '@/lib/admin/erasure';
import { erasurePreview } from '@/lib/admin/erasure-counts';
import { recordChange } from '@/lib/audit/record';
import type { SignedIn } from '@/lib/auth/session';
import { insertContactMessage } from '@/lib/db/queries';
import {
  auditLog,
  emailOutbox,
  eventRegistrations,
  membershipChangeRequests,
  membershipPayments,
  membershipRefunds,
  memberships,
  membershipStatusChanges,
} from '@/lib/db/schema';
import { queueEmail } from '@/lib/mail/outbox';
import { confirmChangeRequest, storeChangeRequest } from '@/lib/memberships/change-requests';
import {
  CORRECTION_ACTION,
  correctionsOf,
  correctMembershipDetails,
  detailValuesOf,
} from '@/lib/memberships/details';
import { registerForEvent } from '@/lib/registrations/intake';
import { addApplication, addMembershipType, addStaff } from './support/memberships';
import { insertEvent } from './support/staff';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * 'Erase a person's data' reaches everything stored under the address: after it, a scan of
 * every text and JSON column of every table finds the person's names and addresses nowhere, and
 * the club's books (payments, refunds) are what they were.
 */

let database: TestDatabase;
const admin: SignedIn = {
  id: 'erasure-admin',
  name: 'Mei Chen',
  email: 'erasure-admin@example.org',
  role: 'super_admin',
};
const finance = { id: 'erasure-finance', name: 'Grace Wu' };

/** The person: names and addresses no other row of the test holds, in any case. */
const PERSON = {
  legalName: 'Quillon Marrowby',
  preferredName: 'Quillo',
  uottawaEmail: 'qmarr042@uottawa.ca',
  personalEmail: 'quillo.m@example.net',
  wechatId: 'quillo_wx',
  linkedinUrl: 'https://www.linkedin.com/in/quillon-marrowby',
};
/** The uOttawa address they applied with, which staff corrected to PERSON's. */
const OLD_ADDRESS = 'qzold55@uottawa.ca';
/** Lower-case pieces of every name and address above (and of the new address they asked for). */
const NEEDLES = ['quillon', 'marrowby', 'quillo', 'qmarr042', 'qzold55'];
const REFERENCE = 'M26-7KQ4XW';

type Rows<T> = { rows: T[] };

/** Every `table.column: needle` of a text, varchar or JSON column holding a needle. */
async function scanEveryTable(): Promise<string[]> {
  const columns = (await database.db.execute(sql`
    select c.table_schema, c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE'
      and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')
    order by c.table_schema, c.table_name, c.column_name`)) as Rows<{
    table_schema: string;
    table_name: string;
    column_name: string;
  }>;
  expect(columns.rows.length).toBeGreaterThan(50);
  const hits: string[] = [];
  for (const { table_schema: schema, table_name: table, column_name: column } of columns.rows) {
    for (const needle of NEEDLES) {
      const found = (await database.db.execute(
        sql`select count(*)::int as count from ${sql.identifier(schema)}.${sql.identifier(table)}
            where strpos(lower(${sql.identifier(column)}::text), ${needle}) > 0`,
      )) as Rows<{ count: number }>;
      if (Number(found.rows[0]!.count) > 0) hits.push(`${table}.${column}: ${needle}`);
    }
  }
  return hits;
}

/** What the club's books hold: every payment's and refund's money facts, and the totals. */
async function books() {
  const payments = await database.db
    .select({
      id: membershipPayments.id,
      membershipId: membershipPayments.membershipId,
      amountCents: membershipPayments.amountCents,
      receivedOn: membershipPayments.receivedOn,
      method: membershipPayments.method,
      transactionReference: membershipPayments.transactionReference,
      state: membershipPayments.state,
    })
    .from(membershipPayments)
    .orderBy(membershipPayments.id);
  const refunds = await database.db
    .select({
      id: membershipRefunds.id,
      membershipId: membershipRefunds.membershipId,
      paymentId: membershipRefunds.paymentId,
      amountCents: membershipRefunds.amountCents,
      refundedOn: membershipRefunds.refundedOn,
      state: membershipRefunds.state,
    })
    .from(membershipRefunds)
    .orderBy(membershipRefunds.id);
  const sum = (rows: Array<{ amountCents: number }>) =>
    rows.reduce((total, row) => total + row.amountCents, 0);
  return { payments, refunds, paid: sum(payments), refunded: sum(refunds) };
}

let personId: number;
let otherId: number;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  const db = database.db;
  await addStaff(db, { id: admin.id, name: admin.name }, 'super_admin');
  await addStaff(db, finance, 'finance');
  const type = await addMembershipType(db, { name: 'Regular', priceCents: 2500 });
  const person = await addApplication(db, type, {
    ...PERSON,
    // A typo at application, corrected by staff below: the correction's entry keeps it.
    uottawaEmail: OLD_ADDRESS,
    paymentReference: REFERENCE,
    status: 'active',
    memberId: 'TCSA-26-0042',
    program: 'BCom Finance',
    industries: ['Finance', 'Consulting'],
    preferredEventKinds: ['networking'],
    emailConfirmedAt: new Date('2026-09-02T12:00:00Z'),
    suspensionReason: 'Quillo missed three events',
  });
  personId = person.id;
  await queueEmail(db, {
    dedupeKey: `received:${personId}`,
    kind: 'membership_received',
    to: OLD_ADDRESS,
    email: {
      subject: 'Application received, Quillo',
      text: 'Application received',
      html: 'Application received',
      attachments: [],
    },
    membershipId: personId,
  });
  const corrected = await correctMembershipDetails(
    db,
    { id: admin.id, name: admin.name },
    {
      membershipId: personId,
      values: { ...detailValuesOf(person), uottawaEmail: PERSON.uottawaEmail },
      reason: `Typo: ${OLD_ADDRESS} is not Quillon's address`,
    },
  );
  if (!corrected.ok) throw new Error(corrected.message);
  // Someone else, whose data and money stay as they are.
  const other = await addApplication(db, type, {
    legalName: 'Ana Li',
    preferredName: 'Ana',
    uottawaEmail: 'ali077@uottawa.ca',
    paymentReference: 'M26-ABCD23',
    emailConfirmedAt: new Date('2026-09-02T12:00:00Z'),
  });
  otherId = other.id;

  const [paid] = await db
    .insert(membershipPayments)
    .values([
      {
        membershipId: personId,
        method: 'etransfer',
        amountCents: 2500,
        receivedOn: '2026-09-03',
        transactionReference: 'CAqm1',
        state: 'confirmed',
        recordedByName: finance.name,
      },
      {
        membershipId: personId,
        method: 'etransfer',
        amountCents: 500,
        receivedOn: '2026-09-04',
        transactionReference: 'CAqm2',
        state: 'confirmed',
        note: 'Sent twice by Quillon Marrowby',
        recordedByName: finance.name,
      },
      {
        membershipId: otherId,
        method: 'cash',
        amountCents: 2500,
        receivedOn: '2026-09-05',
        transactionReference: 'cash-ana',
        state: 'confirmed',
        recordedByName: finance.name,
      },
    ])
    .returning();
  await db.insert(membershipRefunds).values({
    membershipId: personId,
    paymentId: paid!.id,
    amountCents: 500,
    reason: 'The second e-Transfer of Quillon Marrowby went back',
    state: 'done',
    refundedOn: '2026-09-06',
    endsMembership: false,
    recordedByName: finance.name,
  });
  await db.insert(membershipStatusChanges).values({
    membershipId: personId,
    fromStatus: 'pending',
    toStatus: 'active',
    actor: 'staff',
    actorName: finance.name,
    reason: `Payment confirmed: ${REFERENCE} from Quillon Marrowby`,
  });
  await db.insert(membershipChangeRequests).values({
    name: PERSON.legalName,
    // The same address as uniqueness compares it: case and a +tag aside.
    uottawaEmail: 'QMarr042+details@uottawa.ca',
    memberId: 'TCSA-26-0042',
    changes: 'Please change my personal email to quillo.new@example.net',
    membershipId: personId,
  });
  // A change request sent and confirmed through the link the outbox holds.
  const stored = await storeChangeRequest(
    db,
    {
      name: 'Quillon Marrowby',
      uottawaEmail: PERSON.uottawaEmail,
      memberId: 'TCSA-26-0042',
      changes: 'Please spell my preferred name Quillo, as on my card',
    },
    new Date(),
  );
  const [link] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `membership-change-confirm:${stored.id}`));
  const token = /confirm\/([A-Za-z0-9_-]{43})/.exec(link!.textBody)![1]!;
  expect(await confirmChangeRequest(db, token, new Date())).toEqual({ kind: 'confirmed' });
  await insertContactMessage(db, {
    senderName: 'Quillo M.',
    senderEmail: PERSON.personalEmail,
    message: 'Hi, this is Quillon from BCom.',
  });

  const event = await insertEvent(db, { title: 'Tea talk', capacity: 20 });
  const registered = await registerForEvent(db, event.id, {
    firstName: 'Quillon',
    lastName: 'Marrowby',
    email: 'QMARR042@uottawa.ca',
  });
  if (registered.kind !== 'created') throw new Error(registered.kind);
  // A registration under the personal address, with answers the person wrote.
  const [second] = await db
    .insert(eventRegistrations)
    .values({
      eventId: event.id,
      firstName: 'Quillo',
      lastName: 'Marrowby',
      email: PERSON.personalEmail,
      answers: { '1': 'Quillon, vegetarian', '2': true },
    })
    .returning();
  await registerForEvent(db, event.id, {
    firstName: 'Ana',
    lastName: 'Li',
    email: 'ali077@uottawa.ca',
  });

  const email = (subject: string) => ({ subject, text: subject, html: subject, attachments: [] });
  await queueEmail(db, {
    dedupeKey: `refund:${personId}`,
    kind: 'membership_refund',
    to: PERSON.uottawaEmail,
    email: email('Your TCSA membership refund of CA$5.00'),
    membershipId: personId,
  });
  await queueEmail(db, {
    dedupeKey: `activated-copy:${personId}`,
    kind: 'membership_activated',
    to: PERSON.personalEmail,
    email: email('Copy: Your TCSA membership is active, Quillo'),
    membershipId: personId,
  });

  // Entries that name the person, as the console writes them.
  await recordChange(db, admin, {
    action: 'membership.apply',
    recordType: 'membership',
    recordId: personId,
    summary: `Quillon Marrowby applied for the Regular membership (${REFERENCE})`,
    after: { type: 'Regular', paymentReference: REFERENCE },
  });
  await recordChange(db, admin, {
    action: 'registration.remove',
    recordType: 'event',
    recordId: event.id,
    summary: "Removed Quillo Marrowby's registration: asked by email",
    before: {
      registrationId: second!.id,
      name: 'Quillo Marrowby',
      email: PERSON.personalEmail,
      status: 'confirmed',
    },
    after: { reason: 'asked by email' },
  });
  await recordChange(db, admin, {
    action: 'membership.export',
    recordType: 'membership',
    summary: 'Exported 1 membership',
    after: { rows: 1, filter: { text: 'qmarr042@uottawa.ca' } },
  });
  // Someone else's entry: 'Ana Li' is not the person, whatever the names share.
  await recordChange(db, admin, {
    action: 'account.invite',
    recordType: 'account',
    summary: 'Invited Ana Li (ana.li@example.org) as coordinator',
  });
});
afterAll(async () => {
  await database.dispose();
});

describe(`erasing a person's data (${DATABASE_UNDER_TEST})`, () => {
  it('previews what is erased and what is kept, and why', async () => {
    const counts = await dataUnderEmail(database.db, ' QMARR042@uottawa.ca ');
    expect(counts).toEqual({
      memberships: 1,
      registrations: 2,
      // The one by address and the one confirmed through its link.
      changeRequests: 2,
      // The application's (to the old address), the change request's link, the refund's, the
      // activation's copy and the registration's confirmation.
      emails: 5,
      messages: 1,
      requests: 0,
      applications: 0,
      // The application, the correction, the change request's confirmation, the removal and the
      // export name them or are theirs; the invitation does not.
      auditEntries: 5,
      payments: 2,
      refunds: 1,
    });
    const preview = erasurePreview(counts);
    expect(preview.erased).toEqual([
      '1 membership: names, uOttawa and personal emails, program, year of study, WeChat, LinkedIn, interests and preferred events',
      '2 event registrations with the answers and status history',
      '2 details change requests',
      '5 emails written to them',
      '1 contact message',
      'their name in 5 audit log entries, which name the record instead',
    ]);
    expect(preview.kept).toEqual([
      '1 membership record without the name (member ID, payment reference, type, dates and status), so the payments keep their membership',
      "payments and refunds (2 payments, 1 refund): kept without the name, because the club's books must keep them (amount, date, method and reference)",
    ]);
    // The personal address finds the same person.
    expect(await dataUnderEmail(database.db, 'Quillo.M@example.net')).toEqual(counts);
    // So does the address staff corrected: the correction's audit entry keeps it.
    expect(await dataUnderEmail(database.db, OLD_ADDRESS)).toEqual(counts);
  });

  it('leaves their names and addresses in no table, and the books as they were', async () => {
    const before = await books();
    const found = await scanEveryTable();
    for (const table of [
      'memberships',
      'membership_change_requests',
      'membership_status_changes',
      'membership_payments',
      'membership_refunds',
      'event_registrations',
      'email_outbox',
      'audit_log',
      'contact_messages',
    ]) {
      expect(
        found.some((hit) => hit.startsWith(`${table}.`)),
        table,
      ).toBe(true);
    }

    const counts = await erasePersonalData(database.db, admin, 'qmarr042@UOTTAWA.ca');
    expect(counts).toMatchObject({ memberships: 1, registrations: 2, emails: 5, auditEntries: 5 });

    expect(await scanEveryTable()).toEqual([]);
    expect(await books()).toEqual(before);
    expect(before).toMatchObject({ paid: 5500, refunded: 500 });

    const [erased] = await database.db
      .select()
      .from(memberships)
      .where(eq(memberships.id, personId));
    expect(erased).toMatchObject({
      legalName: 'Erased on request',
      uottawaEmail: erasedAddress(personId),
      uottawaEmailKey: erasedAddress(personId),
      personalEmail: null,
      wechatId: null,
      linkedinUrl: null,
      industries: [],
      preferredEventKinds: [],
      // What the books and the member's rights need.
      memberId: 'TCSA-26-0042',
      paymentReference: REFERENCE,
      status: 'active',
      priceCents: 2500,
    });
    expect(erased!.erasedAt).toBeInstanceOf(Date);

    const entries = await database.db.select().from(auditLog).orderBy(auditLog.id);
    const summaries = entries.map((entry) => entry.summary);
    expect(summaries).toContain(
      `membership ${REFERENCE} applied for the Regular membership (${REFERENCE})`,
    );
    expect(
      summaries.some((summary) => /^Removed registration #\d+'s registration/.test(summary)),
    ).toBe(true);
    expect(summaries).toContain('Invited Ana Li (ana.li@example.org) as coordinator');
    const erasure = entries.at(-1)!;
    expect(erasure).toMatchObject({ action: 'personalData.erase', recordType: 'person' });
    expect(erasure.summary).toBe(
      "Erased a person's data on request: 1 membership, 2 event registrations, 2 details change requests, 5 emails, 1 contact message, 5 audit entries that named them",
    );
    // The correction still says which field changed and why, its values emptied.
    const correction = entries.find((entry) => entry.action === CORRECTION_ACTION)!;
    expect(correction.before).toEqual({ uottawaEmail: null });
    expect(correction.after).toEqual({
      uottawaEmail: null,
      reason: expect.stringMatching(/^Typo: an erased address is not \S+ #?\S+'s address$/),
    });
    expect(await correctionsOf(database.db, personId)).toMatchObject([
      { lines: [{ label: expect.any(String), before: '—', after: '—' }] },
    ]);

    // Someone else's membership, registration and emails are where they were.
    const [other] = await database.db.select().from(memberships).where(eq(memberships.id, otherId));
    expect(other).toMatchObject({ legalName: 'Ana Li', erasedAt: null });
    const kept = await database.db.select().from(eventRegistrations);
    expect(kept.map((row) => row.email)).toEqual(['ali077@uottawa.ca']);
    const left = await database.db.select().from(emailOutbox);
    expect(left.map((row) => row.toAddress)).toEqual(['ali077@uottawa.ca']);
    expect(await database.db.select().from(membershipChangeRequests)).toEqual([]);

    // Erased once: the address finds nothing more.
    const again = await dataUnderEmail(database.db, PERSON.uottawaEmail);
    expect(Object.values(again).every((value) => value === 0)).toBe(true);
  });
});

describe(`erasing a person whose address was corrected (${DATABASE_UNDER_TEST})`, () => {
  it('leaves what someone else sent from the replaced address: a typo may be another student’s', async () => {
    const db = database.db;
    const type = await addMembershipType(db, { name: 'Winter', priceCents: 1500 });
    const typo = 'zbyst091@uottawa.ca';
    const applied = await addApplication(db, type, {
      legalName: 'Yorvin Talesque',
      preferredName: 'Yorvin',
      uottawaEmail: typo,
      emailConfirmedAt: new Date('2026-09-02T12:00:00Z'),
    });
    const corrected = await correctMembershipDetails(
      db,
      { id: admin.id, name: admin.name },
      {
        membershipId: applied.id,
        values: { ...detailValuesOf(applied), uottawaEmail: 'ytale017@uottawa.ca' },
        reason: 'Typo in the address',
      },
    );
    if (!corrected.ok) throw new Error(corrected.message);
    // The typo is the real address of a bystander, who wrote to the club.
    const bystander = await insertContactMessage(db, {
      senderName: 'Zed Bystander',
      senderEmail: typo,
      message: 'A question about the gala.',
    });

    const counts = await erasePersonalData(db, admin, 'ytale017@uottawa.ca');
    expect(counts).toMatchObject({ memberships: 1, messages: 0 });
    const [kept] = await db
      .select({ id: sql<number>`id` })
      .from(sql`contact_messages`)
      .where(sql`id = ${bystander.id}`);
    expect(kept?.id).toBe(bystander.id);
    const [erased] = await db.select().from(memberships).where(eq(memberships.id, applied.id));
    expect(erased?.erasedAt).not.toBeNull();
  });
});
