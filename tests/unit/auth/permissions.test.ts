import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type Action,
  can,
  canUpload,
  eventsInView,
  isEventScoped,
  reachOf,
} from '@/lib/auth/permissions';
import { ROLES, type Role } from '@/lib/auth/roles';

/**
 * What club-operations.md says each role does, written out action by action, so that a change
 * to the rules has to change this table too.
 */
const EXPECTED: Record<Action, Record<Role, 'yes' | 'no' | 'own events'>> = {
  'dashboard.view': { super_admin: 'yes', coordinator: 'yes', finance: 'yes', event_lead: 'yes' },
  'account.security': { super_admin: 'yes', coordinator: 'yes', finance: 'yes', event_lead: 'yes' },
  'dashboard.recentChanges': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'no',
  },
  'accounts.manage': { super_admin: 'yes', coordinator: 'no', finance: 'no', event_lead: 'no' },
  'audit.read': { super_admin: 'yes', coordinator: 'no', finance: 'no', event_lead: 'no' },
  'system.read': { super_admin: 'yes', coordinator: 'no', finance: 'no', event_lead: 'no' },
  'events.list': { super_admin: 'yes', coordinator: 'yes', finance: 'no', event_lead: 'yes' },
  'events.create': { super_admin: 'yes', coordinator: 'yes', finance: 'no', event_lead: 'no' },
  'events.edit': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'own events',
  },
  'events.delete': { super_admin: 'yes', coordinator: 'yes', finance: 'no', event_lead: 'no' },
  'events.assignLeads': { super_admin: 'yes', coordinator: 'yes', finance: 'no', event_lead: 'no' },
  'registrations.read': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'own events',
  },
  'registrations.export': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'own events',
  },
  'registrations.remove': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'own events',
  },
  'registrations.changeStatus': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'own events',
  },
  'registrations.message': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'own events',
  },
  'registrations.checkIn': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'own events',
  },
  'numbers.read': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'own events',
  },
  'attendance.read': { super_admin: 'yes', coordinator: 'yes', finance: 'no', event_lead: 'no' },
  'emails.manage': { super_admin: 'yes', coordinator: 'yes', finance: 'no', event_lead: 'no' },
  'content.edit': { super_admin: 'yes', coordinator: 'yes', finance: 'no', event_lead: 'no' },
  'media.uploadEventImages': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'yes',
  },
  'inbox.read': { super_admin: 'yes', coordinator: 'yes', finance: 'no', event_lead: 'no' },
  'inbox.handle': { super_admin: 'yes', coordinator: 'yes', finance: 'no', event_lead: 'no' },
  'resumes.download': { super_admin: 'yes', coordinator: 'yes', finance: 'no', event_lead: 'no' },
  'memberships.read': { super_admin: 'yes', coordinator: 'yes', finance: 'yes', event_lead: 'no' },
  'memberships.changeStatus': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'no',
  },
  'memberships.editDetails': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'no',
  },
  'memberships.resendEmail': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'no',
  },
  'memberships.announce': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'no',
    event_lead: 'no',
  },
  'memberships.export': {
    super_admin: 'yes',
    coordinator: 'yes',
    finance: 'yes',
    event_lead: 'no',
  },
  'payments.read': { super_admin: 'yes', coordinator: 'no', finance: 'yes', event_lead: 'no' },
  'payments.confirm': { super_admin: 'yes', coordinator: 'no', finance: 'yes', event_lead: 'no' },
  'payments.refund': { super_admin: 'yes', coordinator: 'no', finance: 'yes', event_lead: 'no' },
  'payments.export': { super_admin: 'yes', coordinator: 'no', finance: 'yes', event_lead: 'no' },
  'membership.settings': { super_admin: 'yes', coordinator: 'no', finance: 'no', event_lead: 'no' },
  'personalData.erase': { super_admin: 'yes', coordinator: 'yes', finance: 'no', event_lead: 'no' },
};

const ledEvent = { leadIds: ['lead-1', 'someone-else'] };
const otherEvent = { leadIds: ['someone-else'] };

describe('the console permission rules', () => {
  it('cover every action of the table and no other', () => {
    expect([...ACTIONS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const action of ACTIONS) {
    for (const role of ROLES) {
      const expected = EXPECTED[action][role];
      it(`${role} → ${action}: ${expected}`, () => {
        const actor = { id: 'lead-1', role };
        // The overloads of `can` are chosen by type; this table walks both kinds of action.
        const canAny = can as (
          who: typeof actor,
          what: typeof action,
          event?: { leadIds: readonly string[] },
        ) => boolean;
        if (expected === 'own events') {
          expect(isEventScoped(action)).toBe(true);
          expect(canAny(actor, action, ledEvent)).toBe(true);
          expect(canAny(actor, action, otherEvent)).toBe(false);
          // Without the event's leads, a scoped grant is refused rather than assumed.
          expect(canAny(actor, action)).toBe(false);
        } else {
          const allowed = expected === 'yes';
          expect(canAny(actor, action)).toBe(allowed);
          expect(canAny(actor, action, otherEvent)).toBe(allowed);
        }
      });
    }
  }

  it('show an event lead only the events they lead, and the others every event', () => {
    expect(eventsInView({ id: 'x', role: 'event_lead' })).toBe('led');
    expect(eventsInView({ id: 'x', role: 'coordinator' })).toBe('all');
    expect(eventsInView({ id: 'x', role: 'super_admin' })).toBe('all');
  });

  it('reach every event, an event lead’s own or none for the pages that gather many events', () => {
    expect(reachOf({ id: 'x', role: 'super_admin' }, 'numbers.read')).toBe('all');
    expect(reachOf({ id: 'x', role: 'coordinator' }, 'numbers.read')).toBe('all');
    expect(reachOf({ id: 'x', role: 'event_lead' }, 'numbers.read')).toBe('led');
    expect(reachOf({ id: 'x', role: 'finance' }, 'numbers.read')).toBe('none');
  });

  it('let an event lead upload the pictures of events and nothing else', () => {
    const lead = { id: 'x', role: 'event_lead' as const };
    const coordinator = { id: 'y', role: 'coordinator' as const };
    expect(canUpload(lead, 'poster')).toBe(true);
    expect(canUpload(lead, 'thumbnail')).toBe(true);
    for (const purpose of ['portrait', 'logo', 'gallery', 'hero', 'video']) {
      expect(canUpload(lead, purpose)).toBe(false);
      expect(canUpload(coordinator, purpose)).toBe(true);
    }
  });
});
