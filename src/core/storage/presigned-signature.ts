import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** RFC 3986 encoding as S3's signature version 4 wants it (everything but unreserved characters). */
const strict = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, '%20'));
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Why a presigned (query-signed, AWS signature version 4) request does not hold, or null when it
 * does: the signature recomputed with `secretKey` over the method, path, query and signed
 * headers, and the link's lifetime. The embedded S3 server (s3rver) checks expiry but not the
 * signature itself; this check stands in front of it (docs/storage.md).
 */
export function presignedRequestError(
  method: string,
  rawUrl: string,
  headers: Record<string, string | string[] | undefined>,
  secretKey: string,
  now = new Date(),
): string | null {
  const [rawPath, rawQuery = ''] = rawUrl.split('?', 2);
  let pairs: Array<[string, string]>;
  try {
    pairs = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return at < 0 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
      });
  } catch {
    return 'malformed query';
  }
  const query = new Map(pairs);
  const signature = query.get('X-Amz-Signature');
  const date = query.get('X-Amz-Date');
  const credential = query.get('X-Amz-Credential');
  const signedHeaders = query.get('X-Amz-SignedHeaders');
  const expires = Number(query.get('X-Amz-Expires'));
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !signature || !date || !credential || !signedHeaders)
    return 'incomplete signature';
  const signedAt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
  if (!signedAt || !Number.isInteger(expires) || expires < 1 || expires > 604800) return 'bad date or expiry';
  const [, y, mo, d, h, mi, s] = signedAt;
  const start = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  if (now.getTime() > start + expires * 1000) return 'expired';
  const scope = credential.split('/').slice(1);
  if (scope.length !== 4 || scope[3] !== 'aws4_request') return 'bad credential scope';
  const [day, region, service] = scope;

  let path: string;
  try {
    path = rawPath
      .split('/')
      .map((segment) => strict(decode(segment)))
      .join('/');
  } catch {
    return 'malformed path';
  }
  const canonicalQuery = pairs
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [strict(key), strict(value)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [method, path, canonicalQuery, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', date, scope.join('/'), sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretKey}`, day), region), service), 'aws4_request');
  const expected = Buffer.from(hmac(key, toSign).toString('hex'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'signature does not match';
}
