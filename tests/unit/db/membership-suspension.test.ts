import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clubSettingsSchema,
  EVENT_MESSAGES_PER_DAY_MAX,
  saveClubSettings,
} from '@/lib/admin/club-settings';
import { readClubSettings } from '@/lib/db/club-settings';
import { auditLog, clubSettings, emailOutbox, membershipYears } from '@/lib/db/schema';
import { membershipMailContext } from '@/lib/memberships/emails';
import { runMembershipExpiry } from '@/lib/memberships/expiry';
import { changeMembershipStatus } from '@/lib/memberships/status';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { addApplication, addMembershipType, addStaff, TEST_YEAR } from './support/memberships';

/**
 * A suspension tells the member (dates, reason, whom to write to) from the transaction that
 * suspends, and so does its end, lifted early or by itself; whom to write to is the club
 * settings' membership contact address, else the site's general contact address, never the
 * e-Transfer address. The club settings' save checks its fields and writes its audit entry with
 * the change, or neither.
 */

const failure = vi.hoisted(() => ({ auditFails: false }));
vi.mock('@/lib/audit/record', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/audit/record')>();
  return {
    ...original,
    recordChange: async (...args: Parameters<typeof original.recordChange>) => {
      if (failure.auditFails) throw new Error('The audit log is unavailable (test)');
      return original.recordChange(...args);
    },
  };
});

/** The bundled dataset's site settings (studio/dataset/production.ndjson): the footer's address. */
const SITE_CONTACT = 'tcsa.telfer@gmail.com';
const ETRANSFER = 'payments.only@example.org';
const MEMBERSHIP_CONTACT = 'membership@example.org';

let database: TestDatabase;
const now = new Date('2026-11-25T15:00:00Z');
const admin = { id: 'admin-1', name: 'Mei Chen' };
const coordinator = { id: 'coordinator-1', name: 'Ana Li' };
let type: Awaited<ReturnType<typeof addMembershipType>>;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addStaff(database.db, admin, 'super_admin');
  await addStaff(database.db, coordinator, 'coordinator');
  type = await addMembershipType(database.db);
  // An e-Transfer address of its own, so that an email naming it would show.
  await database.db
    .update(membershipYears)
    .set({ etransferAddress: ETRANSFER })
    .where(eq(membershipYears.year, TEST_YEAR));
});
afterAll(async () => {
  await database.dispose();
});
beforeEach(async () => {
  // The row the first save of the club settings writes.
  const settings = { membershipContactAddress: MEMBERSHIP_CONTACT, eventMessagesPerDay: 3 };
  await database.db
    .insert(clubSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: clubSettings.id, set: settings });
});

let members = 0;
async function activeMember() {
  members += 1;
  return addApplication(database.db, type, {
    status: 'active',
    memberId: `TCSA-26-${String(9000 + members)}`,
    activatedAt: now,
  });
}

async function emailsOf(membershipId: number, kind?: string) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.membershipId, membershipId),
        kind ? eq(emailOutbox.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(emailOutbox.id));
}

const suspend = (membershipId: number) =>
  changeMembershipStatus(database.db, coordinator, {
    membershipId,
    to: 'suspended',
    reason: 'Two no-shows at office tours this term',
    suspendedFrom: '2026-11-20',
    suspendedUntil: '2026-12-20',
    now,
  });

describe('suspending a member', () => {
  it('queues exactly one email to the member: the dates, the reason, the contact address', async () => {
    const member = await activeMember();
    const result = await suspend(member.id);
    expect(result).toMatchObject({
      ok: true,
      message: expect.stringContaining('The member was emailed'),
    });
    const emails = await emailsOf(member.id);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email).toMatchObject({
      kind: 'membership_suspended',
      toAddress: member.uottawaEmail,
      subject: 'TCSA membership: your membership is suspended',
    });
    for (const body of [email!.textBody, email!.htmlBody]) {
      expect(body).toContain('November 20, 2026');
      expect(body).toContain('December 20, 2026');
      expect(body).toContain('Two no-shows at office tours this term');
      expect(body).toContain(`membership coordinator at ${MEMBERSHIP_CONTACT}`);
      expect(body).toContain('member places or member prices');
      expect(body).toContain(member.memberId!);
      expect(body).not.toContain(ETRANSFER);
    }
    // The day it is active again by itself.
    expect(email!.textBody).toContain('December 21, 2026');
  });

  it('names the site’s general contact address when no membership contact address is set', async () => {
    await database.db
      .update(clubSettings)
      .set({ membershipContactAddress: null })
      .where(eq(clubSettings.id, 1));
    const member = await activeMember();
    expect((await suspend(member.id)).ok).toBe(true);
    const [email] = await emailsOf(member.id, 'membership_suspended');
    expect(email!.textBody).toContain(`membership coordinator at ${SITE_CONTACT}`);
    expect(email!.textBody).not.toContain(ETRANSFER);
    // Every membership email takes its contact address from the same place.
    const context = await membershipMailContext(database.db, member.id);
    expect(context).toMatchObject({ contactEmail: SITE_CONTACT, etransferAddress: ETRANSFER });
  });

  it('a refused suspension queues nothing', async () => {
    const member = await activeMember();
    const refused = await changeMembershipStatus(database.db, coordinator, {
      membershipId: member.id,
      to: 'suspended',
      reason: 'No end given',
      now,
    });
    expect(refused.ok).toBe(false);
    expect(await emailsOf(member.id)).toHaveLength(0);
  });

  it('the suspension and its email are stored together or not at all', async () => {
    const member = await activeMember();
    failure.auditFails = true;
    try {
      await expect(suspend(member.id)).rejects.toThrow(/audit log is unavailable/);
    } finally {
      failure.auditFails = false;
    }
    expect(await emailsOf(member.id)).toHaveLength(0);
  });

  it('lifting it early tells the member the membership is active again', async () => {
    const member = await activeMember();
    expect((await suspend(member.id)).ok).toBe(true);
    const lifted = await changeMembershipStatus(database.db, coordinator, {
      membershipId: member.id,
      to: 'active',
      reason: 'Explained the absences',
      now,
    });
    expect(lifted).toMatchObject({ ok: true, membership: { status: 'active' } });
    const emails = await emailsOf(member.id, 'membership_suspension_ended');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      toAddress: member.uottawaEmail,
      subject: 'TCSA membership: your membership is active again',
    });
    expect(emails[0]!.textBody).toContain('November 25, 2026');
    expect(emails[0]!.textBody).toContain(MEMBERSHIP_CONTACT);
    // The reason for lifting is the staff's note, not the member's email.
    expect(emails[0]!.textBody).not.toContain('Explained the absences');
  });

  it('its end by itself emails the member once, however often the job runs', async () => {
    const member = await activeMember();
    expect((await suspend(member.id)).ok).toBe(true);
    const dayAfter = new Date('2026-12-21T15:00:00Z');
    expect((await runMembershipExpiry(database.db, dayAfter)).suspensionsEnded).toBeGreaterThan(0);
    await runMembershipExpiry(database.db, dayAfter);
    const emails = await emailsOf(member.id, 'membership_suspension_ended');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.textBody).toContain('its last day was December 20, 2026');
  });
});

describe('the club settings', () => {
  it('checks the fields, in words', () => {
    const parse = (values: Record<string, string>) => clubSettingsSchema.safeParse(values);
    expect(parse({ membershipContactAddress: '', eventMessagesPerDay: '3' })).toMatchObject({
      success: true,
      data: { membershipContactAddress: null, eventMessagesPerDay: 3 },
    });
    expect(
      parse({ membershipContactAddress: ' Membership@Example.org ', eventMessagesPerDay: '50' }),
    ).toMatchObject({
      success: true,
      data: { membershipContactAddress: 'membership@example.org', eventMessagesPerDay: 50 },
    });
    const bad = parse({ membershipContactAddress: 'not an address', eventMessagesPerDay: '0' });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    expect(messages).toEqual([
      'membershipContactAddress: Enter a valid email address for the membership contact, or leave it empty.',
      `eventMessagesPerDay: Messages per event per day must be a whole number from 1 to ${EVENT_MESSAGES_PER_DAY_MAX}.`,
    ]);
    for (const count of ['51', '2.5', 'three', '', '-1']) {
      expect(parse({ membershipContactAddress: '', eventMessagesPerDay: count }).success).toBe(
        false,
      );
    }
  });

  it('saves and writes its audit entry in the same transaction', async () => {
    const saved = await saveClubSettings(
      database.db,
      admin,
      { membershipContactAddress: 'coordinator@example.org', eventMessagesPerDay: 5 },
      now,
    );
    expect(saved).toEqual({
      membershipContactAddress: 'coordinator@example.org',
      eventMessagesPerDay: 5,
    });
    expect(await readClubSettings(database.db)).toEqual(saved);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'clubSettings.update'))
      .orderBy(asc(auditLog.id));
    expect(entry).toMatchObject({
      actorId: admin.id,
      recordType: 'clubSettings',
      recordId: '1',
      before: { membershipContactAddress: MEMBERSHIP_CONTACT, eventMessagesPerDay: 3 },
      after: { membershipContactAddress: 'coordinator@example.org', eventMessagesPerDay: 5 },
    });
    expect(entry!.summary).toContain('messages per event per day 3 → 5');

    failure.auditFails = true;
    try {
      await expect(
        saveClubSettings(database.db, admin, {
          membershipContactAddress: null,
          eventMessagesPerDay: 9,
        }),
      ).rejects.toThrow(/audit log is unavailable/);
    } finally {
      failure.auditFails = false;
    }
    expect(await readClubSettings(database.db)).toEqual(saved);
  });
});
