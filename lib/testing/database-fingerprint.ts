import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';

/**
 * A fingerprint of everything the database holds, for the end-to-end tests that prove a refused
 * request changed nothing: one hash per table of its rows' text, plus the audit log's size and
 * newest entry. Served only by a test server (app/api/test-hooks/database/route.ts).
 *
 * Left out: the migrations' own bookkeeping, the sign-in rate limit's counters, which count
 * attempts by design, refused or not, and the scheduled work's record of its runs, which the
 * server writes every minute whatever its visitors do.
 */
const UNWATCHED_TABLES = new Set([
  '__drizzle_migrations',
  'auth_rate_limits',
  'scheduled_work_runs',
]);

export type DatabaseFingerprint = {
  tables: Record<string, string>;
  audit: {
    count: number;
    latest: {
      action: string;
      actorId: string | null;
      recordId: string | null;
      summary: string;
    } | null;
  };
};

type Rows<T> = { rows: T[] };

export async function databaseFingerprint(db: Database): Promise<DatabaseFingerprint> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as Rows<{ table_name: string }>;
  const hashes: Record<string, string> = {};
  for (const { table_name: name } of tables.rows) {
    if (UNWATCHED_TABLES.has(name)) continue;
    const table = sql.identifier(name);
    const result = (await db.execute(
      sql`select md5(coalesce(string_agg(row_text, '|' order by row_text), '')) as hash
          from (select t::text as row_text from ${table} t) rows`,
    )) as Rows<{ hash: string }>;
    hashes[name] = result.rows[0]!.hash;
  }
  const count = (await db.execute(sql`select count(*)::int as count from audit_log`)) as Rows<{
    count: number;
  }>;
  const latest = (await db.execute(
    sql`select action, actor_id, record_id, summary from audit_log order by id desc limit 1`,
  )) as Rows<{
    action: string;
    actor_id: string | null;
    record_id: string | null;
    summary: string;
  }>;
  const newest = latest.rows[0];
  return {
    tables: hashes,
    audit: {
      count: Number(count.rows[0]!.count),
      latest: newest
        ? {
            action: newest.action,
            actorId: newest.actor_id,
            recordId: newest.record_id,
            summary: newest.summary,
          }
        : null,
    },
  };
}

/**
 * The ids a test needs to aim its requests (accounts by email, events by title, registrations,
 * emails, submissions, resources), read without going through the console it is testing.
 */
export async function testRecords(db: Database) {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as Rows<T>).rows;
  return {
    accounts: await rows<{ id: string; email: string; role: string }>(
      sql`select id, email, role from admin_users order by email`,
    ),
    events: await rows<{ id: number; title: string; cancelled: boolean }>(
      sql`select id, title, cancelled_at is not null as cancelled from events order by id`,
    ),
    registrations: await rows<{ id: number; event_id: number; email: string; status: string }>(
      sql`select id, event_id, email, status from event_registrations order by id`,
    ),
    emails: await rows<{ id: number; kind: string; to: string }>(
      sql`select id, kind, to_address as to from email_outbox order by id`,
    ),
    messages: await rows<{ id: number; email: string }>(
      sql`select id, sender_email as email from contact_messages order by id`,
    ),
    applications: await rows<{ id: number }>(sql`select id from job_applications order by id`),
    resources: await rows<{ id: number; title: string }>(
      sql`select id, title from resources order by id`,
    ),
    // With the token of each one's newest confirmation link, read from the email that carries it.
    memberships: await rows<{
      id: number;
      status: string;
      price_cents: number;
      year: number;
      uottawa_email: string;
      confirm_token: string | null;
    }>(
      sql`select m.id, m.status, m.price_cents, m.year, m.uottawa_email,
        (select (regexp_match(o.text_body, '/membership/confirm/([A-Za-z0-9_-]{43})'))[1]
          from email_outbox o where o.membership_id = m.id and o.kind = 'membership-confirm'
          order by o.id desc limit 1) as confirm_token
        from memberships m order by m.id`,
    ),
    // With the token of each one's confirmation link, read from the email that carries it.
    changeRequests: await rows<{
      id: number;
      membership_id: number | null;
      confirmed: boolean;
      token: string | null;
    }>(
      sql`select r.id, r.membership_id, r.confirmed_at is not null as confirmed,
        (regexp_match(o.text_body, '/membership/change-details/confirm/([A-Za-z0-9_-]{43})'))[1] as token
        from membership_change_requests r
        left join email_outbox o on o.dedupe_key = 'membership-change-confirm:' || r.id
        order by r.id`,
    ),
    membershipPayments: await rows<{ id: number; membership_id: number; state: string }>(
      sql`select id, membership_id, state from membership_payments order by id`,
    ),
    membershipRefunds: await rows<{ id: number; membership_id: number; state: string }>(
      sql`select id, membership_id, state from membership_refunds order by id`,
    ),
    membershipTypes: await rows<{ id: number; year: number; name: string }>(
      sql`select id, year, name from membership_types order by id`,
    ),
    statusChanges: await rows<{ id: number; registration_id: number; to_status: string }>(
      sql`select id, registration_id, to_status from registration_status_changes order by id`,
    ),
  };
}
