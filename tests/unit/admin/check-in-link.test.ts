import { describe, expect, it } from 'vitest';
import { registrationOfCheckInLink } from '@/lib/admin/check-in-link';
import { siteUrl } from '@/lib/env/public';
import { checkInUrl } from '@/lib/registrations/registration-emails';

/** The site's public address, and the address staff opened the door page on. */
const SITE = 'https://tcsa.example.org';
const OPENED_ON = 'http://127.0.0.1:4123';
const ORIGINS = [SITE, OPENED_ON];

describe('registrationOfCheckInLink: the codes the door scanner accepts', () => {
  it('reads the link the confirmation email encodes (checkInUrl), on the site’s address', () => {
    expect(registrationOfCheckInLink(checkInUrl(42), [siteUrl()])).toBe(42);
    expect(registrationOfCheckInLink(checkInUrl(987_654_321), [siteUrl()])).toBe(987_654_321);
  });

  it('accepts this site’s link on either of its addresses, with a query or spaces around it', () => {
    expect(registrationOfCheckInLink(`${SITE}/admin/check-in/7`, ORIGINS)).toBe(7);
    expect(registrationOfCheckInLink(`${OPENED_ON}/admin/check-in/7`, ORIGINS)).toBe(7);
    expect(registrationOfCheckInLink(`${SITE}/admin/check-in/7?from=email#top`, ORIGINS)).toBe(7);
    expect(registrationOfCheckInLink(` ${SITE}/admin/check-in/7\n`, ORIGINS)).toBe(7);
    // An origin is compared as the browser writes it: letter case and the default port aside.
    expect(
      registrationOfCheckInLink('HTTPS://TCSA.example.org:443/admin/check-in/7', ORIGINS),
    ).toBe(7);
    expect(registrationOfCheckInLink(`${SITE}/admin/check-in/7`, [`${SITE}/`])).toBe(7);
  });

  it('refuses another site’s link, even one with the same path', () => {
    for (const code of [
      'https://attacker.example/admin/check-in/7',
      'http://tcsa.example.org/admin/check-in/7',
      'https://tcsa.example.org:8443/admin/check-in/7',
      'https://tcsa.example.org.attacker.example/admin/check-in/7',
      'https://user:pass@tcsa.example.org/admin/check-in/7',
    ]) {
      expect(registrationOfCheckInLink(code, ORIGINS), code).toBeNull();
    }
  });

  it('refuses this site’s other links and what is not a link', () => {
    for (const code of [
      `${SITE}/events/7`,
      `${SITE}/admin/check-in/`,
      `${SITE}/admin/check-in/0`,
      `${SITE}/admin/check-in/-7`,
      `${SITE}/admin/check-in/7/`,
      `${SITE}/admin/check-in/7/edit`,
      `${SITE}/admin/check-in/7abc`,
      `${SITE}/admin/check-in/1234567890`,
      `${SITE}/admin/events/3/check-in`,
      `${SITE}/registrations/abc`,
      '7',
      '/admin/check-in/7',
      'TCSA-26-0001',
      'WIFI:S:club;T:WPA;P:secret;;',
      '',
    ]) {
      expect(registrationOfCheckInLink(code, ORIGINS), code).toBeNull();
    }
  });

  it('accepts nothing when no address is given, and ignores an address that is not one', () => {
    expect(registrationOfCheckInLink(`${SITE}/admin/check-in/7`, [])).toBeNull();
    expect(registrationOfCheckInLink(`${SITE}/admin/check-in/7`, ['not a url', SITE])).toBe(7);
  });
});
