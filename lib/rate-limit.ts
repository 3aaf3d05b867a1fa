/**
 * A small fixed-window rate limiter kept in the process's memory: at most `limit` hits per key in
 * each window of `windowMs`. With several app instances each counts on its own, so the effective
 * limit is per instance; that is enough for a courtesy limit on a form.
 */

export type RateLimitResult =
  { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export type RateLimiter = {
  readonly limit: number;
  readonly windowMs: number;
  hit: (key: string) => RateLimitResult;
  reset: () => void;
};

/** Keys kept before expired windows are swept, so memory stays bounded under a flood of keys. */
const SWEEP_THRESHOLD = 10_000;

export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  now?: () => number;
}): RateLimiter {
  const { limit, windowMs } = options;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();

  return {
    limit,
    windowMs,
    hit(key) {
      if (limit <= 0) return { ok: true, remaining: Number.POSITIVE_INFINITY };
      const time = now();
      if (windows.size >= SWEEP_THRESHOLD) {
        for (const [stored, window] of windows) {
          if (window.resetAt <= time) windows.delete(stored);
        }
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > limit) {
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)),
        };
      }
      return { ok: true, remaining: limit - window.count };
    },
    reset() {
      windows.clear();
    },
  };
}

/**
 * The client's address as the nearest proxy reports it: the last entry of X-Forwarded-For (a
 * reverse proxy appends the address it saw; Next.js sets it to the socket's address when absent),
 * else X-Real-IP. A client talking to the app directly can forge these headers, so the limit is a
 * courtesy against floods, not a security boundary.
 */
export function clientKey(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  const last = forwarded
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return last || request.headers.get('x-real-ip')?.trim() || 'unknown';
}
