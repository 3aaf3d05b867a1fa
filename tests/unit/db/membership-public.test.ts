import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as postApplication } from '@/app/api/membership/applications/route';
import { POST as postChangeRequest } from '@/app/api/membership/change-requests/route';
import {
  auditLog,
  emailOutbox,
  membershipChangeRequests,
  membershipStatusChanges,
  membershipTypes,
  membershipYears,
  memberships,
} from '@/lib/db/schema';
import type { MembershipApplicationInput } from '@/lib/memberships/application-schema';
import { membershipApplicationSchema } from '@/lib/memberships/application-schema';
import {
  NOT_ON_SALE_MESSAGE,
  PAYMENT_REFERENCE_PATTERN,
  applyForMembership,
  confirmApplication,
  newConfirmationLink,
  readApplicationLink,
} from '@/lib/memberships/apply';
import {
  CHANGE_REQUEST_CHECK_INBOX,
  MEMBER_ID_ANSWER,
  applicationCheckInboxMessage,
  handleApplicationConfirmation,
  handleChangeRequest,
  handleMembershipApplication,
  handleMemberIdRequest,
} from '@/lib/memberships/public-endpoints';
import { EMPTY_FILTER, searchRoster } from '@/lib/memberships/roster';
import { requestMemberIdEmail } from '@/lib/memberships/public-requests';
import { typesOnSale } from '@/lib/memberships/offer';
import { TOKEN } from '../api/support/register';
import { TEST_YEAR, addApplication, addMembershipType } from './support/memberships';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

vi.mock('next/cache', () => import('../api/support/next-cache'));

/**
 * The public side of membership: an application stored with its history, audit entry and
 * 'Application received' email; one application per uOttawa email and year, also when fifty
 * arrive at once; types not on sale refused; 'I forgot my member ID' sends only for active or
 * expired memberships, at most once an hour, and answers the same either way.
 */

let database: TestDatabase;
let type: Awaited<ReturnType<typeof addMembershipType>>;
let clientNumber = 0;

/** A day inside the fixture type's sale window (2026-09-01 to 2027-01-15). */
const today = () => new Date('2026-11-25T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  type = await addMembershipType(database.db, { priceCents: 2500, name: 'Regular' });
});
afterAll(async () => {
  await database.dispose();
});

function application(values: Partial<MembershipApplicationInput> = {}): MembershipApplicationInput {
  clientNumber += 1;
  return {
    legalName: 'Chen Mei Ling',
    preferredName: 'Meiling',
    uottawaEmail: `mchen${clientNumber}@uottawa.ca`,
    program: 'BCom, Finance',
    yearOfStudy: '2',
    expectedGraduationYear: 2028,
    membershipTypeId: type.id,
    industries: ['Finance', 'Consulting'],
    notificationConsent: true,
    acceptTerms: true,
    wechatId: 'meiling_c',
    ...values,
  };
}

function post(
  handler: (request: Request) => Promise<Response>,
  path: string,
  body: unknown,
): Promise<Response> {
  clientNumber += 1;
  return handler(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        host: 'localhost',
        origin: 'http://localhost',
        cookie: `csrftoken=${TOKEN}`,
        'x-csrftoken': TOKEN,
        'x-tcsa-client-address': `10.9.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`,
      },
      body: JSON.stringify(body),
    }),
  );
}

const parse = (input: MembershipApplicationInput) => membershipApplicationSchema.parse(input);

/** The token of the newest confirmation link emailed to `to`. */
async function linkTokenFor(to: string): Promise<string> {
  const emails = await database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'membership-confirm')))
    .orderBy(desc(emailOutbox.id));
  const token = /\/membership\/confirm\/([A-Za-z0-9_-]{43})/.exec(emails[0]?.textBody ?? '')?.[1];
  if (!token) throw new Error(`No confirmation link was emailed to ${to}.`);
  return token;
}

async function applicationsOf(key: string) {
  return database.db.select().from(memberships).where(eq(memberships.uottawaEmailKey, key));
}

describe(`applying for membership (${DATABASE_UNDER_TEST})`, () => {
  it('stores an unconfirmed application with its history and audit entry, and emails only a link', async () => {
    const input = application({ uottawaEmail: '  Mei.Chen@UOttawa.ca ' });
    const result = await applyForMembership(database.db, parse(input), today());
    expect(result).toMatchObject({ ok: true, outcome: 'link_sent' });
    if (!result.ok) return;
    const [row] = await database.db
      .select()
      .from(memberships)
      .where(eq(memberships.id, result.membershipId));
    expect(row).toMatchObject({
      status: 'pending',
      uottawaEmail: 'mei.chen@uottawa.ca',
      emailConfirmedAt: null,
      emailConfirmationSentAt: today(),
      priceCents: 2500,
      memberId: null,
      industries: ['Finance', 'Consulting'],
      wechatId: 'meiling_c',
    });
    expect(row!.paymentReference).toMatch(PAYMENT_REFERENCE_PATTERN);
    expect(row!.emailConfirmationHash).toMatch(/^[0-9a-f]{64}$/);
    const history = await database.db
      .select()
      .from(membershipStatusChanges)
      .where(eq(membershipStatusChanges.membershipId, result.membershipId));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 'pending', actor: 'applicant' }]);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'membership'), eq(auditLog.recordId, String(row!.id))));
    expect(audit.map((entry) => entry.action)).toEqual(['membership.apply']);
    // Coordinators read the summaries: no payment reference there.
    expect(audit[0]!.summary).not.toContain(row!.paymentReference);
    const emails = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.membershipId, row!.id));
    expect(emails.map((email) => [email.kind, email.toAddress])).toEqual([
      ['membership-confirm', 'mei.chen@uottawa.ca'],
    ]);
    expect(emails[0]!.textBody).toContain('within 48 hours');
    expect(emails[0]!.textBody).not.toContain(row!.paymentReference);
    // Nobody in the console sees it yet.
    const roster = await searchRoster(database.db, { ...EMPTY_FILTER, text: 'mei.chen' }, today());
    expect(roster.rows).toEqual([]);
  });

  it('opening the link changes nothing; the button confirms: history, audit, how to pay on the page and by email; a used link says so', async () => {
    const input = application({ uottawaEmail: 'link.opener@uottawa.ca' });
    await applyForMembership(database.db, parse(input), today());
    const token = await linkTokenFor('link.opener@uottawa.ca');
    const opened = new Date(today().getTime() + 47 * 3_600_000);
    // The page reads the link (as a mail scanner opening it would): nothing is confirmed.
    for (let scan = 0; scan < 3; scan += 1) {
      expect(await readApplicationLink(database.db, token, opened)).toEqual({
        kind: 'open',
        name: 'Meiling',
        uottawaEmail: 'link.opener@uottawa.ca',
        typeName: 'Regular',
      });
    }
    const [unopened] = await applicationsOf('link.opener@uottawa.ca');
    expect(unopened!.emailConfirmedAt).toBeNull();
    expect(
      await database.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.membershipId, unopened!.id),
            eq(emailOutbox.kind, 'membership-received'),
          ),
        ),
    ).toEqual([]);

    // The button: POSTs the token, guarded as every public form, and answers how to pay.
    const answer = await post(
      (request) => handleApplicationConfirmation(request, { now: () => opened }),
      '/api/membership/applications/confirm/',
      { token },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    const body = (await answer.json()) as {
      kind: string;
      receipt: { paymentReference: string; priceCents: number; etransferAddress: string };
    };
    expect(body).toMatchObject({
      kind: 'confirmed',
      receipt: {
        priceCents: 2500,
        currency: 'CAD',
        typeName: 'Regular',
        etransferAddress: 'tcsa.telfer@gmail.com',
        uottawaEmail: 'link.opener@uottawa.ca',
      },
    });
    expect(body.receipt).not.toHaveProperty('membershipId');
    const receipt = { ...body.receipt, membershipId: unopened!.id };
    expect(receipt.paymentReference).toBe(unopened!.paymentReference);
    expect(receipt).toMatchObject({
      priceCents: 2500,
      etransferAddress: 'tcsa.telfer@gmail.com',
      uottawaEmail: 'link.opener@uottawa.ca',
    });
    const [row] = await database.db
      .select()
      .from(memberships)
      .where(eq(memberships.id, receipt.membershipId));
    expect(row!.emailConfirmedAt).toEqual(opened);
    const history = await database.db
      .select()
      .from(membershipStatusChanges)
      .where(eq(membershipStatusChanges.membershipId, row!.id));
    expect(history.map((change) => change.toStatus)).toEqual(['pending', 'pending']);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'membership'), eq(auditLog.recordId, String(row!.id))));
    expect(audit.map((entry) => entry.action)).toEqual([
      'membership.apply',
      'membership.confirmEmail',
    ]);
    const [received] = await database.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.membershipId, row!.id), eq(emailOutbox.kind, 'membership-received')),
      );
    for (const words of [receipt.paymentReference, 'CA$25.00', 'tcsa.telfer@gmail.com']) {
      expect(received!.textBody).toContain(words);
    }
    const roster = await searchRoster(
      database.db,
      { ...EMPTY_FILTER, text: 'link.opener' },
      today(),
    );
    expect(roster.rows.map((one) => one.id)).toEqual([row!.id]);

    expect(await confirmApplication(database.db, token, opened)).toEqual({ kind: 'used' });
    expect(await readApplicationLink(database.db, token, opened)).toEqual({ kind: 'used' });
    expect(await confirmApplication(database.db, 'x'.repeat(43), opened)).toEqual({
      kind: 'invalid',
    });
    expect(await confirmApplication(database.db, '../../etc', opened)).toEqual({
      kind: 'invalid',
    });
    expect(await readApplicationLink(database.db, '../../etc', opened)).toEqual({
      kind: 'invalid',
    });
    // Pressed again, or with a token that is not one: the endpoint says so, and confirms nothing.
    for (const [sent, kind] of [
      [token, 'used'],
      ['x'.repeat(43), 'invalid'],
      [42, 'invalid'],
    ] as const) {
      const again = await post(
        (request) => handleApplicationConfirmation(request, { now: () => opened }),
        '/api/membership/applications/confirm/',
        { token: sent },
      );
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ kind });
    }
  });

  it('a link older than 48 hours has expired; applying again sends a new one and the old one stops working', async () => {
    const input = application({ uottawaEmail: 'late.opener@uottawa.ca' });
    await applyForMembership(database.db, parse(input), today());
    const first = await linkTokenFor('late.opener@uottawa.ca');
    const later = new Date(today().getTime() + 48 * 3_600_000 + 60_000);
    expect(await readApplicationLink(database.db, first, later)).toEqual({ kind: 'expired' });
    expect(await confirmApplication(database.db, first, later)).toEqual({ kind: 'expired' });
    const again = await applyForMembership(database.db, parse(input), later);
    expect(again).toMatchObject({ ok: true, outcome: 'new_link_sent' });
    const second = await linkTokenFor('late.opener@uottawa.ca');
    expect(second).not.toBe(first);
    expect(await confirmApplication(database.db, first, later)).toEqual({ kind: 'invalid' });
    expect((await confirmApplication(database.db, second, later)).kind).toBe('confirmed');
    expect(await applicationsOf('late.opener@uottawa.ca')).toHaveLength(1);
  });

  it('an unconfirmed application blocks nobody: the address’s owner applies and confirms', async () => {
    // A stranger applies with a student's address, and never sees the link.
    await applyForMembership(
      database.db,
      parse(application({ legalName: 'Not The Student', uottawaEmail: 'held.address@uottawa.ca' })),
      today(),
    );
    const owner = await applyForMembership(
      database.db,
      parse(application({ legalName: 'Real Student', uottawaEmail: 'held.address@uottawa.ca' })),
      today(),
    );
    expect(owner).toMatchObject({ ok: true });
    const confirmed = await confirmApplication(
      database.db,
      await linkTokenFor('held.address@uottawa.ca'),
      today(),
    );
    expect(confirmed.kind).toBe('confirmed');
    const rows = await applicationsOf('held.address@uottawa.ca');
    expect(rows.map((row) => [row.legalName, row.emailConfirmedAt !== null])).toEqual([
      ['Real Student', true],
    ]);
  });

  it('answers a second application exactly as a first, and emails the address what to do', async () => {
    const first = await post(
      postApplication,
      '/api/membership/applications/',
      application({ uottawaEmail: 'second.try@uottawa.ca' }),
    );
    const firstBody = await first.text();
    await confirmApplication(database.db, await linkTokenFor('second.try@uottawa.ca'), today());
    const [member] = await applicationsOf('second.try@uottawa.ca');
    await database.db
      .update(memberships)
      .set({ status: 'active', memberId: 'TCSA-26-0777' })
      .where(eq(memberships.id, member!.id));

    const second = await post(
      postApplication,
      '/api/membership/applications/',
      application({ uottawaEmail: 'second.try@uottawa.ca' }),
    );
    expect(second.status).toBe(first.status);
    expect(first.status).toBe(202);
    expect(await second.text()).toBe(firstBody);
    expect(JSON.parse(firstBody)).toEqual({
      message: applicationCheckInboxMessage('second.try@uottawa.ca'),
      uottawaEmail: 'second.try@uottawa.ca',
    });
    expect(await applicationsOf('second.try@uottawa.ca')).toHaveLength(1);
    const told = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'membership-already-applied'));
    expect(told.map((email) => email.toAddress)).toEqual(['second.try@uottawa.ca']);
    for (const words of ['Active', 'TCSA-26-0777', 'I forgot my member ID', '2026–27']) {
      expect(told[0]!.textBody).toContain(words);
    }
    // Once an hour at most, whoever keeps applying with the address.
    await post(
      postApplication,
      '/api/membership/applications/',
      application({ uottawaEmail: 'second.try@uottawa.ca' }),
    );
    expect(
      await database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, 'membership-already-applied')),
    ).toHaveLength(1);
  });

  it('takes as long to answer a first application as one for an address that is already a member', async () => {
    await addApplication(database.db, type, {
      status: 'active',
      memberId: 'TCSA-26-0778',
      uottawaEmail: 'timed.member@uottawa.ca',
    });
    const answers: { email: string; status: number; ms: number }[] = [];
    for (const email of ['timed.member@uottawa.ca', 'timed.first@uottawa.ca']) {
      const started = performance.now();
      const response = await post(
        (request) => handleMembershipApplication(request, { answerAfterMs: 300, now: today }),
        '/api/membership/applications/',
        application({ uottawaEmail: email }),
      );
      answers.push({ email, status: response.status, ms: performance.now() - started });
    }
    for (const answer of answers) {
      expect(answer.status, answer.email).toBe(202);
      // Padded to the same floor whatever the address's history: the writes of a first
      // application cannot be told from the one email queued for a member.
      expect(answer.ms, answer.email).toBeGreaterThanOrEqual(295);
    }
  });

  it('takes as long to answer a change request that matches a membership as one that does not', async () => {
    await addApplication(database.db, type, {
      status: 'active',
      memberId: 'TCSA-26-0779',
      uottawaEmail: 'timed.change@uottawa.ca',
    });
    const answers: { email: string; status: number; body: unknown; ms: number }[] = [];
    for (const [email, memberId] of [
      ['timed.change@uottawa.ca', 'TCSA-26-0779'],
      ['timed.nobody@uottawa.ca', 'TCSA-26-0779'],
    ] as const) {
      const started = performance.now();
      const response = await post(
        (request) => handleChangeRequest(request, { answerAfterMs: 300, now: today }),
        '/api/membership/change-requests/',
        { name: 'Timed Person', uottawaEmail: email, memberId, changes: 'My program changed.' },
      );
      const { message } = (await response.json()) as { message: string };
      answers.push({
        email,
        status: response.status,
        body: message,
        ms: performance.now() - started,
      });
    }
    expect(answers[0]!.body).toBe(answers[1]!.body);
    for (const answer of answers) {
      expect(answer.status, answer.email).toBe(201);
      expect(answer.ms, answer.email).toBeGreaterThanOrEqual(295);
    }
  });

  it('one address, one application: full-width letters and a +tag are the same address; invisible characters are refused', async () => {
    await applyForMembership(
      database.db,
      parse(application({ uottawaEmail: 'x.li@uottawa.ca' })),
      today(),
    );
    await confirmApplication(database.db, await linkTokenFor('x.li@uottawa.ca'), today());
    const fullWidth = 'ｘ.ｌｉ@ｕｏｔｔａｗａ.ｃａ';
    for (const spelling of [fullWidth, 'x.li+2@uottawa.ca', 'X.Li+clubs@uOttawa.ca']) {
      const response = await post(
        postApplication,
        '/api/membership/applications/',
        application({ uottawaEmail: spelling }),
      );
      expect(response.status, spelling).toBe(202);
    }
    const rows = await applicationsOf('x.li@uottawa.ca');
    // The +tag spellings made nothing; the full-width one is stored as `x.li@uottawa.ca`.
    expect(rows).toHaveLength(1);
    expect(rows[0]!.uottawaEmail).toBe('x.li@uottawa.ca');

    // A confirmation of another spelling's application, made before the first was confirmed,
    // does not make a second: the unique index decides.
    const [spare] = await database.db
      .insert(memberships)
      .values({
        ...rows[0]!,
        id: undefined,
        uottawaEmailKey: undefined,
        memberId: null,
        paymentReference: 'M26-QQQQQQ',
        uottawaEmail: 'x.li+old@uottawa.ca',
        emailConfirmedAt: null,
        emailConfirmationHash: null,
      } as typeof memberships.$inferInsert)
      .returning();
    const link = newConfirmationLink();
    await database.db
      .update(memberships)
      .set({ emailConfirmationHash: link.hash, emailConfirmationSentAt: today() })
      .where(eq(memberships.id, spare!.id));
    expect(await confirmApplication(database.db, link.token, today())).toEqual({ kind: 'taken' });
    const [still] = await database.db
      .select()
      .from(memberships)
      .where(eq(memberships.id, spare!.id));
    expect(still!.emailConfirmedAt).toBeNull();

    const invisible = await post(
      postApplication,
      '/api/membership/applications/',
      application({ uottawaEmail: 'x.li\u200b@uottawa.ca' }),
    );
    expect(invisible.status).toBe(400);
    expect(await invisible.json()).toMatchObject({
      fields: {
        uottawaEmail:
          'Your uOttawa email contains invisible or formatting characters. Please type it again.',
      },
    });
  });
  it('a type whose sale window does not include today, or whose year is closed, is refused', async () => {
    const [closed] = await database.db
      .insert(membershipTypes)
      .values({
        year: TEST_YEAR,
        name: 'Early Bird',
        priceCents: 2000,
        saleOpensOn: '2026-08-01',
        saleClosesOn: '2026-09-30',
        validFrom: '2026-09-01',
        validUntil: '2027-08-31',
      })
      .returning();
    const input = application({ membershipTypeId: closed!.id });
    expect(await applyForMembership(database.db, parse(input), today())).toEqual({
      ok: false,
      code: 'not_on_sale',
      message: NOT_ON_SALE_MESSAGE,
    });
    expect((await typesOnSale(database.db, today())).map((offered) => offered.id)).toEqual([
      type.id,
    ]);
    // Before its window opens: refused as well.
    const early = await applyForMembership(
      database.db,
      parse(application()),
      new Date('2026-08-01T12:00:00Z'),
    );
    expect(early.ok).toBe(false);

    await database.db
      .update(membershipYears)
      .set({ acceptingApplications: false })
      .where(eq(membershipYears.year, TEST_YEAR));
    try {
      const response = await post(postApplication, '/api/membership/applications/', application());
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: NOT_ON_SALE_MESSAGE,
        fields: { membershipTypeId: NOT_ON_SALE_MESSAGE },
      });
    } finally {
      await database.db
        .update(membershipYears)
        .set({ acceptingApplications: true })
        .where(eq(membershipYears.year, TEST_YEAR));
    }
    const stored = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(eq(memberships.typeId, closed!.id));
    expect(stored[0]!.n).toBe(0);
  });

  it('50 concurrent applications with one uOttawa email make one application, all answered alike', async () => {
    const input = application({ uottawaEmail: 'same.person@uottawa.ca' });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        post(postApplication, '/api/membership/applications/', {
          ...input,
          // The same person, typed differently each time.
          uottawaEmail: index % 2 ? ' Same.Person@uOttawa.ca' : 'same.person@uottawa.ca',
        }),
      ),
    );
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([202]));
    expect(new Set(await Promise.all(responses.map((response) => response.text()))).size).toBe(1);
    expect(await applicationsOf('same.person@uottawa.ca')).toHaveLength(1);
  });

  it('answers 400 with a message beside each wrong field', async () => {
    const refused = await post(postApplication, '/api/membership/applications/', {
      ...application(),
      uottawaEmail: 'someone@gmail.com',
      acceptTerms: false,
      industries: [],
    });
    expect(refused.status).toBe(400);
    const { fields } = (await refused.json()) as { fields: Record<string, string> };
    expect(fields).toEqual({
      uottawaEmail: 'Use your uOttawa email: it must end with @uottawa.ca.',
      industries: 'Choose at least one industry of interest.',
      acceptTerms: 'Tick the box to accept the membership terms and the privacy notice.',
    });
  });
});

describe(`the public membership endpoints' guard (${DATABASE_UNDER_TEST})`, () => {
  it('refuses a request without the CSRF pair (403) and a body that is not a JSON object (400)', async () => {
    const withoutToken = await postApplication(
      new Request('http://localhost/api/membership/applications/', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          host: 'localhost',
          origin: 'http://localhost',
        },
        body: JSON.stringify(application()),
      }),
    );
    expect(withoutToken.status).toBe(403);
    const notJson = await post(postApplication, '/api/membership/applications/', 'not json');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      error: 'The request body must be a JSON object with the application fields.',
    });
  });

  it('guards the confirmation button as the forms: CSRF pair, JSON object, body limit', async () => {
    const withoutToken = await handleApplicationConfirmation(
      new Request('http://localhost/api/membership/applications/confirm/', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          host: 'localhost',
          origin: 'http://localhost',
        },
        body: JSON.stringify({ token: 'A'.repeat(43) }),
      }),
    );
    expect(withoutToken.status).toBe(403);
    const notJson = await post(
      handleApplicationConfirmation,
      '/api/membership/applications/confirm/',
      'not json',
    );
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      error: 'The request body must be a JSON object with token.',
    });
    const tooLarge = await post(
      handleApplicationConfirmation,
      '/api/membership/applications/confirm/',
      { token: 'A'.repeat(70 * 1024) },
    );
    expect(tooLarge.status).toBe(413);
  });
});

describe(`'I forgot my member ID' (${DATABASE_UNDER_TEST})`, () => {
  async function memberIdEmails(to: string) {
    return database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'membership-member-id')));
  }

  it('sends the ID of an active or an expired membership, at most once an hour', async () => {
    const active = await addApplication(database.db, type, {
      status: 'active',
      memberId: 'TCSA-26-0101',
      uottawaEmail: 'active.member@uottawa.ca',
    });
    const expired = await addApplication(database.db, type, {
      status: 'expired',
      memberId: 'TCSA-26-0102',
      uottawaEmail: 'expired.member@uottawa.ca',
    });
    expect(await requestMemberIdEmail(database.db, ' Active.Member@uottawa.ca', new Date())).toBe(
      'queued',
    );
    expect(await requestMemberIdEmail(database.db, 'active.member@uottawa.ca', new Date())).toBe(
      'recently-sent',
    );
    const sent = await memberIdEmails(active.uottawaEmail);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.textBody).toContain('TCSA-26-0101');
    expect(await requestMemberIdEmail(database.db, 'expired.member@uottawa.ca', new Date())).toBe(
      'queued',
    );
    expect((await memberIdEmails(expired.uottawaEmail))[0]!.textBody).toContain('TCSA-26-0102');
  });

  it('sends nothing for a pending, refunded or unknown address, and answers the same as for a member', async () => {
    await addApplication(database.db, type, { uottawaEmail: 'pending.one@uottawa.ca' });
    await addApplication(database.db, type, {
      status: 'refunded',
      memberId: 'TCSA-26-0103',
      uottawaEmail: 'refunded.one@uottawa.ca',
    });
    await addApplication(database.db, type, {
      status: 'active',
      memberId: 'TCSA-26-0104',
      uottawaEmail: 'member.two@uottawa.ca',
    });
    const answers: { email: string; status: number; body: unknown; ms: number }[] = [];
    for (const email of [
      'pending.one@uottawa.ca',
      'refunded.one@uottawa.ca',
      'nobody.here@uottawa.ca',
      'member.two@uottawa.ca',
    ]) {
      const started = performance.now();
      const response = await post(
        (request) => handleMemberIdRequest(request, { answerAfterMs: 300 }),
        '/api/membership/member-id/',
        { uottawaEmail: email },
      );
      answers.push({
        email,
        status: response.status,
        body: await response.json(),
        ms: performance.now() - started,
      });
    }
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ message: MEMBER_ID_ANSWER });
      // Padded to the same floor whatever was found.
      expect(answer.ms).toBeGreaterThanOrEqual(295);
    }
    expect(await memberIdEmails('pending.one@uottawa.ca')).toHaveLength(0);
    expect(await memberIdEmails('refunded.one@uottawa.ca')).toHaveLength(0);
    expect(await memberIdEmails('nobody.here@uottawa.ca')).toHaveLength(0);
    expect(await memberIdEmails('member.two@uottawa.ca')).toHaveLength(1);
  });

  it('finds the member by a full-width or +tag spelling of the address, and emails the address on the membership', async () => {
    const wide = await addApplication(database.db, type, {
      status: 'active',
      memberId: 'TCSA-26-0105',
      uottawaEmail: 'wei.full@uottawa.ca',
    });
    const tagged = await addApplication(database.db, type, {
      status: 'active',
      memberId: 'TCSA-26-0106',
      uottawaEmail: 'tag.less@uottawa.ca',
    });
    // Through the form: full-width letters (and full-width @ and dots) and a +tag.
    for (const typed of ['Ｗｅｉ．Ｆｕｌｌ＠ｕｏｔｔａｗａ．ｃａ', 'Tag.Less+tcsa@uottawa.ca']) {
      const response = await post(
        (request) => handleMemberIdRequest(request, { answerAfterMs: 0 }),
        '/api/membership/member-id/',
        { uottawaEmail: typed },
      );
      expect(response.status, typed).toBe(202);
    }
    const [toWide] = await memberIdEmails(wide.uottawaEmail);
    expect(toWide!.textBody).toContain('TCSA-26-0105');
    const [toTagged] = await memberIdEmails(tagged.uottawaEmail);
    expect(toTagged!.textBody).toContain('TCSA-26-0106');
    // Nothing went to the spellings typed.
    expect(await memberIdEmails('tag.less+tcsa@uottawa.ca')).toHaveLength(0);
    // Called with the spelling as typed, not normalised first: the database compares the keys.
    const other = await addApplication(database.db, type, {
      status: 'expired',
      memberId: 'TCSA-26-0107',
      uottawaEmail: 'raw.spelling@uottawa.ca',
    });
    expect(
      await requestMemberIdEmail(database.db, ' Ｒａｗ.Spelling+old@UOTTAWA.CA ', today()),
    ).toBe('queued');
    expect((await memberIdEmails(other.uottawaEmail))[0]!.textBody).toContain('TCSA-26-0107');
  });

  it('refuses an address that is not a uOttawa email, with the message beside the field', async () => {
    const response = await post(
      (request) => handleMemberIdRequest(request, { answerAfterMs: 0 }),
      '/api/membership/member-id/',
      { uottawaEmail: 'me@gmail.com' },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fields: { uottawaEmail: 'Use your uOttawa email: it must end with @uottawa.ca.' },
    });
  });
});

describe(`a request to change one's details (${DATABASE_UNDER_TEST})`, () => {
  it('is stored for the console inbox, unread and unconfirmed, and answered check your inbox', async () => {
    const response = await post(postChangeRequest, '/api/membership/change-requests/', {
      name: 'Wang Hao',
      uottawaEmail: 'Hao.Wang@uottawa.ca',
      memberId: 'tcsa-26-0007',
      changes: 'My preferred name is now Harry.',
    });
    expect(response.status).toBe(201);
    const { id, message } = (await response.json()) as { id: number; message: string };
    expect(message).toBe(CHANGE_REQUEST_CHECK_INBOX);
    const [row] = await database.db
      .select()
      .from(membershipChangeRequests)
      .where(eq(membershipChangeRequests.id, id));
    expect(row).toMatchObject({
      name: 'Wang Hao',
      uottawaEmail: 'hao.wang@uottawa.ca',
      memberId: 'TCSA-26-0007',
      changes: 'My preferred name is now Harry.',
      // No membership has this member ID and email: the inbox says so.
      membershipId: null,
      confirmedAt: null,
      readAt: null,
      handledAt: null,
    });
  });
});
