import { isIP } from 'node:net';

/**
 * Express's `trust proxy`: a hop count (the client address is the entry that many proxies in
 * from the right of X-Forwarded-For), or the addresses and ranges of the proxies. Never "all":
 * the leftmost entry is whatever the client wrote.
 */
export type TrustedProxies = number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
export const MAX_PROXY_HOPS = 10;

/**
 * `false` or unset: no proxy at all, loopback included (the socket's peer is the client, as the
 * throttles of CONTRACT 20 need: a local process cannot pose as many clients); `1`: one hop (an
 * ingress); `10.0.0.0/8, loopback`: those proxies.
 */
export function parseTrustedProxies(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false') return 0;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((entry) => entry.trim());
}

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry) || isIP(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  return rest.length === 0 && family !== 0 && /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

export function isTrustedProxies(value: unknown): value is TrustedProxies {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= MAX_PROXY_HOPS;
  return Array.isArray(value) && value.length > 0 && value.every((entry) => isAddressOrRange(entry));
}
