import 'server-only';

/**
 * What personal-data erasure (./erasure.ts) finds and does, counted per kind of record, and those
 * counts in the console's words: the preview before erasing and the summary after.
 */

/** What erasure deletes or empties, and what it keeps, per kind of record. */
export type ErasureCounts = {
  messages: number;
  requests: number;
  applications: number;
  registrations: number;
  memberships: number;
  changeRequests: number;
  emails: number;
  /** Audit entries that named the person, rewritten to name the record. */
  auditEntries: number;
  /** Kept, without the name: the club's books must keep them. */
  payments: number;
  refunds: number;
};

/** Whether erasure would find anything under the address. */
export function foundAnything(counts: ErasureCounts): boolean {
  return Object.values(counts).some((value) => value > 0);
}

const part = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

/** What erasure deletes or empties, in words ('1 membership, 2 event registrations, …'). */
export function describeErased(counts: ErasureCounts): string {
  const parts = [
    counts.memberships > 0 && part(counts.memberships, 'membership', 'memberships'),
    counts.registrations > 0 &&
      part(counts.registrations, 'event registration', 'event registrations'),
    counts.changeRequests > 0 &&
      part(counts.changeRequests, 'details change request', 'details change requests'),
    counts.emails > 0 && part(counts.emails, 'email', 'emails'),
    counts.messages > 0 && part(counts.messages, 'contact message', 'contact messages'),
    counts.requests > 0 && part(counts.requests, 'service request', 'service requests'),
    counts.applications > 0 && part(counts.applications, 'job application', 'job applications'),
    counts.auditEntries > 0 &&
      part(counts.auditEntries, 'audit entry that named them', 'audit entries that named them'),
  ].filter((text): text is string => typeof text === 'string');
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/**
 * The console's preview, line by line: what is erased, what is kept and why, in the words of the
 * privacy policy's 'Your rights'.
 */
export function erasurePreview(counts: ErasureCounts): { erased: string[]; kept: string[] } {
  const erased: string[] = [];
  const kept: string[] = [];
  if (counts.memberships > 0) {
    erased.push(
      `${part(counts.memberships, 'membership', 'memberships')}: names, uOttawa and personal emails, program, year of study, WeChat, LinkedIn, interests and preferred events`,
    );
    kept.push(
      `${part(counts.memberships, 'membership record', 'membership records')} without the name (member ID, payment reference, type, dates and status), so the payments keep their membership`,
    );
  }
  if (counts.registrations > 0) {
    erased.push(
      `${part(counts.registrations, 'event registration', 'event registrations')} with the answers and status history`,
    );
  }
  const deleted: Array<[number, string, string]> = [
    [counts.changeRequests, 'details change request', 'details change requests'],
    [counts.emails, 'email written to them', 'emails written to them'],
    [counts.messages, 'contact message', 'contact messages'],
    [counts.requests, 'service request', 'service requests'],
    [counts.applications, 'job application with its resume', 'job applications with their resumes'],
  ];
  for (const [value, one, many] of deleted) if (value > 0) erased.push(part(value, one, many));
  if (counts.auditEntries > 0) {
    erased.push(
      `their name in ${part(counts.auditEntries, 'audit log entry', 'audit log entries')}, which name the record instead`,
    );
  }
  if (counts.payments + counts.refunds > 0) {
    kept.push(
      `payments and refunds (${part(counts.payments, 'payment', 'payments')}, ${part(counts.refunds, 'refund', 'refunds')}): kept without the name, because the club's books must keep them (amount, date, method and reference)`,
    );
  }
  return { erased, kept };
}
