/**
 * The console's roles, from the most to the least trusted (club-operations.md). Kept free of
 * imports: the database schema (loaded by drizzle-kit without path aliases) reads it too.
 */
export const ROLES = ['super_admin', 'coordinator', 'finance', 'event_lead'] as const;

export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = {
  super_admin: 'Super admin',
  coordinator: 'Coordinator',
  finance: 'Finance',
  event_lead: 'Event lead',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
