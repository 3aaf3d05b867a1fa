import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { adminTwoFactors, adminUsers } from '@/lib/db/schema';

/**
 * Whether `accountId` started turning two-factor sign-in on without confirming it with a code: a
 * key is stored while the account does not ask for codes yet.
 */
export async function hasUnconfirmedKey(db: Database, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: adminUsers.twoFactorEnabled })
    .from(adminTwoFactors)
    .innerJoin(adminUsers, eq(adminUsers.id, adminTwoFactors.userId))
    .where(eq(adminTwoFactors.userId, accountId));
  return row !== undefined && !row.enabled;
}
