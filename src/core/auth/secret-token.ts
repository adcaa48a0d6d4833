import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets handed to clients: `<kind>_<32 random base62 chars><6-char CRC32 checksum>`.
 * The kind prefix tells a reader (and a secret scanner) what leaked; the checksum lets a
 * scanner, and the auth guard, reject a mistyped or made-up token without a database lookup.
 * Only the SHA-256 of a secret is stored: a fast hash is right for 190 bits of entropy.
 */
export const TOKEN_KINDS = {
  apiKey: 'bpk',
  session: 'bps',
  fingerprint: 'bpf',
  refresh: 'bpr',
  passwordReset: 'bpw',
} as const;

export type TokenKind = keyof typeof TOKEN_KINDS;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
/** Characters of a raw token shown in lists (`key_prefix`): the kind and 8 random characters. */
const PREFIX_LENGTH = 12;

export interface IssuedToken {
  raw: string;
  prefix: string;
  hash: string;
}

function base62(bytes: Buffer, length: number): string {
  let out = '';
  for (let i = 0; out.length < length; i++) {
    const byte = bytes[i % bytes.length];
    // Rejection sampling keeps every character equally likely (248 = 4 * 62).
    if (byte < 248) out += ALPHABET[byte % 62];
    if (i >= bytes.length - 1 && out.length < length) bytes = randomBytes(length);
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text)) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function checksumOf(body: string): string {
  let value = crc32(body);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = ALPHABET[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

export function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

export function issueToken(kind: TokenKind): IssuedToken {
  const body = `${TOKEN_KINDS[kind]}_${base62(randomBytes(BODY_LENGTH * 2), BODY_LENGTH)}`;
  const raw = body + checksumOf(body);
  return { raw, prefix: raw.slice(0, PREFIX_LENGTH), hash: hashToken(raw) };
}

/** The token's kind when it is well-formed with a valid checksum, else null. */
export function tokenKindOf(raw: string): TokenKind | null {
  const match = /^([a-z]{3})_[0-9A-Za-z]+$/.exec(raw);
  if (!match || raw.length !== 4 + BODY_LENGTH + CHECKSUM_LENGTH) return null;
  const kind = (Object.keys(TOKEN_KINDS) as TokenKind[]).find((k) => TOKEN_KINDS[k] === match[1]);
  if (!kind) return null;
  const body = raw.slice(0, -CHECKSUM_LENGTH);
  return checksumOf(body) === raw.slice(-CHECKSUM_LENGTH) ? kind : null;
}
