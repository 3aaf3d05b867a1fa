import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as postUnsubscribe } from '@/app/(site)/membership/unsubscribe/confirm/route';
import { defaultCopy } from '@/lib/copy/catalogue';
import {
  announcements,
  auditLog,
  emailOutbox,
  type Membership,
  membershipStatusChanges,
  memberships,
} from '@/lib/db/schema';
import {
  ANNOUNCE_ACTION,
  announcementEmail,
  announcementRecipients,
  EVERY_MEMBER,
  listAnnouncements,
  outboxOfAnnouncement,
  parseAudience,
  previewAnnouncement,
  sendAnnouncement,
} from '@/lib/memberships/announcements';
import {
  membershipOfToken,
  UNSUBSCRIBE_ACTION,
  unsubscribeKey,
  unsubscribeToken,
  unsubscribeWithToken,
} from '@/lib/memberships/unsubscribe';
import { addApplication, addMembershipType, addStaff } from './support/memberships';
import { type TestDatabase, createTestDatabase } from './support/test-database';

/**
 * Announcements to the members: they reach exactly the active, valid-today members of the
 * audience who agreed to be emailed, once per address; a second submit of the same form sends
 * nothing; each outbox copy names its announcement (the outbox paces bulk copies by it); and the
 * unsubscribe link withdraws the consent with the membership's history and an audit entry, while
 * a tampered token changes nothing and answers as any other invalid one.
 */

let database: TestDatabase;
const now = new Date('2026-11-25T15:00:00Z');
const coordinator = { id: 'coordinator-announce', name: 'Ana Li' };
let regular: Awaited<ReturnType<typeof addMembershipType>>;
let winter: Awaited<ReturnType<typeof addMembershipType>>;
const people: Record<string, Membership> = {};
let draftCount = 0;

const draft = () => {
  draftCount += 1;
  return {
    subject: `Spring gala tickets ${draftCount}`,
    body: 'Tickets open on Monday.\n\nBring a friend: <b>members</b> pay less.',
  };
};

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addStaff(database.db, coordinator, 'coordinator');
  regular = await addMembershipType(database.db, { name: 'Regular' });
  winter = await addMembershipType(database.db, {
    name: 'Winter',
    validFrom: '2026-09-01',
    validUntil: '2027-04-30',
  });
  const previousYear = await addMembershipType(database.db, {
    year: 2025,
    name: 'Regular',
    validFrom: '2025-09-01',
    validUntil: '2026-12-31',
  });
  const add = async (
    name: string,
    type: typeof regular,
    values: Partial<typeof memberships.$inferInsert>,
  ) => {
    people[name] = await addApplication(database.db, type, {
      status: 'active',
      preferredName: name,
      ...values,
    });
  };
  await add('Ada', regular, { yearOfStudy: '2' });
  await add('Bo', regular, { yearOfStudy: '3' });
  await add('Cai', winter, { yearOfStudy: '3' });
  await add('NoConsent', regular, { notificationConsent: false });
  await add('Suspended', regular, { status: 'suspended' });
  await add('Expired', regular, { status: 'expired' });
  await add('Cancelled', regular, { status: 'cancelled' });
  await add('Pending', regular, { status: 'pending' });
  await add('Erased', regular, { erasedAt: new Date('2026-11-02T12:00:00Z') });
  await add('Unconfirmed', regular, { emailConfirmedAt: null });
  await add('NotYetValid', regular, { validFrom: '2027-01-01' });
  // Ada's membership of the year before, still valid: the same address gets one email.
  await add('AdaBefore', previousYear, { uottawaEmail: people.Ada!.uottawaEmail });
});
afterAll(async () => {
  await database.dispose();
});

const namesOf = (recipients: Array<{ preferredName: string }>) =>
  recipients.map((recipient) => recipient.preferredName).sort();

describe('who an announcement reaches', () => {
  it('is every consenting active member valid today, once per address', async () => {
    const everyone = await announcementRecipients(database.db, EVERY_MEMBER, now);
    expect(namesOf(everyone)).toEqual(['Ada', 'Bo', 'Cai']);
    expect(everyone.find((one) => one.preferredName === 'Ada')?.membershipId).toBe(people.Ada!.id);
  });

  it('is narrowed by the roster’s filters, as its address parameters read', async () => {
    const byType = parseAudience({ type: String(winter.id) });
    expect(namesOf(await announcementRecipients(database.db, byType, now))).toEqual(['Cai']);
    const byYear = parseAudience({ study: '3', status: 'expired', q: 'Expired' });
    // The status and words of the roster's filter are not part of an audience.
    expect(byYear).toEqual({ ...EVERY_MEMBER, yearOfStudy: '3' });
    expect(namesOf(await announcementRecipients(database.db, byYear, now))).toEqual(['Bo', 'Cai']);
    const regularYearThree = parseAudience({ type: String(regular.id), study: '3' });
    expect(namesOf(await announcementRecipients(database.db, regularYearThree, now))).toEqual([
      'Bo',
    ]);
  });

  it('the preview shows the first member’s copy and how many, the link a placeholder', async () => {
    const preview = await previewAnnouncement(database.db, EVERY_MEMBER, draft(), now);
    expect(preview.recipients).toBe(3);
    expect(preview.email.text).toContain('Bring a friend: <b>members</b> pay less.');
    expect(preview.email.text).toContain('Unsubscribe: (their own unsubscribe link)');
  });
});

describe('sending', () => {
  it('queues one copy per member with their link, tied to the announcement, audited', async () => {
    const words = draft();
    const outcome = await sendAnnouncement(
      database.db,
      coordinator,
      {
        ...words,
        audience: EVERY_MEMBER,
        audienceText: 'active members who agreed to be emailed',
        sendKey: 'announce-key-0001',
        expected: 3,
      },
      now,
    );
    expect(outcome).toMatchObject({ kind: 'sent', recipients: 3 });
    if (outcome.kind !== 'sent') return;
    const copies = await outboxOfAnnouncement(database.db, outcome.announcementId);
    expect(copies.map((copy) => copy.toAddress).sort()).toEqual(
      [people.Ada!, people.Bo!, people.Cai!].map((one) => one.uottawaEmail).sort(),
    );
    const key = await unsubscribeKey(database.db);
    for (const copy of copies) {
      expect(copy.announcementId).toBe(outcome.announcementId);
      expect(copy.kind).toBe('announcement');
      expect(copy.subject).toBe(words.subject);
      // Staff's words are escaped into the HTML, never markup.
      expect(copy.htmlBody).toContain('&lt;b&gt;members&lt;/b&gt;');
      expect(copy.htmlBody).not.toContain('<b>members</b>');
      const token = new URL(
        /https?:\/\/\S+\/membership\/unsubscribe\?token=\S+/.exec(copy.textBody)![0],
      ).searchParams.get('token');
      expect(membershipOfToken(key, token)).toBe(copy.membershipId);
    }
    const [announcement] = await database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, outcome.announcementId));
    expect(announcement).toMatchObject({
      recipients: 3,
      sentById: coordinator.id,
      sentByName: coordinator.name,
      audience: {},
    });
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, ANNOUNCE_ACTION),
          eq(auditLog.recordId, String(outcome.announcementId)),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: coordinator.id, recordType: 'announcement' });
    const [listed] = await listAnnouncements(database.db);
    expect(listed).toMatchObject({ id: outcome.announcementId, recipients: 3, waiting: 3 });
  });

  it('sends nothing more for a form sent twice (its one-time key)', async () => {
    const words = draft();
    const send = () =>
      sendAnnouncement(
        database.db,
        coordinator,
        {
          ...words,
          audience: EVERY_MEMBER,
          audienceText: 'every member',
          sendKey: 'announce-key-0002',
          expected: 3,
        },
        now,
      );
    const first = await send();
    const outboxBefore = await database.db.select().from(emailOutbox);
    const auditBefore = await database.db.select().from(auditLog);
    expect(first.kind).toBe('sent');
    expect(await send()).toEqual({ kind: 'already_sent', recipients: 3 });
    expect(await database.db.select().from(emailOutbox)).toHaveLength(outboxBefore.length);
    expect(await database.db.select().from(auditLog)).toHaveLength(auditBefore.length);
    expect(
      await database.db
        .select()
        .from(announcements)
        .where(eq(announcements.subject, words.subject)),
    ).toHaveLength(1);
  });

  it('sends nothing when the audience changed since the preview', async () => {
    const before = await database.db.select().from(announcements);
    const outcome = await sendAnnouncement(
      database.db,
      coordinator,
      {
        ...draft(),
        audience: EVERY_MEMBER,
        audienceText: 'every member',
        sendKey: 'announce-key-0003',
        expected: 4,
      },
      now,
    );
    expect(outcome).toEqual({ kind: 'changed', recipients: 3 });
    expect(await database.db.select().from(announcements)).toHaveLength(before.length);
  });
});

describe('the unsubscribe link', () => {
  const consentOf = async (membership: Membership) =>
    (
      await database.db
        .select({ consent: memberships.notificationConsent })
        .from(memberships)
        .where(eq(memberships.id, membership.id))
    )[0]!.consent;
  const tableSizes = async () => ({
    history: (await database.db.select().from(membershipStatusChanges)).length,
    audit: (await database.db.select().from(auditLog)).length,
  });

  it('changes nothing for a tampered, foreign or malformed token, and answers alike', async () => {
    const key = await unsubscribeKey(database.db);
    const good = unsubscribeToken(key, people.Bo!.id);
    const [id, mac] = good.split('.') as [string, string];
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    const sizes = await tableSizes();
    for (const token of [
      `${id}.${flipped}`,
      `${people.Cai!.id}.${mac}`,
      unsubscribeToken(Buffer.alloc(32, 7), people.Bo!.id),
      'not-a-token',
      '',
      null,
    ]) {
      expect(await unsubscribeWithToken(database.db, token, now)).toEqual({ kind: 'invalid' });
    }
    const form = new FormData();
    form.set('token', `${id}.${flipped}`);
    const answer = await postUnsubscribe(
      new Request('http://localhost/membership/unsubscribe/confirm', {
        method: 'POST',
        body: form,
      }),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/membership/unsubscribe?result=invalid');
    expect(await consentOf(people.Bo!)).toBe(true);
    expect(await consentOf(people.Cai!)).toBe(true);
    expect(await tableSizes()).toEqual(sizes);
  });

  it('takes a token only as it was written: the other spellings of the same MAC are refused', async () => {
    const key = await unsubscribeKey(database.db);
    const good = unsubscribeToken(key, people.Bo!.id);
    const [id, mac] = good.split('.') as [string, string];
    // The last of 43 characters holds 4 bits of the MAC and 2 unused ones.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(mac.at(-1)!);
    const others = [0, 1, 2, 3]
      .map((unused) => alphabet[(last & ~3) | unused]!)
      .filter((character) => character !== mac.at(-1))
      .map((character) => `${id}.${mac.slice(0, -1)}${character}`);
    expect(others).toHaveLength(3);
    for (const token of others) {
      expect(Buffer.from(token.split('.')[1]!, 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    }
    // And the id with a leading zero names the same membership.
    others.push(`0${id}.${mac}`);
    for (const token of others) {
      expect(membershipOfToken(key, token), token).toBeNull();
    }
    expect(membershipOfToken(key, good)).toBe(people.Bo!.id);
  });

  it('withdraws the consent of every membership of the address, with history and audit', async () => {
    const key = await unsubscribeKey(database.db);
    const form = new FormData();
    form.set('token', unsubscribeToken(key, people.Ada!.id));
    const answer = await postUnsubscribe(
      new Request('http://localhost/membership/unsubscribe/confirm', {
        method: 'POST',
        body: form,
      }),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/membership/unsubscribe?result=done');
    expect(await consentOf(people.Ada!)).toBe(false);
    expect(await consentOf(people.AdaBefore!)).toBe(false);
    for (const membership of [people.Ada!, people.AdaBefore!]) {
      const history = await database.db
        .select()
        .from(membershipStatusChanges)
        .where(eq(membershipStatusChanges.membershipId, membership.id))
        .orderBy(asc(membershipStatusChanges.id));
      expect(history.at(-1)).toMatchObject({
        fromStatus: 'active',
        toStatus: 'active',
        actor: 'system',
        actorName: 'System',
        reason: 'Unsubscribed from announcements with the link in an email.',
      });
      const [entry] = await database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, UNSUBSCRIBE_ACTION),
            eq(auditLog.recordId, String(membership.id)),
          ),
        );
      expect(entry).toMatchObject({ actorId: null, actorName: 'System' });
      expect(entry!.after).toMatchObject({ notificationConsent: false });
    }
    // Ada no longer counts; a second press changes nothing more.
    expect(namesOf(await announcementRecipients(database.db, EVERY_MEMBER, now))).toEqual([
      'Bo',
      'Cai',
    ]);
    const sizes = await tableSizes();
    expect(
      await unsubscribeWithToken(database.db, unsubscribeToken(key, people.Ada!.id), now),
    ).toEqual({ kind: 'unsubscribed', changed: 0 });
    expect(await tableSizes()).toEqual(sizes);
  });

  it('takes a mail client’s one-click POST, with the token in the address', async () => {
    const key = await unsubscribeKey(database.db);
    const token = unsubscribeToken(key, people.Bo!.id);
    const answer = await postUnsubscribe(
      new Request(
        `http://localhost/membership/unsubscribe/confirm?token=${encodeURIComponent(token)}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        },
      ),
    );
    expect(answer.status).toBe(200);
    expect(await consentOf(people.Bo!)).toBe(false);
  });

  it('is written into the email with the reason the member receives it', () => {
    const email = announcementEmail(
      defaultCopy('membershipEmails'),
      {
        preferredName: 'Ada',
        unsubscribeUrl: 'https://tcsa.example/membership/unsubscribe?token=1.x',
      },
      { subject: 'Hello', body: 'One.\n\nTwo.' },
    );
    expect(email.text).toContain('Hi Ada,');
    expect(email.text).toContain('agreed, when you applied, to receive the club’s announcements');
    expect(email.html).toContain('href="https://tcsa.example/membership/unsubscribe?token=1.x"');
  });
});
