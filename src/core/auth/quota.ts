/** Epoch seconds of the next UTC midnight, when every key's daily quota starts again. */
export function nextUtcMidnight(now = new Date()): number {
  return Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000);
}

export interface QuotaHeaders {
  'X-RateLimit-Limit': string;
  'X-RateLimit-Remaining': string;
  'X-RateLimit-Reset': string;
}

export function quotaHeaders(limit: number, used: number, now = new Date()): QuotaHeaders {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, limit - used)),
    'X-RateLimit-Reset': String(nextUtcMidnight(now)),
  };
}

/** Seconds until the quota resets, at least 1. */
export function retryAfterSeconds(now = new Date()): number {
  return Math.max(1, nextUtcMidnight(now) - Math.floor(now.getTime() / 1000));
}
