import 'server-only';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { recordChange } from '@/lib/audit/record';
import type { SignedIn } from '@/lib/auth/session';
import type { Database } from '@/lib/db/client';
import {
  auditLog,
  contactMessages,
  emailOutbox,
  eventRegistrations,
  jobApplications,
  membershipChangeRequests,
  membershipPayments,
  membershipRefunds,
  memberships,
  membershipStatusChanges,
  serviceRequests,
} from '@/lib/db/schema';
import { CHANGE_REQUEST_RECORD, changeRequestEmailKey } from '@/lib/memberships/change-requests';
import { CORRECTION_ACTION } from '@/lib/memberships/details';
import { manageLinkKey } from '@/lib/registrations/manage-token';
import { deleteRegistrations } from '@/lib/registrations/transitions';
import { removeUpload } from '@/lib/submissions/uploads';
import { typedEmailKey, uottawaEmailKeyOf } from '@/lib/memberships/email-key';
import { describeErased, type ErasureCounts } from './erasure-counts';
import {
  type AuditEntry,
  idsUnder,
  type Naming,
  replaceNamings,
  textsUnder,
  valuesWithoutPerson,
  wholeWords,
} from './erasure-namings';

/**
 * 'Erase a person's data' (a request under Canadian privacy law, promised by the privacy
 * policy's 'Your rights'): everything stored under the address a person gives, and under the
 * other address of a membership it names. Submissions, registrations with their answers, change
 * requests and the emails written to them are deleted; a membership keeps its row, emptied of
 * names, addresses and details, because its payments and refunds must keep their membership;
 * payments and refunds keep amount, date, method and reference; the audit entries that name the
 * person name the record instead ('membership M26-7KQ4XW', 'registration #12').
 *
 * A membership's addresses and names include those a staff correction replaced (its audit entry
 * keeps them, and an old address finds the membership too): the correction's entry keeps which
 * fields changed, their values emptied. Change requests are found by address or by their
 * membership, with their confirmation emails (wherever they went) and their audit entries.
 *
 * What is counted and how the counts read: ./erasure-counts.ts. How the person's words leave the
 * texts that stay: ./erasure-namings.ts.
 */

/** What an erased membership's names and details read as. */
export const ERASED_NAME = 'Erased on request';
const ERASED_WORD = 'Erased';

/** The address of an erased membership: unique, never delivered (`.invalid`, RFC 2606). */
export const erasedAddress = (membershipId: number) => `erased-${membershipId}@invalid`;

/**
 * The column holds one of `addresses`, as uniqueness compares addresses (NFKC, lower case, a
 * `+tag` dropped: lib/memberships/email-key.ts, the generated `memberships.uottawa_email_key`).
 */
function oneOf(column: SQL | AnyPgColumn, addresses: readonly string[]): SQL {
  const keys = sql.join(addresses.map(typedEmailKey), sql`, `);
  return sql`${uottawaEmailKeyOf(column)} in (${keys})`;
}

type Executor = Pick<Database, 'select'>;

/** Everything stored about one person, found from the address they gave. */
type Person = {
  /** Every address of theirs, those a staff correction replaced included: scrubbed from texts. */
  addresses: string[];
  /**
   * The addresses that are surely theirs (the one given and their memberships' current ones):
   * what finds records that no membership ties to them. A replaced address may have been a typo,
   * someone else's, so it reaches only what their membership holds.
   */
  ownAddresses: string[];
  membershipIds: number[];
  registrationIds: number[];
  changeRequestIds: number[];
  namings: Naming[];
  messages: number;
  requests: number;
  applications: number;
  changeRequests: number;
  emails: number;
  payments: number;
  refunds: number;
  /** The audit entries that name the person, as they will read after erasure. */
  rewrites: Array<{ id: number; summary: string; before: unknown; after: unknown }>;
};

const SUMMARY_LENGTH = 300;

async function findPerson(db: Executor, rawEmail: string): Promise<Person> {
  const given = rawEmail.trim().toLowerCase();
  // The memberships the address names: as its uOttawa address, or as its personal address, now
  // or before a staff correction changed it (the correction's audit entry keeps the old one).
  const correctedOf = await db
    .select({ recordId: auditLog.recordId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, CORRECTION_ACTION),
        eq(auditLog.recordType, 'membership'),
        or(
          ...['uottawaEmail', 'personalEmail'].flatMap((key) => [
            oneOf(sql`${auditLog.before}->>${key}`, [given]),
            oneOf(sql`${auditLog.after}->>${key}`, [given]),
          ]),
        ),
      ),
    );
  const correctedIds = correctedOf
    .map((row) => Number(row.recordId))
    .filter((id) => Number.isSafeInteger(id));
  const found = await db
    .select()
    .from(memberships)
    .where(
      and(
        isNull(memberships.erasedAt),
        or(
          oneOf(memberships.uottawaEmail, [given]),
          oneOf(memberships.personalEmail, [given]),
          correctedIds.length > 0 ? inArray(memberships.id, correctedIds) : undefined,
        ),
      ),
    );
  // What staff corrections replaced: the addresses and names the membership had before.
  const corrections =
    found.length > 0
      ? await db
          .select({ before: auditLog.before, after: auditLog.after })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.action, CORRECTION_ACTION),
              eq(auditLog.recordType, 'membership'),
              inArray(
                auditLog.recordId,
                found.map((membership) => String(membership.id)),
              ),
            ),
          )
      : [];
  const correctedAddresses = corrections.flatMap((entry) => [
    ...textsUnder(entry, 'uottawaEmail'),
    ...textsUnder(entry, 'personalEmail'),
  ]);
  const ownAddresses = [
    ...new Set(
      [
        given,
        ...found.flatMap((membership) => [
          membership.uottawaEmail,
          ...(membership.personalEmail ? [membership.personalEmail] : []),
        ]),
      ].map((address) => address.toLowerCase()),
    ),
  ];
  const addresses = [
    ...new Set([...ownAddresses, ...correctedAddresses.map((address) => address.toLowerCase())]),
  ];
  const membershipIds = found.map((membership) => membership.id);
  const byMembership = (column: AnyPgColumn) =>
    membershipIds.length > 0 ? inArray(column, membershipIds) : undefined;

  const [registrations, messages, requests, applications, changeRequests] = await Promise.all([
    db
      .select({
        id: eventRegistrations.id,
        firstName: eventRegistrations.firstName,
        lastName: eventRegistrations.lastName,
        email: eventRegistrations.email,
      })
      .from(eventRegistrations)
      .where(
        or(
          oneOf(eventRegistrations.email, ownAddresses),
          byMembership(eventRegistrations.membershipId),
        ),
      ),
    db
      .select({ id: contactMessages.id, name: contactMessages.senderName })
      .from(contactMessages)
      .where(oneOf(contactMessages.senderEmail, ownAddresses)),
    db
      .select({ id: serviceRequests.id, name: serviceRequests.name })
      .from(serviceRequests)
      .where(oneOf(serviceRequests.email, ownAddresses)),
    db
      .select({ id: jobApplications.id, name: jobApplications.applicantName })
      .from(jobApplications)
      .where(oneOf(jobApplications.applicantEmail, ownAddresses)),
    db
      .select({
        id: membershipChangeRequests.id,
        name: membershipChangeRequests.name,
        address: membershipChangeRequests.uottawaEmail,
      })
      .from(membershipChangeRequests)
      .where(
        or(
          oneOf(membershipChangeRequests.uottawaEmail, ownAddresses),
          byMembership(membershipChangeRequests.membershipId),
        ),
      ),
  ]);
  const registrationIds = registrations.map((registration) => registration.id);
  const changeRequestIds = changeRequests.map((request) => request.id);

  // The words the person is known by, each with the record that names them instead; a
  // membership's label first, as the record that stays.
  const namings: Naming[] = [];
  const add = (words: string | null | undefined, label: string, strong: boolean) => {
    const trimmed = words?.trim();
    if (!trimmed || namings.some((naming) => naming.words.toLowerCase() === trimmed.toLowerCase()))
      return;
    namings.push({ words: trimmed, label, strong });
  };
  for (const membership of found) {
    const label = `membership ${membership.paymentReference}`;
    add(membership.uottawaEmail, label, true);
    add(membership.personalEmail, label, true);
    add(membership.legalName, label, true);
    add(membership.preferredName, label, false);
    add(membership.wechatId, label, false);
    add(membership.linkedinUrl, label, true);
    // The names a staff correction replaced (its addresses are among `addresses`, below).
    for (const entry of corrections) {
      for (const name of textsUnder(entry, 'legalName')) add(name, label, true);
      for (const name of textsUnder(entry, 'preferredName')) add(name, label, false);
    }
  }
  for (const request of changeRequests) {
    // As they typed it (a +tag or capitals): the same address, spelled otherwise.
    add(request.address, `details change request #${request.id}`, true);
  }
  for (const registration of registrations) {
    const label = `registration #${registration.id}`;
    add(registration.email, label, true);
    add(`${registration.firstName} ${registration.lastName}`, label, true);
    add(registration.firstName, label, false);
    add(registration.lastName, label, false);
  }
  for (const [records, noun] of [
    [changeRequests, 'details change request'],
    [messages, 'contact message'],
    [requests, 'service request'],
    [applications, 'job application'],
  ] as const) {
    for (const record of records) add(record.name, `${noun} #${record.id}`, false);
  }
  for (const address of addresses) add(address, 'an erased address', true);
  // The longest words first: a full name before the first name inside it.
  namings.sort((a, b) => b.words.length - a.words.length);

  const emailsWhere = outboxOf(ownAddresses, membershipIds, registrationIds, changeRequestIds);
  const [[emails], [payments], [refunds], candidates] = await Promise.all([
    db
      .select({ rows: sql<number>`count(*)`.mapWith(Number) })
      .from(emailOutbox)
      .where(emailsWhere),
    membershipIds.length > 0
      ? db
          .select({ rows: sql<number>`count(*)`.mapWith(Number) })
          .from(membershipPayments)
          .where(inArray(membershipPayments.membershipId, membershipIds))
      : [{ rows: 0 }],
    membershipIds.length > 0
      ? db
          .select({ rows: sql<number>`count(*)`.mapWith(Number) })
          .from(membershipRefunds)
          .where(inArray(membershipRefunds.membershipId, membershipIds))
      : [{ rows: 0 }],
    auditCandidates(db, namings, membershipIds, registrationIds, changeRequestIds),
  ]);

  // An entry is the person's when it is about their membership or registration, or names them
  // by an address or a full name; a first name alone does not make another person's entry theirs.
  const rewrites: Person['rewrites'] = [];
  for (const entry of candidates) {
    const text = `${entry.summary} ${JSON.stringify(entry.before)} ${JSON.stringify(entry.after)}`;
    const linked =
      (entry.recordType === 'membership' && membershipIds.includes(Number(entry.recordId))) ||
      idsUnder(entry, 'membershipId').some((id) => membershipIds.includes(id)) ||
      idsUnder(entry, 'registrationId').some((id) => registrationIds.includes(id)) ||
      (entry.recordType === CHANGE_REQUEST_RECORD &&
        changeRequestIds.includes(Number(entry.recordId)));
    const named = namings.some((naming) => naming.strong && wholeWords(naming.words).test(text));
    if (!linked && !named) continue;
    const summary = replaceNamings(entry.summary, namings);
    // A correction's entry keeps which fields changed, their values emptied.
    const keepKeys = entry.action === CORRECTION_ACTION;
    rewrites.push({
      id: entry.id,
      summary:
        summary.length > SUMMARY_LENGTH ? `${summary.slice(0, SUMMARY_LENGTH - 1)}…` : summary,
      before: valuesWithoutPerson(entry.before, namings, keepKeys),
      after: valuesWithoutPerson(entry.after, namings, keepKeys),
    });
  }
  return {
    addresses,
    ownAddresses,
    membershipIds,
    registrationIds,
    changeRequestIds,
    namings,
    messages: messages.length,
    requests: requests.length,
    applications: applications.length,
    changeRequests: changeRequests.length,
    emails: emails?.rows ?? 0,
    payments: payments?.rows ?? 0,
    refunds: refunds?.rows ?? 0,
    rewrites,
  };
}

/**
 * The emails written to the person: to one of their addresses, about their membership or
 * registration, or the confirmation link of their change request (to whichever address it went).
 */
function outboxOf(
  addresses: readonly string[],
  membershipIds: readonly number[],
  registrationIds: readonly number[],
  changeRequestIds: readonly number[],
): SQL | undefined {
  return or(
    oneOf(emailOutbox.toAddress, addresses),
    membershipIds.length > 0 ? inArray(emailOutbox.membershipId, [...membershipIds]) : undefined,
    registrationIds.length > 0
      ? inArray(emailOutbox.registrationId, [...registrationIds])
      : undefined,
    changeRequestIds.length > 0
      ? inArray(emailOutbox.dedupeKey, changeRequestIds.map(changeRequestEmailKey))
      : undefined,
  );
}

/**
 * The audit entries that may name the person: their words in the summary or the values, or about
 * one of their memberships, registrations or change requests. `findPerson` decides which do.
 */
async function auditCandidates(
  db: Executor,
  namings: readonly Naming[],
  membershipIds: readonly number[],
  registrationIds: readonly number[],
  changeRequestIds: readonly number[],
): Promise<AuditEntry[]> {
  const text = sql`lower(${auditLog.summary} || ' ' || coalesce(${auditLog.before}::text, '') || ' ' || coalesce(${auditLog.after}::text, ''))`;
  const conditions: SQL[] = namings
    .filter((naming) => naming.strong)
    .map((naming) => sql`strpos(${text}, ${naming.words.toLowerCase()}) > 0`);
  const about = (key: string, ids: readonly number[]) => {
    const list = sql.join(
      ids.map((id) => sql`${String(id)}`),
      sql`, `,
    );
    return sql`(${auditLog.before}->>${key} in (${list}) or ${auditLog.after}->>${key} in (${list}))`;
  };
  if (membershipIds.length > 0) {
    conditions.push(
      and(
        eq(auditLog.recordType, 'membership'),
        inArray(auditLog.recordId, membershipIds.map(String)),
      )!,
      about('membershipId', membershipIds),
    );
  }
  if (registrationIds.length > 0) conditions.push(about('registrationId', registrationIds));
  if (changeRequestIds.length > 0) {
    conditions.push(
      and(
        eq(auditLog.recordType, CHANGE_REQUEST_RECORD),
        inArray(auditLog.recordId, changeRequestIds.map(String)),
      )!,
    );
  }
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(auditLog)
    .where(or(...conditions));
}

function countsOf(person: Person, registrations: number): ErasureCounts {
  return {
    messages: person.messages,
    requests: person.requests,
    applications: person.applications,
    registrations,
    memberships: person.membershipIds.length,
    changeRequests: person.changeRequests,
    emails: person.emails,
    auditEntries: person.rewrites.length,
    payments: person.payments,
    refunds: person.refunds,
  };
}

/** What is stored under an email address, before erasing it (the console's preview). */
export async function dataUnderEmail(db: Database, rawEmail: string): Promise<ErasureCounts> {
  const person = await findPerson(db, rawEmail);
  return countsOf(person, person.registrationIds.length);
}

/**
 * Erases everything stored under one email address, in one transaction, with one audit entry
 * that keeps the counts and the erased memberships' ids, not the address or the name.
 */
export async function erasePersonalData(
  db: Database,
  actor: SignedIn,
  rawEmail: string,
  now: Date = new Date(),
): Promise<ErasureCounts> {
  const key = await manageLinkKey(db);
  const { counts, resumes } = await db.transaction(async (tx) => {
    const person = await findPerson(tx, rawEmail);
    const { ownAddresses, membershipIds, registrationIds, changeRequestIds, namings } = person;
    const byMembership = (column: AnyPgColumn) =>
      membershipIds.length > 0 ? inArray(column, membershipIds) : undefined;

    await tx.delete(contactMessages).where(oneOf(contactMessages.senderEmail, ownAddresses));
    await tx.delete(serviceRequests).where(oneOf(serviceRequests.email, ownAddresses));
    const applications = await tx
      .delete(jobApplications)
      .where(oneOf(jobApplications.applicantEmail, ownAddresses))
      .returning({ stored: jobApplications.resumeStoredName });
    await tx
      .delete(membershipChangeRequests)
      .where(
        or(
          oneOf(membershipChangeRequests.uottawaEmail, ownAddresses),
          byMembership(membershipChangeRequests.membershipId),
        ),
      );
    // The emails written to them hold their name, links and details: before the registrations,
    // whose deletion would unlink theirs.
    await tx
      .delete(emailOutbox)
      .where(outboxOf(ownAddresses, membershipIds, registrationIds, changeRequestIds));
    // The places their registrations held go to the waitlists, as after a cancellation; the
    // answers go with the rows, the status history with them (cascade).
    const { deleted: registrations } =
      registrationIds.length > 0
        ? await deleteRegistrations(tx, inArray(eventRegistrations.id, registrationIds), key, now)
        : { deleted: [] };

    for (const membershipId of membershipIds) {
      const [membership] = await tx
        .select({ suspensionReason: memberships.suspensionReason })
        .from(memberships)
        .where(eq(memberships.id, membershipId));
      await tx
        .update(memberships)
        .set({
          legalName: ERASED_NAME,
          preferredName: ERASED_WORD,
          uottawaEmail: erasedAddress(membershipId),
          personalEmail: null,
          wechatId: null,
          linkedinUrl: null,
          program: ERASED_WORD,
          yearOfStudy: ERASED_WORD,
          industries: [],
          preferredEventKinds: [],
          notificationConsent: false,
          emailConfirmationHash: null,
          suspensionReason: membership?.suspensionReason
            ? replaceNamings(membership.suspensionReason, namings)
            : null,
          // The scheduled work writes nothing more to an address that is gone.
          expiryReminderQueuedAt: sql`coalesce(${memberships.expiryReminderQueuedAt}, ${now})`,
          unpaidReminderQueuedAt: sql`coalesce(${memberships.unpaidReminderQueuedAt}, ${now})`,
          erasedAt: now,
        })
        .where(eq(memberships.id, membershipId));
    }
    if (membershipIds.length > 0) {
      // Staff's words about the person (reasons) lose the name; the money stays as it was.
      await rewriteTexts(tx, namings, membershipStatusChanges, membershipStatusChanges.reason, [
        inArray(membershipStatusChanges.membershipId, membershipIds),
      ]);
      for (const column of [
        membershipPayments.problem,
        membershipPayments.note,
        membershipPayments.reversalReason,
      ]) {
        await rewriteTexts(tx, namings, membershipPayments, column, [
          inArray(membershipPayments.membershipId, membershipIds),
        ]);
      }
      await rewriteTexts(tx, namings, membershipRefunds, membershipRefunds.reason, [
        inArray(membershipRefunds.membershipId, membershipIds),
      ]);
    }
    for (const rewrite of person.rewrites) {
      await tx
        .update(auditLog)
        .set({ summary: rewrite.summary, before: rewrite.before, after: rewrite.after })
        .where(eq(auditLog.id, rewrite.id));
    }

    const counts = countsOf(person, registrations.length);
    await recordChange(
      tx,
      actor,
      {
        action: 'personalData.erase',
        recordType: 'person',
        summary: `Erased a person's data on request: ${describeErased(counts)}`,
        after: { ...counts, membershipIds },
      },
      now,
    );
    return { counts, resumes: applications.map((application) => application.stored) };
  });
  // The rows are gone for good; their files follow (a file left behind is unreachable anyway).
  await Promise.all(
    resumes.map((stored) =>
      removeUpload(stored).catch((error: unknown) =>
        console.error(`Removing an erased resume (${stored}) failed:`, error),
      ),
    ),
  );
  return counts;
}

/** Replaces the person's words in one text column of the rows `where` selects. */
async function rewriteTexts(
  tx: Pick<Database, 'select' | 'execute'>,
  namings: readonly Naming[],
  table: typeof membershipStatusChanges | typeof membershipPayments | typeof membershipRefunds,
  column: AnyPgColumn,
  where: SQL[],
): Promise<void> {
  const rows = await tx
    .select({ id: table.id, text: sql<string | null>`${column}` })
    .from(table)
    .where(and(...where));
  for (const row of rows) {
    if (row.text === null) continue;
    const text = replaceNamings(row.text, namings);
    if (text === row.text) continue;
    await tx.execute(
      sql`update ${table} set ${sql.identifier(column.name)} = ${text} where ${table.id} = ${row.id}`,
    );
  }
}
