import type { Database } from '@/lib/db/client';
import { adminUsers, events, type NewEvent } from '@/lib/db/schema';

/** A console account as the registration operations name the staff who act. */
export type StaffActor = { kind: 'staff'; userId: string; name: string };

/** Stores the account of `staff` as a coordinator, so that audit entries can name it. */
export async function addCoordinator(db: Database, staff: StaffActor, email: string) {
  await db
    .insert(adminUsers)
    .values({ id: staff.userId, name: staff.name, email, role: 'coordinator' });
}

/** Stores an event with the test's defaults and `settings` over them. */
export async function insertEvent(db: Database, values: NewEvent) {
  const [event] = await db.insert(events).values(values).returning();
  return event!;
}
