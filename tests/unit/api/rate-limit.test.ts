import { describe, expect, it } from 'vitest';
import { clientKey, createRateLimiter } from '@/lib/http/rate-limit';

describe('createRateLimiter', () => {
  it('allows `limit` hits per window and then says when to retry', () => {
    let time = 1_000_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => time });
    expect([1, 2, 3].map(() => limiter.hit('a').ok)).toEqual([true, true, true]);
    expect(limiter.hit('a')).toEqual({ ok: false, retryAfterSeconds: 60 });
    time += 45_500;
    expect(limiter.hit('a')).toEqual({ ok: false, retryAfterSeconds: 15 });
    expect(limiter.hit('b').ok).toBe(true);
    time += 15_000;
    expect(limiter.hit('a')).toEqual({ ok: true, remaining: 2 });
  });

  it('a limit of 0 turns it off', () => {
    const limiter = createRateLimiter({ limit: 0, windowMs: 1000 });
    for (let index = 0; index < 100; index += 1) expect(limiter.hit('a').ok).toBe(true);
  });

  it('sweeps expired windows so memory stays bounded', () => {
    let time = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 10, now: () => time });
    for (let index = 0; index < 20_000; index += 1) {
      limiter.hit(`k${index}`);
      time += 1;
    }
    expect(limiter.hit('k19999').ok).toBe(false);
    expect(limiter.size).toBeLessThanOrEqual(11);
  });

  it('tracks at most maxKeys clients under a flood of live windows, forgetting the oldest', () => {
    let time = 0;
    const limiter = createRateLimiter({
      limit: 1,
      windowMs: 60_000,
      maxKeys: 1000,
      now: () => time,
    });
    for (let index = 0; index < 10_000; index += 1) {
      expect(limiter.hit(`198.51.${index >> 8}.${index & 0xff}`).ok).toBe(true);
      time += 1;
    }
    expect(limiter.size).toBe(1000);
    // The newest clients are still counted; the oldest were forgotten (let in again).
    expect(limiter.hit(`198.51.${9999 >> 8}.${9999 & 0xff}`).ok).toBe(false);
    expect(limiter.hit('198.51.0.0').ok).toBe(true);
  });

  it('keeps counting a client whose window is live while others come and go', () => {
    let time = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 100, maxKeys: 100, now: () => time });
    limiter.hit('steady');
    for (let index = 0; index < 50; index += 1) {
      limiter.hit(`passer-${index}`);
      time += 1;
    }
    expect(limiter.hit('steady').ok).toBe(true);
    expect(limiter.hit('steady').ok).toBe(false);
    time += 100;
    expect(limiter.hit('steady')).toEqual({ ok: true, remaining: 1 });
  });
});

describe('clientKey', () => {
  const request = (headers: Record<string, string>) =>
    new Request('http://localhost/', { headers });
  it('reads the address the server entry set, never one the client could write', () => {
    expect(clientKey(request({ 'x-tcsa-client-address': '10.0.0.1' }))).toBe('10.0.0.1');
    expect(clientKey(request({ 'x-tcsa-client-address': '::1' }))).toBe('0:0:0:0::/64');
    // X-Forwarded-For and X-Real-IP are the client's to choose: a fresh value per request would
    // be a fresh limit per request.
    expect(clientKey(request({ 'x-forwarded-for': '1.2.3.4, 10.0.0.1' }))).toBe('unknown');
    expect(clientKey(request({ 'x-real-ip': '5.6.7.8' }))).toBe('unknown');
    expect(
      clientKey(request({ 'x-tcsa-client-address': '10.0.0.1', 'x-forwarded-for': '1.2.3.4' })),
    ).toBe('10.0.0.1');
    expect(clientKey(request({}))).toBe('unknown');
  });

  it('counts an IPv6 client by its /64 network, and an IPv4-mapped one as IPv4', () => {
    const key = (address: string) => clientKey(request({ 'x-tcsa-client-address': address }));
    expect(key('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(key('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(key('[2001:DB8:1:2::9]:443')).toBe('2001:db8:1:2::/64');
    expect(key('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(key('::1')).toBe('0:0:0:0::/64');
    expect(key('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(key('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
