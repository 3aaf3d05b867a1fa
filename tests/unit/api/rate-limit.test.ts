import { describe, expect, it } from 'vitest';
import { clientKey, createRateLimiter } from '@/lib/rate-limit';

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
  });
});

describe('clientKey', () => {
  const request = (headers: Record<string, string>) =>
    new Request('http://localhost/', { headers });
  it('uses the last X-Forwarded-For entry, then X-Real-IP', () => {
    expect(clientKey(request({ 'x-forwarded-for': '1.2.3.4, 10.0.0.1' }))).toBe('10.0.0.1');
    expect(clientKey(request({ 'x-forwarded-for': '::1' }))).toBe('::1');
    expect(clientKey(request({ 'x-real-ip': '5.6.7.8' }))).toBe('5.6.7.8');
    expect(clientKey(request({}))).toBe('unknown');
  });
});
