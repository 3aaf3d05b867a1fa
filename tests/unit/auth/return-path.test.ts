import { describe, expect, it } from 'vitest';
import { pathWithQuery, safeReturnPath, signInPath } from '@/lib/auth/session';

describe('where the console goes after signing in', () => {
  it('back to the console page the visitor asked for', () => {
    expect(safeReturnPath('/admin/events/12')).toBe('/admin/events/12');
    expect(safeReturnPath('/admin/inbox?filter=unread')).toBe('/admin/inbox?filter=unread');
    expect(signInPath('/admin/events/12')).toBe('/admin/sign-in?next=%2Fadmin%2Fevents%2F12');
    expect(signInPath('/admin')).toBe('/admin/sign-in');
  });

  it('never to another site, nor back to the sign-in page', () => {
    for (const next of [
      'https://attacker.example/admin',
      '//attacker.example/admin',
      '/\\attacker.example',
      '/admin\\@attacker.example',
      '/administrator',
      '/events',
      '/admin/sign-in?next=/admin',
      '/admin /x',
      undefined,
      ['/admin/events'],
    ]) {
      expect(safeReturnPath(next), String(next)).toBe('/admin');
    }
  });
});

describe('a page path with its query', () => {
  it('keeps every value, encoded', () => {
    expect(pathWithQuery('/admin/audit', {})).toBe('/admin/audit');
    expect(pathWithQuery('/admin/audit', { q: 'a&b', person: ['1', '2'], none: undefined })).toBe(
      '/admin/audit?q=a%26b&person=1&person=2',
    );
  });
});
