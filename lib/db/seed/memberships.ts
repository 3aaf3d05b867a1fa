import { count, eq, inArray } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { confirmApplication, newConfirmationLink } from '@/lib/memberships/apply';
import { moveMembershipStatus } from '@/lib/memberships/history';
import { runMembershipExpiry } from '@/lib/memberships/expiry';
import { confirmPayment } from '@/lib/memberships/payment-confirmation';
import type { MembershipStaff } from '@/lib/memberships/payment-lock';
import { recordPayment } from '@/lib/memberships/payments';
import { recordRefund } from '@/lib/memberships/refunds';
import { changeMembershipStatus } from '@/lib/memberships/status';
import type { PaymentMethod } from '@/lib/memberships/statuses';
import * as schema from '../schema';
import { clubDate, clubDaysFrom, clubInstant } from '../time';

type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The membership of the embedded default (club-operations.md, 'Membership'): the membership year
 * that `now` falls in (2026–27 from September 2026) with the club's three types and first prices,
 * a pilot year before it whose two founding members have expired, and a dozen believable members
 * in every status. Everything after the application goes through the finance and coordinator
 * operations (lib/memberships), at the day it happened, so the payments, refunds, status history,
 * audit log and member ID counters are exactly what the console would have written. The emails
 * those operations queue are removed: seed people are never emailed. Their uOttawa addresses start
 * with `demo.`, a form the university does not give, so a resend from a console wired to a real
 * mail server reaches nobody.
 *
 * Memberships are personal data: `db:seed -- --reset` keeps them, and they are seeded only into a
 * database without any.
 */

/** The club's own address, where e-Transfers go (the contact of the bundled site settings). */
export const SEED_ETRANSFER_ADDRESS = 'tcsa.telfer@gmail.com';

const FINANCE: MembershipStaff = { id: null, name: 'Xinyi Wang' };
const COORDINATOR: MembershipStaff = { id: null, name: 'Yuxuan Li' };

/** The membership year `now` falls in: the year of the last September 1 (club time). */
export function membershipYearOf(now: Date): number {
  const [year, month] = clubDate(now).split('-').map(Number) as [number, number];
  return month >= 9 ? year : year - 1;
}

/**
 * The year's payment instructions, with the places filled when they are shown
 * (lib/memberships/instructions.ts): a new e-Transfer address in the settings changes them too.
 */
export const SEED_ETRANSFER_INSTRUCTIONS = [
  'Send an Interac e-Transfer of exactly {amount} to {address}.',
  'Put {reference} in the message, and nothing else.',
  'Auto-deposit is on, so there is no security question to answer.',
  'Our VP Finance checks e-Transfers within three business days and emails you as soon as your membership is active.',
].join(' ');

type Person = {
  legalName: string;
  preferredName: string;
  email: string;
  program: string;
  yearOfStudy: string;
  graduation: number;
  industries: string[];
  kinds?: string[];
  wechatId?: string;
  linkedinUrl?: string;
  personalEmail?: string;
};

function personValues(person: Person) {
  return {
    legalName: person.legalName,
    preferredName: person.preferredName,
    uottawaEmail: person.email,
    program: person.program,
    yearOfStudy: person.yearOfStudy,
    expectedGraduationYear: person.graduation,
    industries: person.industries,
    notificationConsent: true,
    personalEmail: person.personalEmail ?? null,
    wechatId: person.wechatId ?? null,
    linkedinUrl: person.linkedinUrl ?? null,
    preferredEventKinds: person.kinds ?? [],
  };
}

function check<T extends { ok: boolean }>(result: T, what: string): Extract<T, { ok: true }> {
  if (!result.ok) {
    throw new Error(`Seeding memberships: ${what}: ${(result as { message?: string }).message}`);
  }
  return result as Extract<T, { ok: true }>;
}

/**
 * Seeds the membership years, types and members when the database has no membership; does
 * nothing otherwise. Runs inside the caller's transaction (seedDatabase's).
 */
export async function seedMemberships(
  db: Database,
  now: Date,
  {
    demoMembers = true,
  }: {
    /**
     * False for the club's real database: the year and its three types only (no pilot year, no
     * demo members), ready for the first real applications (`db:seed -- --no-demo-members`).
     */
    demoMembers?: boolean;
  } = {},
): Promise<void> {
  const [existing] = await db.select({ rows: count() }).from(schema.memberships);
  if ((existing?.rows ?? 0) > 0) return;

  const year = membershipYearOf(now);
  const pilotYear = year - 1;
  const day = (y: number, month: number, date: number) =>
    `${y}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;

  const demoOnly = <T extends { year: number }>(rows: T[]) =>
    demoMembers ? rows : rows.filter((row) => row.year !== pilotYear);
  await db
    .insert(schema.membershipYears)
    .values(
      demoOnly([
        {
          year: pilotYear,
          etransferAddress: SEED_ETRANSFER_ADDRESS,
          etransferInstructions: SEED_ETRANSFER_INSTRUCTIONS,
          acceptingApplications: false,
          updatedAt: clubInstant({ year: pilotYear, month: 8, day: 20, hour: 9, minute: 0 }),
        },
        {
          year,
          etransferAddress: SEED_ETRANSFER_ADDRESS,
          etransferInstructions: SEED_ETRANSFER_INSTRUCTIONS,
          acceptingApplications: true,
          updatedAt: clubInstant({ year, month: 8, day: 20, hour: 9, minute: 0 }),
        },
      ]),
    )
    .onConflictDoNothing();
  const validFrom = day(year, 9, 1);
  const validUntil = day(year + 1, 8, 31);
  await db
    .insert(schema.membershipTypes)
    .values(
      demoOnly([
        {
          year: pilotYear,
          name: 'Founding Member (pilot)',
          description: 'The pilot year before the membership launched, for a few founding members.',
          priceCents: 1000,
          saleOpensOn: day(pilotYear, 9, 1),
          saleClosesOn: day(pilotYear, 10, 31),
          validFrom: day(pilotYear, 9, 1),
          validUntil: day(year, 8, 31),
          sortOrder: 0,
        },
        {
          year,
          name: 'Early Bird',
          description: 'The full academic year at the lowest price, during September only.',
          priceCents: 2000,
          saleOpensOn: day(year, 9, 1),
          saleClosesOn: day(year, 9, 30),
          validFrom,
          validUntil,
          sortOrder: 0,
        },
        {
          year,
          name: 'Regular',
          description: 'The full academic year, from September to the end of August.',
          priceCents: 2500,
          saleOpensOn: day(year, 9, 1),
          saleClosesOn: day(year + 1, 1, 15),
          validFrom,
          validUntil,
          sortOrder: 1,
        },
        {
          year,
          name: 'Winter',
          description:
            'From January to the end of August, for students who join in the winter term.',
          priceCents: 1500,
          saleOpensOn: day(year + 1, 1, 1),
          saleClosesOn: day(year + 1, 2, 15),
          validFrom: day(year + 1, 1, 1),
          validUntil,
          sortOrder: 2,
        },
      ]),
    )
    .onConflictDoNothing();
  if (!demoMembers) return;
  const types = await db
    .select()
    .from(schema.membershipTypes)
    .where(inArray(schema.membershipTypes.year, [pilotYear, year]));
  const typeNamed = (typeYear: number, name: string) => {
    const type = types.find((row) => row.year === typeYear && row.name === name);
    if (!type) throw new Error(`Seeding memberships: no type ${name} in ${typeYear}`);
    return type;
  };

  const seeded: number[] = [];
  let references = 0;
  const referenceCodes = [
    '7KQ4XW',
    'H3PZ9D',
    'R8MV2C',
    'T5NB6Y',
    'W2JX8F',
    'K9DQ3L',
    'P4GZ7S',
    'B6XR5M',
    'F3LW9Q',
    'Y7CT2H',
    'D5VK8N',
    'M2HP4R',
    'Q8ZF6J',
    'S3YD7W',
  ];

  /** The application, as the public form stores it, at `at`. */
  async function apply(person: Person, type: schema.MembershipType, at: Date) {
    const code = referenceCodes[references % referenceCodes.length]!;
    references += 1;
    const typeYy = String(type.year % 100).padStart(2, '0');
    const link = newConfirmationLink();
    const [membership] = await db
      .insert(schema.memberships)
      .values({
        year: type.year,
        typeId: type.id,
        paymentReference: `M${typeYy}-${code}`,
        status: 'pending',
        ...personValues(person),
        termsAcceptedAt: at,
        priceCents: type.priceCents,
        currency: type.currency,
        validFrom: type.validFrom,
        validUntil: type.validUntil,
        emailConfirmationHash: link.hash,
        emailConfirmationSentAt: at,
        createdAt: at,
      })
      .returning();
    await moveMembershipStatus(db, {
      membershipId: membership!.id,
      from: null,
      to: 'pending',
      actor: 'applicant',
      reason: null,
      action: 'membership.apply',
      summary: `${person.legalName} applied for the ${type.name} membership`,
      after: { type: type.name, paymentReference: membership!.paymentReference },
      at,
    });
    // The applicant opens the link a few minutes later, as the public form's applicants do.
    const openedAt = new Date(Math.min(at.getTime() + 5 * 60_000, now.getTime()));
    const confirmed = await confirmApplication(db, link.token, openedAt);
    if (confirmed.kind !== 'confirmed') {
      throw new Error(`Seeding memberships: confirming ${person.email} answered ${confirmed.kind}`);
    }
    seeded.push(membership!.id);
    return membership!;
  }

  async function pay(
    membershipId: number,
    at: Date,
    transactionReference: string,
    { amountCents, method = 'etransfer' }: { amountCents?: number; method?: PaymentMethod } = {},
  ) {
    const [membership] = await db
      .select({ priceCents: schema.memberships.priceCents })
      .from(schema.memberships)
      .where(eq(schema.memberships.id, membershipId));
    return check(
      await recordPayment(db, FINANCE, {
        membershipId,
        method,
        amountCents: amountCents ?? membership!.priceCents,
        receivedOn: clubDate(at),
        transactionReference,
        now: at,
      }),
      'recording a payment',
    );
  }

  async function payAndConfirm(membershipId: number, at: Date, reference: string) {
    const recorded = await pay(membershipId, at, reference);
    const confirmedAt = new Date(Math.min(at.getTime() + 26 * 3_600_000, now.getTime()));
    return check(
      await confirmPayment(db, FINANCE, { paymentId: recorded.payment.id, now: confirmedAt }),
      'confirming a payment',
    );
  }

  const ago = (days: number, hour: number, minute = 0) => {
    const at = clubDaysFrom(now, -days, hour, minute);
    // Today's hours still to come are moved back: nothing in the seed happens in the future.
    return at.getTime() <= now.getTime() ? at : new Date(now.getTime() - 60_000);
  };

  // The pilot year: two founding members, reminded 14 days before the end and expired after it.
  const pilot = typeNamed(pilotYear, 'Founding Member (pilot)');
  const jason: Person = {
    legalName: 'Jason Li',
    preferredName: 'Jason',
    email: 'demo.jli047@uottawa.ca',
    program: 'BCom, Finance',
    yearOfStudy: '4',
    graduation: year + 1,
    industries: ['Finance', 'Consulting'],
    kinds: ['Networking', 'Office tours'],
    wechatId: 'jasonli_ott',
    linkedinUrl: 'https://www.linkedin.com/in/jason-li-ottawa',
  };
  const natalie: Person = {
    legalName: 'Natalie Zhao',
    preferredName: 'Natalie',
    email: 'demo.nzhao092@uottawa.ca',
    program: 'BCom, Accounting',
    yearOfStudy: '4',
    graduation: year,
    industries: ['Accounting'],
  };
  const pilotStart = (date: number, hour: number) =>
    clubInstant({ year: pilotYear, month: 9, day: date, hour, minute: 15 });
  const jasonPilot = await apply(jason, pilot, pilotStart(15, 19));
  await payAndConfirm(jasonPilot.id, pilotStart(16, 12), 'CAbT7kP2xQ');
  const nataliePilot = await apply(natalie, pilot, pilotStart(20, 21));
  await payAndConfirm(nataliePilot.id, pilotStart(21, 10), 'CAm4Rz8WvL');
  for (const at of [
    clubInstant({ year, month: 8, day: 17, hour: 6, minute: 0 }),
    clubInstant({ year, month: 9, day: 1, hour: 0, minute: 5 }),
  ]) {
    if (at.getTime() <= now.getTime()) await runMembershipExpiry(db, at);
  }

  // This year: early birds in September, then regular applications up to today.
  const earlyBird = typeNamed(year, 'Early Bird');
  const regular = typeNamed(year, 'Regular');

  const sophie = await apply(
    {
      legalName: 'Sophie Tremblay',
      preferredName: 'Sophie',
      email: 'demo.stremblay031@uottawa.ca',
      program: 'BCom, Marketing',
      yearOfStudy: '2',
      graduation: year + 3,
      industries: ['Marketing', 'Technology'],
      kinds: ['Workshops', 'Social events'],
    },
    earlyBird,
    ago(80, 20, 10),
  );
  await payAndConfirm(sophie.id, ago(79, 18), 'CAq9Xw3NfK');

  const haoran = await apply(
    {
      legalName: 'Haoran Liu',
      preferredName: 'Harry',
      email: 'demo.hliu118@uottawa.ca',
      program: 'BCom, Finance',
      yearOfStudy: '3',
      graduation: year + 2,
      industries: ['Finance', 'Banking'],
      kinds: ['Office tours', 'Networking'],
      wechatId: 'harry_liu_118',
    },
    earlyBird,
    ago(76, 13, 40),
  );
  {
    const cash = await pay(haoran.id, ago(75, 17, 30), 'Receipt 0042 (welcome night)', {
      method: 'cash',
    });
    check(
      await confirmPayment(db, FINANCE, { paymentId: cash.payment.id, now: ago(75, 21) }),
      'confirming a payment',
    );
  }

  const emily = await apply(
    {
      legalName: 'Emily Zhou',
      preferredName: 'Emily',
      email: 'demo.ezhou064@uottawa.ca',
      program: 'BCom, International Management',
      yearOfStudy: '1',
      graduation: year + 4,
      industries: ['Consulting', 'Marketing'],
      personalEmail: 'emily.zhou@example.org',
    },
    earlyBird,
    ago(72, 11, 5),
  );
  const emilyPaid = await payAndConfirm(emily.id, ago(71, 9), 'CAd2Hs6YpT');
  check(
    await recordRefund(db, FINANCE, {
      paymentId: emilyPaid.payment.id,
      endsMembership: true,
      amountCents: 2000,
      reason: 'Transferring to McGill in January; refund approved by the executive board.',
      refundedOn: clubDate(ago(40, 14)),
      now: ago(40, 14),
    }),
    'recording a refund',
  );

  const kevin = await apply(
    {
      legalName: 'Kevin Wang',
      preferredName: 'Kevin',
      email: 'demo.kwang203@uottawa.ca',
      program: 'BCom, Business Technology Management',
      yearOfStudy: '3',
      graduation: year + 2,
      industries: ['Technology', 'Consulting'],
      kinds: ['Office tours'],
    },
    regular,
    ago(58, 22, 30),
  );
  await payAndConfirm(kevin.id, ago(57, 10), 'CAz5Gn1RkB');
  check(
    await changeMembershipStatus(db, COORDINATOR, {
      membershipId: kevin.id,
      to: 'suspended',
      reason: 'Two no-shows at office tours without notice; discussed with him by email.',
      suspendedFrom: clubDate(ago(5, 16)),
      suspendedUntil: clubDate(clubDaysFrom(now, 25, 12)),
      now: ago(5, 16),
    }),
    'suspending a member',
  );

  const jasonNow = await apply(jason, regular, ago(50, 12, 20));
  await payAndConfirm(jasonNow.id, ago(49, 15), 'CAr8Kc4MzV');

  const daniel = await apply(
    {
      legalName: 'Daniel Huang',
      preferredName: 'Daniel',
      email: 'demo.dhuang155@uottawa.ca',
      program: 'BCom, Accounting',
      yearOfStudy: '2',
      graduation: year + 3,
      industries: ['Accounting', 'Finance'],
    },
    regular,
    ago(45, 9, 50),
  );
  const danielPaid = await payAndConfirm(daniel.id, ago(44, 11), 'CAw3Tb7QsD');
  check(
    await recordRefund(db, FINANCE, {
      paymentId: danielPaid.payment.id,
      endsMembership: true,
      amountCents: 2500,
      reason: 'Co-op placement in Vancouver from January; refund approved, e-Transfer to be sent.',
      now: ago(2, 15),
    }),
    'recording a pending refund',
  );

  const mia = await apply(
    {
      legalName: 'Mia Zhang',
      preferredName: 'Mia',
      email: 'demo.mzhang077@uottawa.ca',
      program: 'BCom, Human Resource Management',
      yearOfStudy: '1',
      graduation: year + 4,
      industries: ['Human resources'],
    },
    regular,
    ago(35, 18, 45),
  );
  check(
    await changeMembershipStatus(db, COORDINATOR, {
      membershipId: mia.id,
      to: 'cancelled',
      reason: 'No payment after four weeks; she confirmed by email that she will apply in January.',
      now: ago(5, 11),
    }),
    'cancelling an application',
  );

  const chloe = await apply(
    {
      legalName: 'Chloe Wu',
      preferredName: 'Chloe',
      email: 'demo.cwu189@uottawa.ca',
      program: 'BCom, Marketing',
      yearOfStudy: '2',
      graduation: year + 3,
      industries: ['Marketing', 'Retail'],
      kinds: ['Social events', 'Workshops'],
      wechatId: 'chloe_wu_mkt',
    },
    regular,
    ago(20, 14, 30),
  );
  await payAndConfirm(chloe.id, ago(4, 10), 'CAn6Jv2XhP');

  const hannah = await apply(
    {
      legalName: 'Hannah Kim',
      preferredName: 'Hannah',
      email: 'demo.hkim246@uottawa.ca',
      program: 'BCom, Finance',
      yearOfStudy: '1',
      graduation: year + 4,
      industries: ['Finance', 'Real estate'],
    },
    regular,
    ago(14, 21, 15),
  );
  // She sent the Early Bird price after September: flagged, in payment review, emailed.
  await pay(hannah.id, ago(12, 9, 30), 'CAh7Wd3LqN', { amountCents: 2000 });

  const ryan = await apply(
    {
      legalName: 'Ryan Chen',
      preferredName: 'Ryan',
      email: 'demo.rchen310@uottawa.ca',
      program: 'BCom, Management',
      yearOfStudy: '3',
      graduation: year + 2,
      industries: ['Consulting', 'Technology'],
      linkedinUrl: 'https://www.linkedin.com/in/ryan-chen-telfer',
    },
    regular,
    ago(6, 20),
  );
  // Arrived yesterday, recorded, waiting for finance to confirm it.
  await pay(ryan.id, ago(1, 16, 45), 'CAs4Pf9ZyG');

  await apply(
    {
      legalName: 'Amy Liu',
      preferredName: 'Amy',
      email: 'demo.aliu052@uottawa.ca',
      program: 'BCom, Accounting',
      yearOfStudy: '2',
      graduation: year + 3,
      industries: ['Accounting'],
    },
    regular,
    ago(2, 19, 20),
  );
  await apply(
    {
      legalName: 'Lucas Martin',
      preferredName: 'Lucas',
      email: 'demo.lmartin128@uottawa.ca',
      program: 'BCom, Entrepreneurship',
      yearOfStudy: '1',
      graduation: year + 4,
      industries: ['Entrepreneurship', 'Technology'],
      kinds: ['Networking'],
    },
    regular,
    ago(0, 8, 30),
  );

  // Seed people are never emailed: the emails the operations queued are dropped.
  await db.delete(schema.emailOutbox).where(inArray(schema.emailOutbox.membershipId, seeded));
}
