import { and, eq, sql } from 'drizzle-orm';
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
} from '@/lib/memberships/apply';
import { handleMemberIdRequest, MEMBER_ID_ANSWER } from '@/lib/memberships/public-endpoints';
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

describe(`applying for membership (${DATABASE_UNDER_TEST})`, () => {
  it('stores a pending application with the type’s price and validity, its history, audit entry and email', async () => {
    const input = application({ uottawaEmail: '  Mei.Chen@UOttawa.ca ' });
    const result = await applyForMembership(database.db, parse(input), today());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { receipt } = result;
    expect(receipt.paymentReference).toMatch(PAYMENT_REFERENCE_PATTERN);
    expect(receipt.paymentReference.startsWith('M26-')).toBe(true);
    const [row] = await database.db
      .select()
      .from(memberships)
      .where(eq(memberships.id, receipt.membershipId));
    expect(row).toMatchObject({
      status: 'pending',
      uottawaEmail: 'mei.chen@uottawa.ca',
      priceCents: 2500,
      validFrom: type.validFrom,
      validUntil: type.validUntil,
      memberId: null,
      industries: ['Finance', 'Consulting'],
      wechatId: 'meiling_c',
      personalEmail: null,
    });
    const history = await database.db
      .select()
      .from(membershipStatusChanges)
      .where(eq(membershipStatusChanges.membershipId, receipt.membershipId));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 'pending', actor: 'applicant' }]);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.recordType, 'membership'),
          eq(auditLog.recordId, String(receipt.membershipId)),
        ),
      );
    expect(audit.map((entry) => entry.action)).toEqual(['membership.apply']);
    const emails = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.membershipId, receipt.membershipId));
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.toAddress).toBe('mei.chen@uottawa.ca');
    expect(email!.subject).toContain('application received');
    for (const words of [
      receipt.paymentReference,
      'CA$25.00',
      'tcsa.telfer@gmail.com',
      'Put your payment reference in the message.',
      'Pending',
      'What happens next',
    ]) {
      expect(email!.textBody).toContain(words);
    }
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

  it('50 concurrent applications with one uOttawa email make one; 49 get 409 saying what to do', async () => {
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
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const refusals = await Promise.all(
      responses
        .filter((response) => response.status === 409)
        .map(
          (response) =>
            response.json() as Promise<{ error: string; fields: Record<string, string> }>,
        ),
    );
    for (const refusal of refusals) {
      expect(refusal.error).toContain('already exists for the 2026–27 membership year');
      expect(refusal.error).toContain('I forgot my member ID');
      expect(refusal.error).toContain('membership coordinator');
      expect(refusal.fields.uottawaEmail).toBe(refusal.error);
    }
    const rows = await database.db
      .select()
      .from(memberships)
      .where(sql`lower(${memberships.uottawaEmail}) = 'same.person@uottawa.ca'`);
    expect(rows).toHaveLength(1);
    const emails = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.membershipId, rows[0]!.id));
    expect(emails).toHaveLength(1);
  });

  it('answers 201 with how to pay, and 400 with a message beside each wrong field', async () => {
    const created = await post(postApplication, '/api/membership/applications/', application());
    expect(created.status).toBe(201);
    const body = (await created.json()) as Record<string, string>;
    expect(body).toMatchObject({
      amount: 'CA$25.00',
      etransferAddress: 'tcsa.telfer@gmail.com',
      typeName: 'Regular',
    });
    expect(body.paymentReference).toMatch(PAYMENT_REFERENCE_PATTERN);

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
  it('is stored for the console inbox, unread', async () => {
    const response = await post(postChangeRequest, '/api/membership/change-requests/', {
      name: 'Wang Hao',
      uottawaEmail: 'Hao.Wang@uottawa.ca',
      memberId: 'tcsa-26-0007',
      changes: 'My preferred name is now Harry.',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const [row] = await database.db
      .select()
      .from(membershipChangeRequests)
      .where(eq(membershipChangeRequests.id, id));
    expect(row).toMatchObject({
      name: 'Wang Hao',
      uottawaEmail: 'hao.wang@uottawa.ca',
      memberId: 'TCSA-26-0007',
      changes: 'My preferred name is now Harry.',
      readAt: null,
      handledAt: null,
    });
  });
});
