import type { EventAction } from '@/lib/auth/permissions';

/**
 * The pages of one event in the console, in the order the tabs show them. Each page is
 * `/admin/events/<id>/<segment>` (the registrants at the event's own address) and shows its tab
 * only to those who may open it.
 */
export type EventTab = { segment: string; label: string; permission: EventAction };

export const EVENT_TABS = [
  { segment: '', label: 'Registrants', permission: 'registrations.read' },
  { segment: 'check-in', label: 'Door', permission: 'registrations.checkIn' },
  { segment: 'edit', label: 'Settings', permission: 'events.edit' },
  { segment: 'messages', label: 'Messages', permission: 'registrations.message' },
  { segment: 'questions', label: 'Questions', permission: 'events.edit' },
  { segment: 'numbers', label: 'Numbers', permission: 'numbers.read' },
] as const satisfies readonly EventTab[];

export type EventTabSegment = (typeof EVENT_TABS)[number]['segment'];

export function eventTabHref(eventId: number, segment: string): string {
  return segment ? `/admin/events/${eventId}/${segment}` : `/admin/events/${eventId}`;
}
