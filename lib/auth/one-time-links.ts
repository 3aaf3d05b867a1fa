import 'server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, like, lte, or } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { authVerifications } from '@/lib/db/schema';

/**
 * One-time links of the console: the first account's setup link, an invitation, a password
 * reset. The link carries a random token; the database keeps only its SHA-256 (reading the
 * database does not give a link away), the purpose, and when it expires. Using a link deletes
 * it in the same statement that finds it, so it works once even when submitted twice at once.
 */

export type LinkPurpose = 'setup' | 'invite' | 'password';

export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  setup: 24 * 60 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
  password: 24 * 60 * 60 * 1000,
};

/** How long a link of `purpose` works, in words: '7 days', '24 hours'. */
export function linkLifetimeWords(purpose: LinkPurpose): string {
  const hours = LINK_LIFETIME_MS[purpose] / (60 * 60 * 1000);
  if (hours % 24 === 0) return hours === 24 ? '24 hours' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** A transaction or the database: links are made and used inside the callers' transactions. */
type Queryable = Pick<Database, 'select' | 'insert' | 'delete'>;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `setup`, or `invite:<account id>`: which account a link is for travels in its identifier. */
function identifierOf(purpose: LinkPurpose, accountId?: string): string {
  return accountId ? `console-${purpose}:${accountId}` : `console-${purpose}`;
}

/**
 * A new link token for `purpose` (and the account it is for). Earlier links for the same
 * account and purpose stop working: only the newest invitation or reset link counts.
 */
export async function createLinkToken(
  db: Queryable,
  purpose: LinkPurpose,
  accountId?: string,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const identifier = identifierOf(purpose, accountId);
  await db
    .delete(authVerifications)
    .where(
      or(
        lte(authVerifications.expiresAt, now),
        accountId ? eq(authVerifications.identifier, identifier) : undefined,
      ),
    );
  await db.insert(authVerifications).values({
    id: randomUUID(),
    identifier,
    value: hashOf(token),
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]),
  });
  return token;
}

function matching(purpose: LinkPurpose, token: string, now: Date) {
  return and(
    or(
      eq(authVerifications.identifier, identifierOf(purpose)),
      like(authVerifications.identifier, `${identifierOf(purpose)}:%`),
    ),
    eq(authVerifications.value, hashOf(token)),
    gt(authVerifications.expiresAt, now),
  );
}

/**
 * Whether the account's link whose hash starts with `hashPrefix` (the tag an email keeps of its
 * link) still works: not used, not replaced by a newer one, not expired.
 */
export async function linkStillWorks(
  db: Queryable,
  purpose: LinkPurpose,
  accountId: string,
  hashPrefix: string,
  now = new Date(),
): Promise<boolean> {
  if (!/^[0-9a-f]{8,64}$/.test(hashPrefix)) return false;
  const [row] = await db
    .select({ id: authVerifications.id })
    .from(authVerifications)
    .where(
      and(
        eq(authVerifications.identifier, identifierOf(purpose, accountId)),
        like(authVerifications.value, `${hashPrefix}%`),
        gt(authVerifications.expiresAt, now),
      ),
    );
  return Boolean(row);
}

/** The account a valid link is for (null for the setup link), or undefined when it is not valid. */
export async function peekLinkToken(
  db: Queryable,
  purpose: LinkPurpose,
  token: string,
  now = new Date(),
): Promise<string | null | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select({ identifier: authVerifications.identifier })
    .from(authVerifications)
    .where(matching(purpose, token, now));
  return row ? accountOf(row.identifier) : undefined;
}

/** Uses the link up: the account it was for (null for setup), or undefined when not valid. */
export async function spendLinkToken(
  db: Queryable,
  purpose: LinkPurpose,
  token: string,
  now = new Date(),
): Promise<string | null | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .delete(authVerifications)
    .where(matching(purpose, token, now))
    .returning({ identifier: authVerifications.identifier });
  return row ? accountOf(row.identifier) : undefined;
}

/** Every link of `purpose` ends (the setup links, once the first account exists). */
export async function endLinks(db: Queryable, purpose: LinkPurpose, accountId?: string) {
  await db
    .delete(authVerifications)
    .where(eq(authVerifications.identifier, identifierOf(purpose, accountId)));
}

function accountOf(identifier: string): string | null {
  const separator = identifier.indexOf(':');
  return separator === -1 ? null : identifier.slice(separator + 1);
}
