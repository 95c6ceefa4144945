/** Requests per principal: a token bucket (sustained rate, burst), in memory, per server process. */
export interface RateLimiter {
  /** 0 when the request may go on, else the seconds to wait */
  take(key: string): number;
}

export function tokenBucket(perSecond: number, burst: number, now: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key) {
      const t = now();
      const b = buckets.get(key) ?? { tokens: burst, at: t };
      b.tokens = Math.min(burst, b.tokens + ((t - b.at) / 1000) * perSecond);
      b.at = t;
      buckets.set(key, b);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - b.tokens) / perSecond));
    },
  };
}
