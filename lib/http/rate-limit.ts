import { isIPv4, isIPv6 } from 'node:net';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address.mjs';

/**
 * A small fixed-window rate limiter kept in the process's memory: at most `limit` hits per key in
 * each window of `windowMs`. With several app instances each counts on its own, so the effective
 * limit is per instance; that is enough for a courtesy limit on a form.
 *
 * Every hit costs O(1), however many clients there are: a key's window is (re)inserted into the
 * Map when it starts, so the Map's order is the order in which windows end, and expired windows
 * are dropped from its front. At most `maxKeys` windows are tracked; past that the oldest window
 * is forgotten, which can only let that client in early, never lock anybody out.
 */

export type RateLimitResult =
  { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export type RateLimiter = {
  readonly limit: number;
  readonly windowMs: number;
  hit: (key: string) => RateLimitResult;
  /** What the next hit would answer, without counting one (a limit on failures only). */
  peek: (key: string) => RateLimitResult;
  /** How many client windows are tracked now. */
  readonly size: number;
  reset: () => void;
};

/** Client windows tracked at most (about 100 bytes each). */
export const DEFAULT_MAX_KEYS = 50_000;

export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
  now?: () => number;
}): RateLimiter {
  const { limit, windowMs } = options;
  const maxKeys = Math.max(1, options.maxKeys ?? DEFAULT_MAX_KEYS);
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();

  /** Drops expired windows from the front, and the oldest ones beyond maxKeys. */
  function evict(time: number) {
    for (const [key, window] of windows) {
      if (window.resetAt > time && windows.size <= maxKeys) break;
      windows.delete(key);
    }
  }

  return {
    limit,
    windowMs,
    hit(key) {
      if (limit <= 0) return { ok: true, remaining: Number.POSITIVE_INFINITY };
      const time = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        // Re-inserted, not updated in place: the Map's order must stay the windows' end order.
        windows.delete(key);
        window = { count: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      evict(time);
      window.count += 1;
      if (window.count > limit) {
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)),
        };
      }
      return { ok: true, remaining: limit - window.count };
    },
    peek(key) {
      if (limit <= 0) return { ok: true, remaining: Number.POSITIVE_INFINITY };
      const time = now();
      const window = windows.get(key);
      if (!window || window.resetAt <= time) return { ok: true, remaining: limit };
      if (window.count >= limit) {
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)),
        };
      }
      return { ok: true, remaining: limit - window.count };
    },
    get size() {
      return windows.size;
    },
    reset() {
      windows.clear();
    },
  };
}

/**
 * The key a client is counted under: its address as the server entry found it (see
 * clientAddress), never a header the client wrote itself.
 *
 * An IPv6 client is counted by its /64 network: one subscriber is usually given a whole /64, so
 * counting single addresses would give it billions of fresh limits.
 */
export function clientKey(request: Request): string {
  const address = clientAddress(request.headers);
  return address ? addressKey(address) : 'unknown';
}

/**
 * The client's address, or null: the `x-tcsa-client-address` header, which only the server entry
 * (scripts/serve.mjs, lib/http/client-address.mjs) writes, from the connection's own address or,
 * behind TRUSTED_PROXY_HOPS proxies, from the X-Forwarded-For entry the farthest of them
 * appended. A client's own copy of the header is deleted there, and X-Forwarded-For or
 * X-Real-IP are never read here: a client choosing its address would get a fresh limit with
 * every request. Without the entry (`next dev`) every client shares the key 'unknown'.
 */
export function clientAddress(headers: Headers): string | null {
  return headers.get(CLIENT_ADDRESS_HEADER)?.trim() || null;
}

/** An IPv4 address as it is; an IPv6 address as its /64 network (`2001:db8:1:2::/64`). */
export function addressKey(raw: string): string {
  // `[2001:db8::1]:443` and `2001:db8::1%eth0` name the same address.
  const address = raw.replace(/^\[([^\]]+)\](?::\d+)?$/, '$1').replace(/%.*$/, '');
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = expandIPv6(address);
  // An IPv4-mapped address (::ffff:1.2.3.4) is an IPv4 client.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  const network = groups.slice(0, 4).map((group) => group.toString(16));
  return `${network.join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with or without an embedded IPv4 tail). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}
