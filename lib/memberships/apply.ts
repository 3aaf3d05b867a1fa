import 'server-only';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/queries';
import { type Membership, membershipTypes, memberships } from '@/lib/db/schema';
import { recordChange } from '@/lib/audit/record';
import { queueEmail, type Queryable } from '@/lib/mail/outbox';
import { type MembershipApplication, uottawaEmailKey } from './application-schema';
import { sameUottawaEmail } from './email-key';
import { membershipLink, membershipMailContext } from './emails';
import { moveMembershipStatus } from './history';
import { typesOnSale } from './offer';
import {
  CONFIRMATION_LINK_HOURS,
  DEFAULT_NEXT_STEPS,
  type ReceivedEmailWords,
  alreadyAppliedEmail,
  applicationReceivedEmail,
  confirmationLinkEmail,
} from './public-emails';
import type { MembershipStatus } from './statuses';

/**
 * An application for membership (club-operations.md, 'The application') and the link that proves
 * its uOttawa address.
 *
 * Applying stores the application as pending and unconfirmed, and emails a confirmation link to
 * the address typed; it counts (blocks the address for the year, shows to finance, gets its
 * payment instructions) only once the applicant opens that link and presses its page's button
 * (opening alone confirms nothing: mail scanners open links by themselves, and would otherwise
 * confirm a stranger's application made with a student's address). Whoever applies is answered
 * the same, whatever the address's history: a first application, a new link for an unconfirmed
 * one, or an address that already has a membership this year, whose owner is emailed what to do
 * instead.
 * So the answer tells a stranger nothing, and nobody can hold another student's address by
 * applying with it.
 *
 * Addresses are compared by their key (email-key.ts): NFKC, lower case, `+tag` dropped. Among
 * confirmed, not cancelled applications of a year the database's unique index allows one per key:
 * two confirmations at the same moment make one.
 */

/** Letters and digits nobody misreads: no 0/O, 1/I/L. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const REFERENCE_LENGTH = 6;

/** `M26-7KQ4XW`: M, the membership year's last two digits, six unambiguous characters. */
export function newPaymentReference(year: number): string {
  let code = '';
  for (let index = 0; index < REFERENCE_LENGTH; index += 1) {
    code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  }
  return `M${String(year % 100).padStart(2, '0')}-${code}`;
}

export const PAYMENT_REFERENCE_PATTERN = /^M\d{2}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

export const NOT_ON_SALE_MESSAGE =
  'This membership type is not on sale any more. Reload the page and choose one of the types offered.';

/** How long a confirmation link works after it was sent. */
export const CONFIRMATION_LINK_MS = CONFIRMATION_LINK_HOURS * 60 * 60_000;

/** A link's token: 32 random bytes, base64url. Only its SHA-256 is stored. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The page a confirmation link opens (app/(site)/membership/confirm/[token]/page.tsx). */
export function confirmationUrl(token: string): string {
  return membershipLink(`/membership/confirm/${token}`);
}

/** What the applicant is shown once the address is confirmed, and emailed: how to pay. */
export type ApplicationReceipt = {
  membershipId: number;
  paymentReference: string;
  typeName: string;
  priceCents: number;
  currency: string;
  validFrom: string;
  validUntil: string;
  etransferAddress: string;
  etransferInstructions: string;
  uottawaEmail: string;
};

/**
 * What applying did. The public answer is the same for every `ok` outcome (the endpoint says
 * only 'check your inbox'); the outcome is for the tests and nobody else.
 */
export type ApplyResult =
  | {
      ok: true;
      uottawaEmail: string;
      outcome: 'link_sent' | 'new_link_sent' | 'already_applied';
      membershipId: number;
    }
  | { ok: false; code: 'not_on_sale'; message: string };

/** Reference collisions are one in a billion; a few fresh draws settle any. */
const REFERENCE_ATTEMPTS = 4;

export async function applyForMembership(
  db: Database,
  input: MembershipApplication,
  now: Date,
): Promise<ApplyResult> {
  // The schema stored it NFKC-normalised and lower-cased; trimmed again for other callers.
  const email = input.uottawaEmail.trim().normalize('NFKC').toLowerCase();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx): Promise<ApplyResult> => {
        const [type] = await typesOnSale(tx, now, { typeId: input.membershipTypeId });
        if (!type) return { ok: false, code: 'not_on_sale', message: NOT_ON_SALE_MESSAGE };
        // Applications for one address wait for each other: one unconfirmed row per address.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`membership-apply:${type.year}:${uottawaEmailKey(email)}`}))`,
        );
        const counted = await confirmedApplication(tx, type.year, email);
        if (counted) {
          await queueAlreadyApplied(tx, counted.id, now);
          return {
            ok: true,
            uottawaEmail: email,
            outcome: 'already_applied',
            membershipId: counted.id,
          };
        }

        const link = newConfirmationLink();
        const details = {
          typeId: type.id,
          legalName: input.legalName,
          preferredName: input.preferredName,
          uottawaEmail: email,
          program: input.program,
          yearOfStudy: input.yearOfStudy,
          expectedGraduationYear: input.expectedGraduationYear,
          industries: input.industries,
          notificationConsent: input.notificationConsent,
          termsAcceptedAt: now,
          personalEmail: input.personalEmail,
          wechatId: input.wechatId,
          linkedinUrl: input.linkedinUrl,
          preferredEventKinds: input.preferredEventKinds,
          priceCents: type.priceCents,
          currency: type.currency,
          validFrom: type.validFrom,
          validUntil: type.validUntil,
          emailConfirmationHash: link.hash,
          emailConfirmationSentAt: now,
        };
        const [unconfirmed] = await tx
          .select({ id: memberships.id })
          .from(memberships)
          .where(
            and(
              eq(memberships.year, type.year),
              sameUottawaEmail(email),
              isNull(memberships.emailConfirmedAt),
              ne(memberships.status, 'cancelled'),
            ),
          )
          .orderBy(desc(memberships.id))
          .limit(1);

        let membershipId: number;
        if (unconfirmed) {
          // Applying again replaces the unconfirmed application, whoever made it: the details
          // are the latest ones, and only the newest link works.
          await tx.update(memberships).set(details).where(eq(memberships.id, unconfirmed.id));
          membershipId = unconfirmed.id;
          await recordChange(
            tx,
            { id: null, name: 'Applicant' },
            {
              action: 'membership.applyAgain',
              recordType: 'membership',
              recordId: membershipId,
              summary: `${input.legalName} applied again for the ${type.name} membership before confirming the uOttawa email; a new confirmation link was sent`,
              after: { type: type.name },
            },
            now,
          );
        } else {
          const [row] = await tx
            .insert(memberships)
            .values({
              ...details,
              year: type.year,
              paymentReference: newPaymentReference(type.year),
              status: 'pending',
              createdAt: now,
            })
            .returning({ id: memberships.id, paymentReference: memberships.paymentReference });
          if (!row) throw new Error('The membership application was not stored.');
          membershipId = row.id;
          await moveMembershipStatus(tx, {
            membershipId,
            from: null,
            to: 'pending',
            actor: 'applicant',
            reason: null,
            action: 'membership.apply',
            summary: `${input.legalName} applied for the ${type.name} membership`,
            after: { type: type.name, paymentReference: row.paymentReference },
            at: now,
          });
        }
        const context = await membershipMailContext(tx, membershipId);
        if (!context) throw new Error('The membership just stored could not be read back.');
        await queueEmail(tx, {
          // One email per link: the hash's start tells the links apart.
          dedupeKey: `membership-confirm:${membershipId}:${link.hash.slice(0, 16)}`,
          kind: 'membership-confirm',
          to: email,
          email: await confirmationLinkEmail(context, confirmationUrl(link.token)),
          membershipId,
        });
        return {
          ok: true,
          uottawaEmail: email,
          outcome: unconfirmed ? 'new_link_sent' : 'link_sent',
          membershipId,
        };
      });
    } catch (error) {
      // Once in a billion, the reference was drawn before: then draw again.
      if (!isUniqueViolation(error) || attempt >= REFERENCE_ATTEMPTS) throw error;
    }
  }
}

/** A fresh link's token (only in the email) and the hash stored on the application. */
export function newConfirmationLink(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The year's confirmed, not cancelled application of this address, if any: the one that counts. */
async function confirmedApplication(tx: Queryable, year: number, email: string) {
  const [row] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.year, year),
        sameUottawaEmail(email),
        isNotNull(memberships.emailConfirmedAt),
        ne(memberships.status, 'cancelled'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A reminder to an address that applied again is sent at most once an hour. */
const ALREADY_APPLIED_EMAIL_MS = 60 * 60_000;

/**
 * Emails the counted membership's own address what it already has and what to do. At most once
 * an hour: whoever applies with someone's address cannot fill their inbox.
 */
async function queueAlreadyApplied(tx: Queryable, membershipId: number, now: Date) {
  const context = await membershipMailContext(tx, membershipId);
  const [row] = await tx
    .select({ status: memberships.status, year: memberships.year })
    .from(memberships)
    .where(eq(memberships.id, membershipId));
  if (!context || !row) return;
  await queueEmail(tx, {
    dedupeKey: `membership-already-applied:${membershipId}:${Math.floor(now.getTime() / ALREADY_APPLIED_EMAIL_MS)}`,
    kind: 'membership-already-applied',
    to: context.to,
    email: await alreadyAppliedEmail({
      ...context,
      status: row.status as MembershipStatus,
      year: row.year,
    }),
    membershipId,
  });
}

/**
 * What a confirmation link is, read without changing anything (the page the link opens shows it
 * with a button: mail scanners open links by themselves, so only the press confirms): an
 * application to confirm, a link already used, one older than 48 hours, or one that is not (or no
 * longer) a link.
 */
export type ApplicationLink =
  | { kind: 'open'; name: string; uottawaEmail: string; typeName: string }
  | { kind: 'used' }
  | { kind: 'expired' }
  | { kind: 'invalid' };

type LinkRefusal = Exclude<ApplicationLink, { kind: 'open' }>;

/** Why a link's application cannot be confirmed now; null when it can. */
function linkRefusal(
  row:
    | Pick<Membership, 'status' | 'emailConfirmedAt' | 'emailConfirmationSentAt' | 'createdAt'>
    | undefined,
  now: Date,
): LinkRefusal | null {
  if (!row || row.status === 'cancelled') return { kind: 'invalid' };
  if (row.emailConfirmedAt) return { kind: 'used' };
  const sentAt = row.emailConfirmationSentAt ?? row.createdAt;
  if (now.getTime() - sentAt.getTime() > CONFIRMATION_LINK_MS) return { kind: 'expired' };
  return null;
}

/** Reads what a confirmation link is, changing nothing (see ApplicationLink). */
export async function readApplicationLink(
  db: Database,
  token: string,
  now: Date,
): Promise<ApplicationLink> {
  if (!TOKEN_PATTERN.test(token)) return { kind: 'invalid' };
  const [row] = await db
    .select({
      status: memberships.status,
      emailConfirmedAt: memberships.emailConfirmedAt,
      emailConfirmationSentAt: memberships.emailConfirmationSentAt,
      createdAt: memberships.createdAt,
      name: memberships.preferredName,
      uottawaEmail: memberships.uottawaEmail,
      typeName: membershipTypes.name,
    })
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.typeId))
    .where(eq(memberships.emailConfirmationHash, hashToken(token)));
  const refused = linkRefusal(row, now);
  if (refused || !row) return refused ?? { kind: 'invalid' };
  return { kind: 'open', name: row.name, uottawaEmail: row.uottawaEmail, typeName: row.typeName };
}

/**
 * What pressing the confirmation page's button did: confirmed (how to pay, emailed as well), a
 * link that does not work (see ApplicationLink), or an address whose other application was
 * confirmed first (its owner is emailed as for a second application).
 */
export type ConfirmResult =
  { kind: 'confirmed'; receipt: ApplicationReceipt } | LinkRefusal | { kind: 'taken' };

/**
 * Confirms the application of a link (the page's button, never the link's opening): in one
 * transaction the application is confirmed, its status history and audit entry written, and the
 * 'Application received' email with how to pay queued. The unique index decides between two
 * applications of one address: the later confirmation changes nothing.
 */
export async function confirmApplication(
  db: Database,
  token: string,
  now: Date,
  words: ReceivedEmailWords = { nextSteps: DEFAULT_NEXT_STEPS },
): Promise<ConfirmResult> {
  if (!TOKEN_PATTERN.test(token)) return { kind: 'invalid' };
  const hash = hashToken(token);
  // The application being confirmed, for the answer when the unique index refuses it.
  const opened: { row: { year: number; email: string } | null } = { row: null };
  try {
    return await db.transaction(async (tx): Promise<ConfirmResult> => {
      const [row] = await tx
        .select()
        .from(memberships)
        .where(eq(memberships.emailConfirmationHash, hash))
        .for('update');
      const refused = linkRefusal(row, now);
      if (refused || !row) return refused ?? { kind: 'invalid' };
      opened.row = { year: row.year, email: row.uottawaEmail };
      // The unique index refuses this when the address's other application came first.
      await tx.update(memberships).set({ emailConfirmedAt: now }).where(eq(memberships.id, row.id));
      const status = row.status as MembershipStatus;
      await moveMembershipStatus(tx, {
        membershipId: row.id,
        from: status,
        to: status,
        actor: 'applicant',
        reason: 'Confirmed the uOttawa email through the link sent to it.',
        action: 'membership.confirmEmail',
        summary: `${row.legalName} confirmed the uOttawa email of the application`,
        at: now,
      });
      const context = await membershipMailContext(tx, row.id);
      if (!context) throw new Error('The membership just confirmed could not be read back.');
      await queueEmail(tx, {
        dedupeKey: `membership-received:${row.id}`,
        kind: 'membership-received',
        to: context.to,
        email: await applicationReceivedEmail(context, words),
        membershipId: row.id,
      });
      return {
        kind: 'confirmed',
        receipt: {
          membershipId: row.id,
          paymentReference: row.paymentReference,
          typeName: context.typeName,
          priceCents: row.priceCents,
          currency: row.currency,
          validFrom: row.validFrom,
          validUntil: row.validUntil,
          etransferAddress: context.etransferAddress,
          etransferInstructions: context.etransferInstructions,
          uottawaEmail: row.uottawaEmail,
        },
      };
    });
  } catch (error) {
    const refused = opened.row;
    if (!isUniqueViolation(error) || !refused) throw error;
    return db.transaction(async (tx) => {
      const counted = await confirmedApplication(tx, refused.year, refused.email);
      if (counted) await queueAlreadyApplied(tx, counted.id, now);
      return { kind: 'taken' } as const;
    });
  }
}
